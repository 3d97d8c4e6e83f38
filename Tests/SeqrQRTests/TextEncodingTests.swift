import Foundation
import SeqrCore
import SeqrQR
import SeqrTestSupport
import Testing

/// Payloads read as text the way the QR standard says, on codes written by other programs:
/// qrencode's Kanji mode (Shift_JIS by the mode) and segno's 8-bit codes in several encodings,
/// with an ECI designator (declared) or without (zxing-cpp's guess).
@Suite("Text in the encoding a code declares or holds")
struct TextEncodingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let text: String
        /// Python's codec name, for segno.
        let codec: String
        let eci: Bool
        let encoding: String
        let guessed: Bool
        var testDescription: String { "\(codec)\(eci ? " with ECI" : "")" }
    }

    static let segnoCases: [Case] = [
        Case(text: "日本語のテキスト", codec: "shift_jis", eci: true, encoding: "Shift_JIS", guessed: false),
        Case(text: "Zażółć gęślą jaźń", codec: "iso-8859-2", eci: true, encoding: "ISO-8859-2", guessed: false),
        Case(text: "Привет, мир", codec: "iso-8859-5", eci: true, encoding: "ISO-8859-5", guessed: false),
        // segno declares it with ECI 29, GB 2312 (of which GB 18030 is a superset).
        Case(text: "中文文本测试", codec: "gb18030", eci: true, encoding: "GB2312", guessed: false),
        Case(text: "한국어 텍스트", codec: "euc-kr", eci: true, encoding: "EUC-KR", guessed: false),
        Case(text: "UTF-16 ✓ テキスト", codec: "utf-16-be", eci: true, encoding: "UTF-16BE", guessed: false),
        Case(text: "Grüße ✓", codec: "utf-8", eci: true, encoding: "UTF-8", guessed: false),
        // Without ECI: zxing-cpp's detection among UTF-8, ISO-8859-1 and Shift_JIS.
        Case(text: "日本語のテキスト", codec: "shift_jis", eci: false, encoding: "Shift_JIS", guessed: true),
        Case(text: "Grüße aus Köln", codec: "iso-8859-1", eci: false, encoding: "ISO-8859-1", guessed: true),
        Case(text: "Grüße ✓", codec: "utf-8", eci: false, encoding: "UTF-8", guessed: true),
    ]

    /// A segno code's path and its payload bytes (segno prints them).
    static func segno(_ c: Case, in directory: TemporaryDirectory, name: String) throws -> (path: String, bytes: Data) {
        let path = directory.file(name)
        var arguments = [referenceScript("segno_encode.py"), path, c.text, c.codec]
        if c.eci { arguments.append("--eci") }
        let result = try ExternalTool.named("python3").run(arguments)
        try #require(result.status == 0, "segno: \(result.stderr)")
        let hex = Array(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        let bytes = stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
        return (path, Data(bytes))
    }

    static func referenceScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference").appendingPathComponent(name).path
    }

    @Test("segno's codes read as text in their encoding, the bytes exact", arguments: segnoCases)
    func segnoCode(_ c: Case) throws {
        let directory = try TemporaryDirectory()
        let (path, bytes) = try Self.segno(c, in: directory, name: "code.png")
        let symbol = try #require(try QRDecoder().decode(ImageFile.read(path)).first)
        #expect(symbol.payload == bytes)
        #expect(symbol.text == SymbolText(text: c.text, encoding: c.encoding, guessed: c.guessed))
        #expect(PayloadDisplay(symbol) == .text(c.text))
    }

    @Test("qrencode's Kanji mode reads as Shift_JIS, declared by the mode")
    func qrencodeKanji() throws {
        let directory = try TemporaryDirectory()
        let text = "漢字モードのテキスト"
        let shiftJIS = try #require(text.data(using: .shiftJIS))
        let path = directory.file("kanji.png")
        let result = try ExternalTool.named("qrencode").run(["-k", "-o", path], stdin: shiftJIS)
        try #require(result.status == 0, "qrencode: \(result.stderr)")
        let symbol = try #require(try QRDecoder().decode(ImageFile.read(path)).first)
        #expect(symbol.payload == shiftJIS)
        #expect(symbol.text == SymbolText(text: text, encoding: "Shift_JIS", guessed: false))
    }

    /// segno's code of `segments` (MODE:VALUE, see segno_segments.py), decoded, and its payload.
    static func segnoSegments(_ segments: [String], in directory: TemporaryDirectory) throws -> (symbol: DecodedSymbol, bytes: Data) {
        let path = directory.file("segments.png")
        let result = try ExternalTool.named("python3").run([referenceScript("segno_segments.py"), path] + segments)
        try #require(result.status == 0, "segno: \(result.stderr)")
        let hex = Array(result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).utf8)
        let bytes = Data(stride(from: 0, to: hex.count, by: 2).map { UInt8(String(decoding: hex[$0..<$0 + 2], as: UTF8.self), radix: 16)! })
        return (try #require(try QRDecoder().decode(ImageFile.read(path)).first), bytes)
    }

    /// zxing's real photo qrcode-2/33 holds `01 10 AD:SUB:` in byte mode, 阿 in Hanzi mode, then `;;`
    /// in byte mode: zxing-cpp calls it mixed (a block with C0 controls is binary to it), and its
    /// expected text holds the controls.
    @Test("text with control characters beside a Hanzi or Kanji segment is text (segno writes qrcode-2/33's segments)")
    func controlsBesideHanziOrKanji() throws {
        let directory = try TemporaryDirectory()
        let hanzi = try Self.segnoSegments(["byte:011041443a5355423a", "hanzi:阿", "byte:3b3b"], in: directory)
        #expect(hanzi.symbol.payload == hanzi.bytes && hanzi.bytes.base64EncodedString() == "ARBBRDpTVUI6sKI7Ow==")
        #expect(hanzi.symbol.text == SymbolText(text: "\u{1}\u{10}AD:SUB:阿;;", encoding: "GB18030", guessed: false))
        #expect(PayloadDisplay(hanzi.symbol) == .text("\u{1}\u{10}AD:SUB:阿;;"))
        let kanji = try Self.segnoSegments(["byte:0110", "alphanumeric:AD:SUB:", "kanji:漢", "byte:3b3b"], in: directory)
        #expect(kanji.symbol.text == SymbolText(text: "\u{1}\u{10}AD:SUB:漢;;", encoding: "Shift_JIS", guessed: false))
        // The same bytes in byte mode alone are one block with controls: binary.
        let byteMode = try #require(try QRDecoder().decode(QREncoder.encode(hanzi.bytes).rasterized(QRRenderStyle(scale: 4, margin: 4))).first)
        #expect(byteMode.payload == hanzi.bytes && byteMode.text == nil)
    }

    @Test("binary bytes around a numeric or alphanumeric segment stay binary: only Kanji and Hanzi modes declare text")
    func binaryBesideNumeric() throws {
        let directory = try TemporaryDirectory()
        for middle in ["numeric:123456", "alphanumeric:AB CD"] {
            let (symbol, bytes) = try Self.segnoSegments(["byte:00ff01", middle, "byte:021b"], in: directory)
            #expect(symbol.payload == bytes)
            #expect(symbol.encodingBlocks.blocks.count >= 2, "segno wrote segments: \(symbol.encodingBlocks)")
            #expect(symbol.text == nil, "\(middle)")
            #expect(PayloadDisplay(symbol) == .binary(base64: bytes.base64EncodedString()))
        }
    }

    @Test("ASCII is ASCII whatever reads it, and binary stays binary")
    func asciiAndBinary() throws {
        let ascii = try QRDecoder().decode(QREncoder.encode(text: "https://example.org/a?b=1").rasterized(QRRenderStyle(scale: 4, margin: 4)))
        #expect(ascii.first?.text == SymbolText(text: "https://example.org/a?b=1", encoding: "ASCII", guessed: false))
        let binary = Data((0..<64).map { UInt8($0 * 4) })
        let symbol = try #require(try QRDecoder().decode(QREncoder.encode(binary).rasterized(QRRenderStyle(scale: 4, margin: 4))).first)
        #expect(symbol.payload == binary)
        #expect(symbol.text == nil)
        #expect(PayloadDisplay(symbol) == .binary(base64: binary.base64EncodedString()))
    }

    @Test("a structured-append sequence joined by Seqr reads as text in its parts' declared encoding")
    func joinedSequenceKeepsECI() {
        let first = Data("日本".data(using: .shiftJIS)!), second = Data("語です".data(using: .shiftJIS)!)
        let blocks = TextEncodingBlocks(blocks: [.init(eci: 20, position: 0)], fromECI: true)
        let parity = (first + second).reduce(0, ^)
        let parts = [first, second].enumerated().map { index, payload in
            DecodedSymbol(payload: payload, corners: [PixelPoint(x: index * 10, y: 0)], version: 1, errorCorrection: .L, inverted: false,
                          sequence: StructuredAppend(index: index, count: 2, id: String(parity)), encodingBlocks: blocks)
        }
        let joined = parts.joiningStructuredAppend()
        #expect(joined.count == 1)
        #expect(joined.first?.text == SymbolText(text: "日本語です", encoding: "Shift_JIS", guessed: false))
    }

    @Test("hostile encoding blocks (out of order, past the payload, unknown or absurd ECIs) give no text and read nothing past the payload")
    func hostileEncodingBlocks() {
        func text(_ payload: String, _ blocks: [(Int32, Int)], fromECI: Bool = true) -> SymbolText? {
            DecodedSymbol(payload: Data(payload.utf8), corners: [], version: 1, errorCorrection: .L, inverted: false,
                          encodingBlocks: TextEncodingBlocks(blocks: blocks.map { .init(eci: $0.0, position: $0.1) }, fromECI: fromECI)).text
        }
        // Out of order: zxing-cpp would walk [6, 1), a range of negative length, far past the bytes.
        #expect(text("abcdefgh", [(26, 6), (3, 1)]) == nil)
        #expect(text("abcdefgh", [(-1, 6), (-1, 1)], fromECI: false) == nil)
        #expect(text("abcdefgh", [(26, 0), (26, 9)]) == nil)
        #expect(text("abcdefgh", [(26, -1)]) == nil)
        #expect(text("abcdefgh", [(Int32.max, 0)]) == nil)
        #expect(text("abcdefgh", [(Int32.min, 0)]) == nil)
        #expect(text("abcdefgh", [(899, 0)]) == nil)
        // In order, the same bytes read.
        #expect(text("abcdefgh", [(26, 1), (3, 6)]) == SymbolText(text: "abcdefgh", encoding: "ISO-8859-1, UTF-8", guessed: false))
        // A NUL makes zxing-cpp call the bytes binary; they are shown as Base64, none lost.
        let nul = DecodedSymbol(payload: Data("a\0b".utf8), corners: [], version: 1, errorCorrection: .L, inverted: false,
                                encodingBlocks: TextEncodingBlocks(blocks: [.init(eci: 26, position: 0)], fromECI: true))
        #expect(nul.text == nil)
        #expect(PayloadDisplay(nul) == .binary(base64: Data("a\0b".utf8).base64EncodedString()))
    }

    @Test("an ECI zxing-cpp counts as text but has no character set for (14, 19, 36–169) gives no text, not empty text (fuzz target text)",
          arguments: [Int32(14), 19, 40, 169])
    func eciWithoutCharacterSet(_ eci: Int32) {
        // The fuzzer's input: "Grüße" under ECI 40 was shown as "" — every byte lost from the display.
        let payload = Data("Grüße".utf8)
        let symbol = DecodedSymbol(payload: payload, corners: [], version: 1, errorCorrection: .L, inverted: false,
                                   encodingBlocks: TextEncodingBlocks(blocks: [.init(eci: eci, position: 0)], fromECI: true))
        #expect(symbol.text == nil)
        #expect(PayloadDisplay(symbol) == .binary(base64: payload.base64EncodedString()))
        // After a block in a character set, too.
        let mixed = DecodedSymbol(payload: Data("ab".utf8) + payload, corners: [], version: 1, errorCorrection: .L, inverted: false,
                                  encodingBlocks: TextEncodingBlocks(blocks: [.init(eci: 26, position: 0), .init(eci: eci, position: 2)], fromECI: true))
        #expect(mixed.text == nil)
    }
}
