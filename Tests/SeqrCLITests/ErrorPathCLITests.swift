import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Every bad input gets exactly one line on standard error and a non-zero exit status.
@Suite("seqr error paths")
struct ErrorPathCLITests {
    let directory: TemporaryDirectory
    let png: String

    init() throws {
        directory = try TemporaryDirectory()
        png = try SeqrBinary.goodCode(in: directory)
    }

    func expectOneLineFailure(_ arguments: [String], stdin: Data? = nil, mentioning fragment: String) throws {
        let result = try SeqrBinary.run(arguments, stdin: stdin)
        #expect(result.status != 0, "\(arguments) should fail")
        #expect(result.errorLines.count == 1, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
    }

    @Test("decode: missing, empty, truncated, non-image and code-less files")
    func decodeFailures() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: png))
        let empty = try directory.write(Data(), to: "empty.png")
        let truncated = try directory.write(good.prefix(good.count / 2), to: "truncated.png")
        let text = try directory.write(Data("not an image".utf8), to: "text.png")
        let blank = try directory.write(ImageCodec.png.encode(GrayImage(width: 300, height: 200, fill: 240)), to: "blank.png")
        try expectOneLineFailure(["decode", directory.file("nope.png")], mentioning: "no such file")
        try expectOneLineFailure(["decode", empty], mentioning: "the file is empty")
        try expectOneLineFailure(["decode", truncated], mentioning: "truncated or corrupt PNG")
        try expectOneLineFailure(["decode", text], mentioning: "not an image Seqr reads (PNG, JPEG, WebP, HEIC/HEIF, TIFF, BMP, GIF, SVG or PDF)")
        try expectOneLineFailure(["decode", blank], mentioning: "no QR code found")
        try expectOneLineFailure(["decode", directory.path], mentioning: "it is a directory")
    }

    @Test("encode: too much data names the capacity at the EC level")
    func tooMuchData() throws {
        try expectOneLineFailure(["encode", "--ec", "M"], stdin: Data(repeating: 0xAB, count: 2332), mentioning: "at most 2331 bytes at error correction M")
        try expectOneLineFailure(["encode", "--ec", "H", "--text", String(repeating: "z", count: 1274)], mentioning: "at most 1273 bytes at error correction H")
    }

    @Test("an argument the parser refuses is quoted escaped: an escape sequence in it never reaches the terminal")
    func refusedArgumentEscaped() throws {
        let result = try SeqrBinary.run(["encode", "--text", "a", "--split", "\u{1B}[31mred"])
        #expect(result.status == 64 && result.errorLines.count == 1, "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}") && result.stderr.contains("\\u{1B}[31mred"), "\(result.stderr)")
    }

    @Test("encode: conflicting, invalid or unusable options")
    func badOptions() throws {
        try expectOneLineFailure(["encode", "--text", "a", "--file", png], mentioning: "either --text or --file")
        try expectOneLineFailure(["encode", "--text", "a", "--min-version", "41"], mentioning: "--min-version")
        try expectOneLineFailure(["encode", "--text", "a", "--ec", "X"], mentioning: "--ec")
        try expectOneLineFailure(["encode", "--text", "a", "-o", directory.file("out.gif")], mentioning: "cannot tell the format")
        try expectOneLineFailure(["encode", "--file", directory.file("absent.bin")], mentioning: "no such file")
        try expectOneLineFailure(["encode", "--text", "a", "-o", directory.file("no/such/dir/x.png")], mentioning: "cannot write \(directory.file("no/such/dir/x.png")): no such directory")
    }

    @Test("file names are shown escaped: an escape sequence in a picture's name never reaches the terminal")
    func fileNamesEscaped() throws {
        let hostile = directory.file("code\u{1B}]0;owned\u{07}.png")
        try FileManager.default.copyItem(atPath: png, toPath: hostile)
        // Two pictures: each line starts with its file's name (standard output).
        let both = try SeqrBinary.run(["decode", hostile, png])
        #expect(both.status == 0, "\(both.stderr)")
        #expect(!both.stdoutText.contains("\u{1B}") && !both.stdoutText.contains("\u{07}"), "\(both.stdoutText)")
        #expect(both.stdoutText.contains("code\\u{1B}]0;owned\\u{7}.png: "), "\(both.stdoutText)")
        // A picture that cannot be read, and one that holds no code (standard error).
        let blank = directory.file("blank\u{1B}[2J.png")
        try ImageCodec.png.encode(GrayImage(width: 300, height: 200, fill: 240)).write(to: URL(fileURLWithPath: blank))
        for name in [directory.file("missing\u{1B}[31m.png"), blank] {
            let failed = try SeqrBinary.run(["decode", name])
            #expect(failed.status != 0)
            #expect(failed.errorLines.count == 1 && !failed.stderr.contains("\u{1B}"), "\(failed.stderr)")
            #expect(failed.stderr.contains("\\u{1B}["), "\(failed.stderr)")
        }
    }
}
