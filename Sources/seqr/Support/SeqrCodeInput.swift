import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

/// Writes a binary Seqr code as a QR image (PNG, SVG or PDF by extension), or, with a link
/// base, the code as a link (``SeqrCodeLink``), checked to fit a version-40 code first.
func writeCode(_ bytes: [UInt8], to path: String, overwrite: Bool = true, link: String? = nil) throws {
    try writeSymbol(codeSymbol(bytes, link: link), to: path, overwrite: overwrite)
}

/// The QR symbol of a Seqr code, raw or as a link.
func codeSymbol(_ bytes: [UInt8], link: String?) throws -> QRSymbol {
    let options = QREncodingOptions(errorCorrection: .M, segmentation: .binary)
    guard let link else { return try QREncoder.encode(Data(bytes), options: options) }
    return try QREncoder.encode(Data(try linkText(bytes, base: link).utf8), options: options)
}

/// The code as a link's text (``SeqrCodeLink``), refused when a version-40 code could not hold it:
/// printed or drawn, a link is one a phone can also scan.
func linkText(_ bytes: [UInt8], base: String) throws -> String {
    let text = try SeqrCodeLink(base: base, code: bytes).description
    let capacity = QRCapacity.capacity(version: 40, level: .M)
    guard text.utf8.count <= capacity else { throw ChannelError.linkTooLong(bytes: text.utf8.count, capacity: capacity) }
    return text
}

/// A QR symbol as PNG, SVG or PDF, by the file's extension.
func writeSymbol(_ symbol: QRSymbol, to path: String, overwrite: Bool = true) throws {
    let data: Data = switch URL(fileURLWithPath: path).pathExtension.lowercased() {
    case "svg": Data(symbol.svg().utf8)
    case "pdf": try symbol.pdfData()
    default: try symbol.pngData()
    }
    try FileWriter.write(data, to: path, overwrite: overwrite)
}

/// The payloads of the QR codes in a picture (a file, PDF pages, or "-" for standard input), or the bytes of a Seqr link, a "base64:…" or plain base64 argument.
func scannedPayloads(_ input: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws -> [[UInt8]] {
    if PictureInput.isPicture(input) {
        let symbols = try PictureInput.symbols(in: input, pixelLimit: pixelLimit)
        guard !symbols.isEmpty else { throw CLIError("\(input): no QR code found") }
        return symbols.map { [UInt8]($0.payload) }
    }
    if let link = try? SeqrCodeLink(parsing: input) { return [link.code] }
    let text = input.hasPrefix("base64:") ? String(input.dropFirst(7)) : input
    guard let data = Data(base64Encoded: text) else { throw CLIError("\(input): not an image file or a base64 code") }
    return [[UInt8](data)]
}

/// The first Seqr code in an image file or base64 argument that `pick` accepts. When none
/// does, the first Seqr code that could not be parsed says why; else one line names `what`.
func scannedSeqrCode<T>(in input: String, describing what: String, pixelLimit: Int = ImageCodec.defaultPixelLimit, _ pick: (SeqrCode) -> T?) throws -> T {
    var firstFailure: ChannelError?
    for payload in try scannedPayloads(input, pixelLimit: pixelLimit) {
        do {
            if let picked = pick(try SeqrCode(parsing: payload)) { return picked }
        } catch {
            firstFailure = firstFailure ?? error
        }
    }
    if let firstFailure { throw CLIError("\(input): \(firstFailure)") }
    throw CLIError("\(input): no Seqr \(what) code found")
}
