import ArgumentParser
@testable import SeqrCLISupport
import SeqrCorpus
import Testing

@testable import seqr

/// `seqr decode`'s quick parser (DecodeOptions+QuickParsing.swift) skips ArgumentParser for the
/// usual forms; it must never read arguments differently. Wherever it gives options, ArgumentParser,
/// parsing as `seqr` does, gives the same; everything else is left to ArgumentParser.
@Suite("seqr decode's quick parser: ArgumentParser's options, or none")
struct DecodeQuickParsingTests {
    /// Words of decode's command lines, valid and not: names, values, attached values, stray dashes.
    static let words = [
        "a.png", "b.jpg", "-", "--", "-x", "-h", "--help", "--version", "--json", "--json=yes", "--jsonx", "--force",
        "--thorough", "--raw", "--raw=out.bin", "--raw=-", "--raw=", "out.bin", "--raw-dir", "--raw-dir=d",
        "--raw-separator", "--raw-separator=\\0", "\\r\\n", "\\q", "--formats", "--formats=all", "qr,ean13", "nope",
        "--max-pixels", "--max-pixels=1000", "1000", "0", "-5", "--max-pixels=-5", "x=y",
    ]

    /// How `seqr` itself parses `decode ARGUMENTS` (SeqrCommand.main's fallback): nil when it refuses them.
    static func argumentParser(_ arguments: [String]) -> DecodeOptions? {
        let command = try? SeqrCommand.parseAsRoot(SeqrCommand.withNegativeNumbersAttached(["decode"] + arguments))
        return (command as? DecodeCommand)?.options
    }

    static func check(_ arguments: [String]) -> Bool {
        guard let quick = DecodeOptions(quickParsing: arguments) else { return false }
        #expect(argumentParser(arguments) == quick, "\(arguments)")
        return true
    }

    @Test("every command line of up to three words, and 8,000 of four to seven: the quick parser's options are ArgumentParser's")
    func agreesWithArgumentParser() {
        var read = 0
        for first in Self.words {
            read += Self.check([first]) ? 1 : 0
            for second in Self.words {
                read += Self.check([first, second]) ? 1 : 0
                for third in Self.words {
                    read += Self.check([first, second, third]) ? 1 : 0
                }
            }
        }
        var generator = SeededGenerator(seed: 34)
        for _ in 0..<8_000 {
            let count = Int.random(in: 4...7, using: &generator)
            read += Self.check((0..<count).map { _ in Self.words.randomElement(using: &generator)! }) ? 1 : 0
        }
        // Most of these lines are refused; enough are read for the comparison to mean something.
        #expect(read > 1_000)
    }

    @Test("the forms scripts use are read quickly, as ArgumentParser reads them", arguments: [
        ["photo.png"], ["a.png", "b.png", "c.png"], ["--json", "a.png"], ["a.png", "--json"], ["-"],
        ["--raw", "-", "a.png"], ["--raw=out.bin", "--force", "a.png", "b.png"], ["--raw", "-", "--raw-separator", "\\0", "a.png"],
        ["--raw-dir", "codes", "a.png"], ["--thorough", "--formats", "all", "a.png"], ["--max-pixels", "200000000", "scan.tiff"],
    ])
    func readsUsualForms(arguments: [String]) {
        #expect(Self.check(arguments))
    }

    @Test("help, repeated or unknown options, `--` and what validation refuses are left to ArgumentParser", arguments: [
        ["--help"], ["-h"], ["--json", "--json", "a.png"], ["--jsn", "a.png"], ["--", "-odd.png"], [],
        ["--raw", "-x", "a.png"], ["--json", "--raw", "-", "a.png"], ["--formats", "nope", "a.png"], ["--max-pixels", "0", "a.png"],
        ["--max-pixels", "-5", "a.png"], ["-", "-"], ["--raw-separator", "\\n", "a.png"], ["--json=1", "a.png"],
    ])
    func leavesTheRest(arguments: [String]) {
        #expect(DecodeOptions(quickParsing: arguments) == nil)
    }
}
