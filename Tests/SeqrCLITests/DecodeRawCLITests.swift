import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// `seqr decode --raw` with several codes writes each code's bytes followed by a separator, as
/// `zbarimg --raw` does; one code stays its exact bytes. Codes written by qrencode (8-bit mode).
@Suite("seqr decode --raw: several codes, each followed by a separator")
struct DecodeRawCLITests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    /// qrencode's 8-bit code of `text`, as NAME.png.
    func code(_ text: String, _ name: String) throws -> String {
        let path = directory.file(name + ".png")
        try ForeignImageFiles.runWithInput("qrencode", ["-8", "-o", path], stdin: Data(text.utf8))
        return path
    }

    /// The pictures side by side in one PNG (netpbm).
    func sideBySide(_ pictures: [String], _ name: String) throws -> String {
        let pnms = try pictures.enumerated().map { index, picture in
            let pnm = directory.file("\(name)-\(index).pnm")
            try ForeignImageFiles.run("pngtopnm", [picture]).stdout.write(to: URL(fileURLWithPath: pnm))
            return pnm
        }
        let row = directory.file(name + ".pnm"), png = directory.file(name + ".png")
        try ForeignImageFiles.run("pamcat", ["-leftright", "-white"] + pnms).stdout.write(to: URL(fileURLWithPath: row))
        try ForeignImageFiles.run("pnmtopng", [row]).stdout.write(to: URL(fileURLWithPath: png))
        return png
    }

    /// How the warning about a separator inside a payload ends: where exact bytes can be had.
    static let warningEnd = "; --raw-dir DIR writes each code's exact bytes to a file of its own"

    @Test("two codes in one picture: each code's bytes, then a line feed, in the order --json lists them")
    func twoInOnePicture() throws {
        let picture = try sideBySide([code("first code", "a"), code("second code", "b")], "both")
        let json = try SeqrBinary.run("decode", "--json", picture)
        let codes = try #require(((try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])?.first?["codes"] as? [[String: Any]]))
        let payloads = codes.compactMap { ($0["payloadBase64"] as? String).flatMap { Data(base64Encoded: $0) } }
        #expect(Set(payloads) == [Data("first code".utf8), Data("second code".utf8)], "\(json.stdoutText)")

        let raw = try SeqrBinary.run("decode", "--raw", "-", picture)
        #expect(raw.status == 0 && raw.stderr.isEmpty, "\(raw.stderr)")
        #expect(raw.stdout == payloads.reduce(Data()) { $0 + $1 + Data([0x0A]) })
    }

    @Test("two files to a file: the codes in the order of the files; an existing file needs --force")
    func twoFiles() throws {
        let (a, b) = (try code("first code", "a"), try code("second code", "b"))
        let out = directory.file("out.bin")
        let written = try SeqrBinary.run("decode", "--raw", out, a, b)
        #expect(written.status == 0 && written.stderr.isEmpty, "\(written.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("first code\nsecond code\n".utf8))

        let again = try SeqrBinary.run("decode", "--raw", out, b, a)
        #expect(again.status == 73 && again.errorLines.count == 1, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("first code\nsecond code\n".utf8))
        #expect(try SeqrBinary.run("decode", "--raw", out, "--force", b, a).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("second code\nfirst code\n".utf8))
    }

    @Test("--raw-separator: \\0 for xargs -0, \\r\\n, or literal text; a bad one is refused (64)")
    func separators() throws {
        let (a, b) = (try code("first code", "a"), try code("second code", "b"))
        let nul = try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "\\0", a, b)
        #expect(nul.status == 0 && nul.stderr.isEmpty, "\(nul.stderr)")
        #expect(nul.stdout == Data("first code\0second code\0".utf8))
        #expect(try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "\\r\\n", a, b).stdout == Data("first code\r\nsecond code\r\n".utf8))
        #expect(try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", " | ", a, b).stdout == Data("first code | second code | ".utf8))

        let unknown = try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "\\q", a, b)
        #expect(unknown.status == 64 && unknown.errorLines == ["seqr: --raw-separator: \\q is not an escape it reads (\\n, \\r, \\t, \\0, \\\\)"], "\(unknown.stderr)")
        let empty = try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "", a, b)
        #expect(empty.status == 64 && empty.errorLines.count == 1 && empty.stderr.contains("--raw-separator needs at least one byte"), "\(empty.stderr)")
        let alone = try SeqrBinary.run("decode", "--raw-separator", "\\0", a, b)
        #expect(alone.status == 64 && alone.errorLines == ["seqr: --raw-separator needs --raw"], "\(alone.stderr)")
        #expect(alone.stdout.isEmpty)
    }

    @Test("a payload holding the separator is written all the same, with one warning line naming its code")
    func separatorInPayload() throws {
        let (lines, b) = (try code("line one\nline two", "lines"), try code("second code", "b"))
        let warned = try SeqrBinary.run("decode", "--raw", "-", lines, b)
        #expect(warned.status == 0)
        #expect(warned.stdout == Data("line one\nline two\nsecond code\n".utf8))
        #expect(warned.stderr == "seqr: code 1 (\(lines)) holds the separator \\n in its own bytes, so where it ends cannot be told\(Self.warningEnd)\n")

        // Two such codes: still one line, naming both.
        let both = try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "e", lines, b)
        #expect(both.status == 0 && both.stdout == Data("line one\nline twoesecond codee".utf8))
        #expect(both.stderr == "seqr: codes 1 (\(lines)), 2 (\(b)) hold the separator e in their own bytes, so where each ends cannot be told\(Self.warningEnd)\n")

        // A separator the payloads do not hold: no warning.
        #expect(try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "\\0", lines, b).stderr.isEmpty)
    }

    @Test("one code, or one structured-append sequence joined across files: its exact bytes, nothing added, whatever the separator")
    func oneCodeUnchanged() throws {
        let a = try code("line one\nline two", "a")
        #expect(try SeqrBinary.run("decode", "--raw", "-", a).stdout == Data("line one\nline two".utf8))
        let chosen = try SeqrBinary.run("decode", "--raw", "-", "--raw-separator", "\\0", a)
        #expect(chosen.status == 0 && chosen.stderr.isEmpty, "\(chosen.stderr)")
        #expect(chosen.stdout == Data("line one\nline two".utf8))

        let text = "A text that qrencode splits over several version-1 QR symbols."
        try ForeignImageFiles.run("qrencode", ["-S", "-v", "1", "-l", "L", "-o", directory.file("part.png"), text])
        let parts = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("part-") }.sorted().map(directory.file)
        try #require(parts.count > 1)
        let joined = try SeqrBinary.run(["decode", "--raw", "-", "--raw-separator", "\\0"] + parts.reversed())
        #expect(joined.status == 0 && joined.stdout == Data(text.utf8), "\(joined.stderr)")
    }

    @Test("a picture without a code: the others' codes are written and the status is 65; no code at all writes nothing")
    func pictureWithoutCode() throws {
        let (a, b) = (try code("first code", "a"), try code("second code", "b"))
        let blank = try directory.write(ImageCodec.png.encode(GrayImage(width: 300, height: 200, fill: 240)), to: "blank.png")
        let out = directory.file("out.bin")
        let some = try SeqrBinary.run("decode", "--raw", out, a, blank, b)
        #expect(some.status == 65 && some.errorLines == ["seqr: \(blank): no QR code found"], "\(some.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data("first code\nsecond code\n".utf8))

        let none = try SeqrBinary.run("decode", "--raw", directory.file("none.bin"), blank)
        #expect(none.status == 65 && none.errorLines == ["seqr: \(blank): no QR code found"], "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("none.bin")))
    }
}
