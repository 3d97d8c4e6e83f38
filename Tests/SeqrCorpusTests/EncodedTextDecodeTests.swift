import Foundation
@testable import SeqrCorpus
import SeqrQR
import SeqrTestSupport
import Testing

/// Decode floors for text in the encodings the QR standard allows, on codes other programs wrote
/// (qrencode's Kanji mode, segno's ECI and 8-bit codes) photographed as the corpus's `photo` class
/// photographs its codes: tilted up to 30°, turned, blurred, unevenly lit, noisy, JPEG 60. A photo
/// counts when its text comes back in the right encoding; none may come back as other text. All 8
/// photos of each read today; the floors allow one less, as `DegradedDecodeTests` does.
@Suite("Decoding photographed codes in other encodings")
struct EncodedTextDecodeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let text: String
        /// Python's codec for segno, or nil for qrencode's Kanji mode.
        let codec: String?
        let eci: Bool
        let encoding: String
        /// Photos of this code (of `photos`) that must read.
        let floor: Int
        var testDescription: String { name }
    }

    static let photos = 8

    static let cases: [Case] = [
        Case(name: "Kanji mode (qrencode -k)", text: "漢字モードで書いた日本語のテキスト", codec: nil, eci: false, encoding: "Shift_JIS", floor: 7),
        Case(name: "Shift_JIS with ECI", text: "日本語のテキストと記号：〒", codec: "shift_jis", eci: true, encoding: "Shift_JIS", floor: 7),
        Case(name: "Shift_JIS without ECI (guessed)", text: "日本語のテキスト、カタカナ", codec: "shift_jis", eci: false, encoding: "Shift_JIS", floor: 7),
        Case(name: "ISO-8859-2 with ECI", text: "Zażółć gęślą jaźń, Příliš žluťoučký kůň", codec: "iso-8859-2", eci: true, encoding: "ISO-8859-2", floor: 7),
        Case(name: "ISO-8859-5 with ECI", text: "Съешь же ещё этих мягких булок", codec: "iso-8859-5", eci: true, encoding: "ISO-8859-5", floor: 7),
        Case(name: "GB 2312 with ECI", text: "中文文本测试，二维码", codec: "gb18030", eci: true, encoding: "GB2312", floor: 7),
        Case(name: "EUC-KR with ECI", text: "한국어 텍스트 시험", codec: "euc-kr", eci: true, encoding: "EUC-KR", floor: 7),
        Case(name: "UTF-16BE with ECI", text: "UTF-16 ✓ テキスト", codec: "utf-16-be", eci: true, encoding: "UTF-16BE", floor: 7),
    ]

    /// The code as the other program drew it (4 px a module, a 4-module quiet zone).
    static func code(_ c: Case, in directory: TemporaryDirectory) throws -> GrayImage {
        let path = directory.file("code.png")
        let result: ExternalTool.Outcome
        if let codec = c.codec {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Reference/segno_encode.py").path
            result = try ExternalTool.named("python3").run([script, path, c.text, codec] + (c.eci ? ["--eci"] : []))
        } else {
            result = try ExternalTool.named("qrencode").run(["-k", "-s", "4", "-o", path], stdin: c.text.data(using: .shiftJIS))
        }
        try #require(result.status == 0, "\(result.stderr)")
        return try ImageFile.read(path)
    }

    @Test("photographed, each code's text reads in its encoding at its floor, and never as other text", arguments: cases)
    func floor(_ c: Case) throws {
        let directory = try TemporaryDirectory()
        let code = try Self.code(c, in: directory)
        var g = SeededGenerator(seed: 0x7E47 &+ UInt64(c.text.utf8.count))
        var read = 0
        for _ in 0..<Self.photos {
            var canvas = GrayImage(width: 800, height: 600, fill: UInt8.random(in: 150...210, using: &g))
            let center = (400 + Double.random(in: -60...60, using: &g), 300 + Double.random(in: -40...40, using: &g))
            canvas = DegradedCorpus.place(code, on: canvas, center: center, angle: Double.random(in: 0..<360, using: &g), tilt: 30, jitter: 0.02, using: &g)
            canvas = ImageDistortion.blur(canvas, sigma: 4 * 0.3)
            canvas = ImageDistortion.shade(canvas, darkest: 0.45, angle: Double.random(in: 0..<360, using: &g))
            canvas = ImageDistortion.noise(canvas, deviation: 12, using: &g)
            let photo = try ImageFile.decode(try ImageCodec.jpeg.encode(canvas, quality: 60), path: "photo.jpg")
            let texts = try QRDecoder().decode(photo).map(\.text)
            #expect(texts.allSatisfy { $0?.text == c.text && $0?.encoding == c.encoding }, "\(c.name): \(texts)")
            if texts.contains(where: { $0?.text == c.text && $0?.encoding == c.encoding }) { read += 1 }
        }
        #expect(read >= c.floor, "\(c.name): \(read)/\(Self.photos) photos read, floor \(c.floor)")
    }
}
