import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// `seqr encode --split` and colours, read back by `seqr decode` and zbarimg.
@Suite("seqr encode: --split sequences and colours")
struct EncodeSequenceCLITests {
    @Test("--split 3: a payload too large for one code becomes three files that decode joins byte for byte")
    func splitRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let payload = Data((0..<4000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 / 13) })
        let file = try directory.write(payload, to: "big.bin")
        let one = try SeqrBinary.run("encode", "--file", file, "--ec", "M", "-o", directory.file("one.png"))
        #expect(one.status == 65 && one.stderr.contains("too much data for one QR code"), "\(one.stderr)")

        let split = try SeqrBinary.run("encode", "--file", file, "--ec", "M", "--split", "3", "-o", directory.file("big.png"), "--json")
        #expect(split.status == 0, "\(split.stderr)")
        let parts = (1...3).map { directory.file("big-0\($0).png") }
        let summaries = try #require(try JSONSerialization.jsonObject(with: split.stdout) as? [[String: Any]])
        #expect(summaries.map { $0["output"] as? String } == parts)
        #expect(summaries.compactMap { $0["payloadBytes"] as? Int }.reduce(0, +) == payload.count)

        let raw = directory.file("joined.bin")
        let decoded = try SeqrBinary.run(["decode", "--raw", raw] + parts.reversed())
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)) == payload)
        // Each file alone is a part, said so.
        let json = try SeqrBinary.run("decode", "--json", parts[1])
        let code = try #require(((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])?.first)
        #expect((code["sequence"] as? [String: Any])?["part"] as? Int == 2 && (code["sequence"] as? [String: Any])?["of"] as? Int == 3)
    }

    @Test("--split text as SVG joins to the text")
    func splitText() throws {
        let directory = try TemporaryDirectory()
        let text = String(repeating: "Structured append, split by Seqr. ", count: 12)
        #expect(try SeqrBinary.run("encode", "--text", text, "--split", "2", "-o", directory.file("t.svg")).status == 0)
        let decoded = try SeqrBinary.run("decode", directory.file("t-01.svg"), directory.file("t-02.svg"))
        #expect(decoded.status == 0, "\(decoded.stderr)")
        #expect(decoded.stdoutText == "\(directory.file("t-01.svg")): \(text)\n", "\(decoded.stdoutText)")
    }

    @Test("--split refuses what it cannot do, in one line")
    func splitRefusals() throws {
        let directory = try TemporaryDirectory()
        let usage: [[String]] = [
            ["encode", "--text", "abc", "--split", "1", "-o", directory.file("a.png")],
            ["encode", "--text", "abc", "--split", "17", "-o", directory.file("a.png")],
            ["encode", "--text", "abc", "--split", "2"],
            ["encode", "--text", "abc", "--split", "2", "--micro", "-o", directory.file("a.png")],
        ]
        for arguments in usage {
            let result = try SeqrBinary.run(arguments)
            #expect(result.status == 64 && result.errorLines.count == 1, "\(arguments): \(result.stderr)")
        }
        let short = try SeqrBinary.run("encode", "--text", "ab", "--split", "3", "-o", directory.file("s.png"))
        #expect(short.status == 65 && short.stderr.contains("2 bytes cannot be split over 3 QR codes"), "\(short.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("s-01.png")))
    }

    @Test("colours: PNG, SVG and PDF in the colours asked, read by Seqr and zbarimg; too little contrast is refused")
    func colours() throws {
        let directory = try TemporaryDirectory()
        for name in ["c.png", "c.svg", "c.pdf"] {
            let path = directory.file(name)
            let made = try SeqrBinary.run("encode", "--text", "in colour", "--foreground", "#1a237e", "--background", "#FFF8E1", "-o", path)
            #expect(made.status == 0, "\(made.stderr)")
            #expect(try SeqrBinary.run("decode", path).stdoutText == "in colour\n", "\(name)")
        }
        #expect(try String(contentsOfFile: directory.file("c.svg"), encoding: .utf8).contains("fill=\"#1a237e\""))
        let zbar = try ExternalTool.named("zbarimg").run(["-q", "--raw", directory.file("c.png")])
        #expect(zbar.stdoutText == "in colour\n")

        let faint = try SeqrBinary.run("encode", "--text", "x", "--foreground", "#777777", "--background", "#999999", "-o", directory.file("f.png"))
        #expect(faint.status == 64 && faint.errorLines.count == 1, "\(faint.stderr)")
        #expect(faint.stderr.contains("contrast of 1.6:1, too low to scan (at least 3:1)"), "\(faint.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("f.png")))
        #expect(try SeqrBinary.run("encode", "--text", "x", "--foreground", "navy", "-o", directory.file("g.png")).status == 64)
        #expect(try SeqrBinary.run("encode", "--text", "x", "--foreground", "#000080", "--format", "text").status == 64)
    }

    @Test("light on dark is written, read by Seqr, and warned of: zbarimg (like many phone cameras) does not read it")
    func lightOnDark() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("inverted.png")
        let made = try SeqrBinary.run("encode", "--text", "inverted", "--foreground", "#FFFFFF", "--background", "#000000", "-o", path)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.errorLines.first == "seqr: --foreground #ffffff is lighter than --background #000000: a light-on-dark code, which many scanners do not read", "\(made.stderr)")
        #expect(try SeqrBinary.run("decode", path).stdoutText == "inverted\n")
        #expect(try ExternalTool.named("zbarimg").run(["-q", "--raw", path]).stdoutText == "")
        let usual = try SeqrBinary.run("encode", "--text", "x", "--foreground", "#1a237e", "-o", directory.file("u.png"))
        #expect(usual.status == 0 && !usual.stderr.contains("lighter"), "\(usual.stderr)")
    }

    @Test("a colour that is not one is named escaped in one line: an escape sequence in it never reaches the terminal")
    func colourNamedEscaped() throws {
        let directory = try TemporaryDirectory()
        let result = try SeqrBinary.run("encode", "--text", "x", "--foreground", "#12\u{1B}[2J\nfake line", "-o", directory.file("e.png"))
        #expect(result.status == 64 && result.errorLines.count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "\(result.stderr)")
        #expect(result.stderr.contains(#"not '#12\u{1B}[2J\u{A}fake line'"#), "\(result.stderr)")
    }
}
