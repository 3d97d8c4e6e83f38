import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Outputs Seqr would not read back (or viewers would not open) are refused with the limit stated;
/// images too large or in a colour space Seqr does not read get their own line, not "corrupt".
@Suite("seqr image sizes and colour spaces")
struct ImageSizeCLITests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    @Test("encode refuses a PNG seqr decode would refuse and a PDF page beyond 14,400 pt, naming the limit and the largest --scale")
    func oversizedOutputs() throws {
        let big = directory.file("big.png")
        let png = try SeqrBinary.run("encode", "--text", "hi", "--min-version", "40", "--scale", "100", "-o", big)
        #expect(png.status == 64)
        #expect(png.errorLines == ["seqr: a PNG of 18500×18500 pixels is larger than seqr decode reads (at most 200,000,000 pixels, 14,142 a side): use --scale 76 or less"], "\(png.stderr)")
        #expect(!FileManager.default.fileExists(atPath: big))

        let pdf = directory.file("big.pdf")
        let page = try SeqrBinary.run("encode", "--text", "hi", "--min-version", "40", "--scale", "100", "-o", pdf)
        #expect(page.status == 64)
        #expect(page.errorLines == ["seqr: a PDF page of 18500×18500 points is larger than PDF allows (at most 14,400 points a side): use --scale 77 or less"], "\(page.stderr)")
        #expect(!FileManager.default.fileExists(atPath: pdf))
        // The largest scale it names is accepted.
        #expect(try SeqrBinary.run("encode", "--text", "hi", "--min-version", "40", "--scale", "77", "-o", pdf).status == 0)
    }

    @Test("the PNG encoder itself refuses what the decoder would refuse")
    func encoderLimit() throws {
        let symbol = try QREncoder.encode(text: "hi", options: QREncodingOptions(minimumVersion: 40))
        let failure = #expect(throws: ImageCodec.Failure.self) { try symbol.pngData(QRRenderStyle(scale: 77, margin: 4)) }
        #expect(failure?.kind == .tooLarge(width: 14_245, height: 14_245))
        #expect(throws: PDFRenderingError.self) { try symbol.pdfData(QRRenderStyle(scale: 78, margin: 4)) }
    }

    @Test("decode: an image with more pixels than Seqr reads is 'too large', with its size and the limit")
    func tooLargeToRead() throws {
        // A valid PNG header declaring 20,000 × 20,000 one-bit gray pixels; the size is refused before any pixel is read.
        var ihdr = Data()
        for value in [UInt32(20_000), 20_000] { withUnsafeBytes(of: value.bigEndian) { ihdr.append(contentsOf: $0) } }
        ihdr.append(contentsOf: [1, 0, 0, 0, 0])
        let file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) + chunk("IHDR", ihdr) + chunk("IDAT", Data([0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])) + chunk("IEND", Data())
        let path = try directory.write(file, to: "huge.png")
        let result = try SeqrBinary.run("decode", path)
        #expect(result.status != 0)
        #expect(result.errorLines == ["seqr: \(path): the PNG image is too large to read (20000×20000 pixels; Seqr reads at most 50,000,000 pixels, or up to 200,000,000 with --max-pixels)"], "\(result.stderr)")
    }

    @Test("decode: a CMYK JPEG is named as such, not as corrupt")
    func cmykJPEG() throws {
        let path = try directory.write(Self.cmykJPEG, to: "cmyk.jpg")
        let result = try SeqrBinary.run("decode", path)
        #expect(result.status != 0)
        #expect(result.errorLines == ["seqr: \(path): the JPEG image is in the CMYK colour space, which Seqr does not read (save it as RGB or grayscale)"], "\(result.stderr)")
    }

    /// An 8×8 baseline JPEG with four components and an Adobe marker saying "no transform": CMYK, all
    /// blocks flat (one-code Huffman tables: DC difference 0, then end of block). Written by hand
    /// because neither PIL nor ImageMagick is on the test machines.
    static let cmykJPEG: Data = {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xEE, 0x00, 0x0E] + Array("Adobe".utf8) + [0x00, 0x64, 0x00, 0x00, 0x00, 0x00, 0x00]
        bytes += [0xFF, 0xDB, 0x00, 0x43, 0x00] + [UInt8](repeating: 1, count: 64)
        bytes += [0xFF, 0xC0, 0x00, 0x14, 0x08, 0x00, 0x08, 0x00, 0x08, 0x04]
        for component: UInt8 in 1...4 { bytes += [component, 0x11, 0x00] }
        let oneCode: [UInt8] = [0x01] + [UInt8](repeating: 0, count: 15) + [0x00]
        bytes += [0xFF, 0xC4, 0x00, 0x26, 0x00] + oneCode + [0x10] + oneCode
        bytes += [0xFF, 0xDA, 0x00, 0x0E, 0x04]
        for component: UInt8 in 1...4 { bytes += [component, 0x00] }
        bytes += [0x00, 0x3F, 0x00]
        bytes += [0x00, 0xFF, 0xD9]
        return Data(bytes)
    }()

    /// A PNG chunk: length, type, data, CRC-32 of type and data.
    func chunk(_ type: String, _ data: Data) -> Data {
        var out = Data()
        withUnsafeBytes(of: UInt32(data.count).bigEndian) { out.append(contentsOf: $0) }
        let body = Data(type.utf8) + data
        out += body
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        withUnsafeBytes(of: (~crc).bigEndian) { out.append(contentsOf: $0) }
        return out
    }
}
