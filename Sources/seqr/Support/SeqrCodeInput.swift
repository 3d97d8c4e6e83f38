import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

/// Writes a binary Seqr code as a QR image (PNG, SVG or PDF by extension).
func writeCode(_ bytes: [UInt8], to path: String, overwrite: Bool = true) throws {
    try writeSymbol(QREncoder.encode(Data(bytes), options: QREncodingOptions(errorCorrection: .M, segmentation: .binary)), to: path, overwrite: overwrite)
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

/// The payloads of the QR codes in a picture (a file, PDF pages, or "-" for standard input), or the bytes of a "base64:…" / plain base64 argument.
func scannedPayloads(_ input: String) throws -> [[UInt8]] {
    if PictureInput.isPicture(input) {
        let symbols = try PictureInput.symbols(in: input)
        guard !symbols.isEmpty else { throw CLIError("\(input): no QR code found") }
        return symbols.map { [UInt8]($0.payload) }
    }
    let text = input.hasPrefix("base64:") ? String(input.dropFirst(7)) : input
    guard let data = Data(base64Encoded: text) else { throw CLIError("\(input): not an image file or a base64 code") }
    return [[UInt8](data)]
}

/// The first Seqr code in an image file or base64 argument that `pick` accepts. When none
/// does, the first Seqr code that could not be parsed says why; else one line names `what`.
func scannedSeqrCode<T>(in input: String, describing what: String, _ pick: (SeqrCode) -> T?) throws -> T {
    var firstFailure: ChannelError?
    for payload in try scannedPayloads(input) {
        do {
            if let picked = pick(try SeqrCode(parsing: payload)) { return picked }
        } catch {
            firstFailure = firstFailure ?? error
        }
    }
    if let firstFailure { throw CLIError("\(input): \(firstFailure)") }
    throw CLIError("\(input): no Seqr \(what) code found")
}
