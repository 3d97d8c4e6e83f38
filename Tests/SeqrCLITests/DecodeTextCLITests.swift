import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// What `seqr decode` gives for codes written by other programs: text in the encoding the code
/// declares or holds, SVG files, and one raw file per code.
@Suite("seqr decode: text in a code's encoding, SVG, --raw-dir")
struct DecodeTextCLITests {
    static let kanji = "漢字モードのテキスト"

    /// qrencode's Kanji-mode code of `kanji`, and its Shift_JIS bytes.
    static func kanjiCode(in directory: TemporaryDirectory) throws -> (path: String, bytes: Data) {
        let shiftJIS = try #require(kanji.data(using: .shiftJIS))
        let path = directory.file("kanji.png")
        let made = try ExternalTool.named("qrencode").run(["-k", "-o", path], stdin: shiftJIS)
        try #require(made.status == 0, "qrencode: \(made.stderr)")
        return (path, shiftJIS)
    }

    @Test("a Kanji-mode code prints as its text; --json says Shift_JIS, declared; --raw and payloadBase64 stay the bytes")
    func kanjiMode() throws {
        let directory = try TemporaryDirectory()
        let (png, shiftJIS) = try Self.kanjiCode(in: directory)
        let shown = try SeqrBinary.run("decode", png)
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdoutText == Self.kanji + "\n")

        let json = try SeqrBinary.run("decode", "--json", png)
        let code = try #require(((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])?.first)
        #expect(code["text"] as? String == Self.kanji)
        #expect(code["encoding"] as? String == "Shift_JIS")
        #expect(code["encodingGuessed"] as? Bool == false)
        #expect(code["payloadBase64"] as? String == shiftJIS.base64EncodedString())

        #expect(try SeqrBinary.run("decode", "--raw", "-", png).stdout == shiftJIS)
    }

    @Test("segno's ISO-8859-2 code with ECI: text, encoding declared; scan shows the same text")
    func eciAndScan() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("latin2.png")
        let text = "Zażółć gęślą jaźń"
        let made = try ExternalTool.named("python3").run([Self.referenceScript("segno_encode.py"), png, text, "iso-8859-2", "--eci"])
        try #require(made.status == 0, "segno: \(made.stderr)")
        let json = try SeqrBinary.run("decode", "--json", png)
        let code = try #require(((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])?.first)
        #expect(code["text"] as? String == text && code["encoding"] as? String == "ISO-8859-2" && code["encodingGuessed"] as? Bool == false, "\(code)")
        #expect(code["payloadBase64"] as? String == Data(made.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).hexBytes).base64EncodedString())

        let scanned = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), png)
        let finding = try #require((try JSONSerialization.jsonObject(with: scanned.stdout) as? [[String: Any]])?.first, "\(scanned.stdoutText)")
        #expect(finding["kind"] as? String == "text" && finding["content"] as? String == text, "\(finding)")
    }

    @Test("text from a code is escaped before the terminal, whatever its encoding")
    func escaped() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("bidi.png")
        // U+202E (right-to-left override) in UTF-16: zxing-cpp finds it text, the terminal must not reorder.
        let made = try ExternalTool.named("python3").run([Self.referenceScript("segno_encode.py"), png, "a\u{202E}gpj.exe", "utf-16-be", "--eci"])
        try #require(made.status == 0, "segno: \(made.stderr)")
        let shown = try SeqrBinary.run("decode", png)
        #expect(shown.stdoutText == "a\\u{202E}gpj.exe\n")
    }

    @Test("control characters beside a Hanzi segment (zxing's qrcode-2/33): --json text keeps them, the terminal shows them escaped")
    func controlsBesideHanzi() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("mixed.png")
        // segno writes the segments of zxing's photo qrcode-2/33: byte mode, Hanzi mode, byte mode.
        let made = try ExternalTool.named("python3").run([Self.referenceScript("segno_segments.py"), png, "byte:011041443a5355423a", "hanzi:阿", "byte:3b3b"])
        try #require(made.status == 0, "segno: \(made.stderr)")
        let bytes = Data(made.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).hexBytes)
        #expect(try SeqrBinary.run("decode", png).stdoutText == "\\u{1}\\u{10}AD:SUB:阿;;\n")
        let json = try SeqrBinary.run("decode", "--json", png)
        #expect(json.stdoutText.contains(#""text" : "\u0001\u0010AD:SUB:阿;;""#), "\(json.stdoutText)")
        let code = try #require(((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])?.first)
        #expect(code["encoding"] as? String == "GB18030" && code["payloadBase64"] as? String == bytes.base64EncodedString(), "\(code)")
        #expect(try SeqrBinary.run("decode", "--raw", "-", png).stdout == bytes)
    }

    @Test("an SVG seqr encode wrote decodes; a broken one is one line, 65")
    func svg() throws {
        let directory = try TemporaryDirectory()
        let svg = directory.file("code.svg")
        #expect(try SeqrBinary.run("encode", "--text", "from an SVG", "-o", svg).status == 0)
        let decoded = try SeqrBinary.run("decode", svg)
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdoutText == "from an SVG\n")
        let small = directory.file("small.svg")
        #expect(try SeqrBinary.run("encode", "--text", "tiny", "--scale", "1", "-o", small).status == 0)
        #expect(try SeqrBinary.run("decode", small).stdoutText == "tiny\n")

        let broken = try directory.write(Data("<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8), to: "broken.svg")
        let refused = try SeqrBinary.run("decode", broken)
        #expect(refused.status == 65)
        #expect(refused.errorLines.count == 1 && refused.stderr.contains("\(broken): truncated or corrupt SVG image"), "\(refused.stderr)")
    }

    @Test("--raw-dir writes each code's bytes to a file of its own, byte for byte")
    func rawDirectory() throws {
        let directory = try TemporaryDirectory()
        let (kanji, shiftJIS) = try Self.kanjiCode(in: directory)
        let binary = Data((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 1) })
        let other = directory.file("binary.png")
        #expect(try SeqrBinary.run(["encode", "-o", other], stdin: binary).status == 0)
        let out = directory.file("raw")
        let written = try SeqrBinary.run("decode", "--raw-dir", out, kanji, other)
        #expect(written.status == 0, "\(written.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/1.bin")) == shiftJIS)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/2.bin")) == binary)
        // The files exist now: a second run refuses, and writes nothing, unless --force.
        let again = try SeqrBinary.run("decode", "--raw-dir", out, other, kanji)
        #expect(again.status == 73 && again.errorLines.count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/1.bin")) == shiftJIS)
        #expect(try SeqrBinary.run("decode", "--raw-dir", out, "--force", other, kanji).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/1.bin")) == binary)
        #expect(try SeqrBinary.run("decode", "--raw-dir", out, "--json", kanji).status == 64)
        // An empty name is a usage error that says so (it was "a file of that name is in the way", 73).
        let empty = try SeqrBinary.run("decode", "--raw-dir", "", kanji)
        #expect(empty.status == 64 && empty.errorLines == ["seqr: --raw-dir needs a folder name"], "\(empty.stderr)")
    }

    static func referenceScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference").appendingPathComponent(name).path
    }
}

extension String {
    /// The bytes a hex string spells.
    var hexBytes: [UInt8] {
        let digits = Array(utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).compactMap { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16) }
    }
}
