import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Seqr against the reference tools: codes made by qrencode decode in Seqr, and codes
/// made by Seqr decode in zbarimg.
@Suite("Interoperability with qrencode and zbarimg")
struct InteroperabilityTests {
    static let texts = ["https://example.org/seqr?x=1", "0123456789012345678901234567890", "Seqr interop: ünïcödé ✓", String(repeating: "long line ", count: 80)]

    @Test("qrencode's PNGs decode in Seqr", arguments: ["L", "M", "Q", "H"])
    func qrencodeToSeqr(level: String) throws {
        let directory = try TemporaryDirectory()
        let qrencode = try ExternalTool.named("qrencode")
        for (index, text) in Self.texts.enumerated() {
            let path = directory.file("q\(index).png")
            let result = try qrencode.run(["-l", level, "-o", path], stdin: Data(text.utf8))
            try #require(result.status == 0, "qrencode: \(result.stderr)")
            let decoded = try QRDecoder().decode(ImageFile.read(path))
            #expect(decoded.map(\.payload) == [Data(text.utf8)])
            #expect(decoded.first?.errorCorrection?.rawValue == level)
        }
    }

    @Test("qrencode's 8-bit binary codes decode byte for byte")
    func qrencodeBinary() throws {
        let directory = try TemporaryDirectory()
        let payload = Data((0..<256).map { UInt8($0) })
        let path = directory.file("binary.png")
        let result = try ExternalTool.named("qrencode").run(["-8", "-o", path], stdin: payload)
        try #require(result.status == 0, "qrencode: \(result.stderr)")
        #expect(try QRDecoder().decode(ImageFile.read(path)).map(\.payload) == [payload])
    }

    @Test("Seqr's PNGs decode in zbarimg")
    func seqrToZbar() throws {
        let directory = try TemporaryDirectory()
        let zbarimg = try ExternalTool.named("zbarimg")
        for (index, text) in Self.texts.enumerated() {
            let path = try directory.write(QREncoder.encode(text: text).pngData(), to: "s\(index).png")
            let result = try zbarimg.run(["-q", "--raw", path])
            try #require(result.status == 0, "zbarimg: \(result.stderr)")
            #expect(result.stdoutText == text + "\n")
        }
    }
}
