import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("seqr encode and decode")
struct EncodeDecodeCLITests {
    @Test("text → PNG file → decode prints the text")
    func textRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("hello.png")
        let encoded = try SeqrBinary.run("encode", "--text", "hello from the CLI", "-o", png)
        #expect(encoded.status == 0)
        #expect(encoded.stderr.contains("wrote \(png): version"))
        let decoded = try SeqrBinary.run("decode", png)
        #expect(decoded.status == 0)
        #expect(decoded.stdoutText == "hello from the CLI\n")
    }

    @Test("binary on standard input → PNG on standard output → --raw gives the same bytes")
    func binaryThroughPipes() throws {
        let directory = try TemporaryDirectory()
        let payload = Data((0..<777).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) })
        let encoded = try SeqrBinary.run("encode", "--ec", "h", stdin: payload)
        #expect(encoded.status == 0)
        #expect(ImageCodec.sniff(encoded.stdout) == .png, "not a TTY, so PNG bytes on stdout")
        let png = try directory.write(encoded.stdout, to: "binary.png")
        let raw = directory.file("restored.bin")
        #expect(try SeqrBinary.run("decode", "--raw", raw, png).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)) == payload)
        let shown = try SeqrBinary.run("decode", png)
        #expect(shown.stdoutText == "base64:" + payload.base64EncodedString() + "\n")
        let toStdout = try SeqrBinary.run("decode", "--raw", "-", png)
        #expect(toStdout.stdout == payload)
    }

    @Test("--file, by extension: SVG and PDF; --format overrides the extension")
    func formats() throws {
        let directory = try TemporaryDirectory()
        let input = try directory.write(Data("format test".utf8), to: "in.txt")
        #expect(try SeqrBinary.run("encode", "--file", input, "-o", directory.file("a.svg")).status == 0)
        #expect(try String(contentsOfFile: directory.file("a.svg"), encoding: .utf8).contains("<svg"))
        #expect(try SeqrBinary.run("encode", "--file", input, "-o", directory.file("a.pdf")).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("a.pdf"))).prefix(5) == Data("%PDF-".utf8))
        #expect(try SeqrBinary.run("encode", "--file", input, "--format", "svg", "-o", directory.file("b.png")).status == 0)
        #expect(try String(contentsOfFile: directory.file("b.png"), encoding: .utf8).contains("<svg"))
        let text = try SeqrBinary.run("encode", "--text", "x", "--format", "text")
        #expect(text.stdoutText.contains("█"))
    }

    @Test("--json describes each code: payload, version, EC level, corners")
    func json() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("j.png")
        let encoded = try SeqrBinary.run("encode", "--text", "json please", "--ec", "Q", "--min-version", "5", "-o", png, "--json")
        let summary = try JSONSerialization.jsonObject(with: encoded.stdout) as? [String: Any]
        #expect(summary?["version"] as? Int == 5 && summary?["errorCorrection"] as? String == "Q")
        let decoded = try SeqrBinary.run("decode", "--json", png)
        let images = try #require(try JSONSerialization.jsonObject(with: decoded.stdout) as? [[String: Any]])
        let code = try #require((images.first?["codes"] as? [[String: Any]])?.first)
        #expect(code["payloadBase64"] as? String == Data("json please".utf8).base64EncodedString())
        #expect(code["text"] as? String == "json please")
        #expect(code["version"] as? Int == 5)
        #expect(code["errorCorrection"] as? String == "Q")
        #expect((code["corners"] as? [[String: Int]])?.count == 4)
    }

    @Test("several images: each line names its file; a bad one is reported and the rest still decode")
    func severalImages() throws {
        let directory = try TemporaryDirectory()
        let a = directory.file("a.png"), b = directory.file("b.png"), missing = directory.file("missing.png")
        _ = try SeqrBinary.run("encode", "--text", "first", "-o", a)
        _ = try SeqrBinary.run("encode", "--text", "second", "-o", b)
        let result = try SeqrBinary.run("decode", a, missing, b)
        #expect(result.status == 66)
        #expect(result.stdoutText == "\(a): first\n\(b): second\n")
        #expect(result.errorLines == ["seqr: \(missing): no such file"])
    }

    @Test("--help documents the options")
    func help() throws {
        let encode = try SeqrBinary.run("encode", "--help")
        for option in ["--text", "--file", "--ec", "--min-version", "--margin", "--scale", "--format", "--output"] {
            #expect(encode.stdoutText.contains(option), "encode --help lacks \(option)")
        }
        let decode = try SeqrBinary.run("decode", "--help")
        for option in ["--json", "--raw", "--thorough"] { #expect(decode.stdoutText.contains(option)) }
    }
}
