import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// docs/cli.md's exit-status table is the one source of truth: every command's documented
/// failure exits with the status the table gives its kind, and no help text promises another.
@Suite("seqr exit statuses match docs/cli.md's table")
struct ExitStatusTableCLITests {
    /// The table's rows: name (`EX_USAGE`) → status (64).
    static func table() throws -> [String: Int32] {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/cli.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        var rows: [String: Int32] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2, let status = Int32(cells[0]), cells[1].hasPrefix("`EX_") else { continue }
            rows[cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = status
        }
        return rows
    }

    func seqr(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, stdin: stdin, environment: environment)
    }

    @Test("every command's documented failure exits with the table's status, in one line")
    func everyCommand() throws {
        let table = try Self.table()
        #expect(table == ["EX_USAGE": 64, "EX_DATAERR": 65, "EX_NOINPUT": 66, "EX_UNAVAILABLE": 69, "EX_SOFTWARE": 70,
                          "EX_CANTCREAT": 73, "EX_NOPERM": 77])
        let directory = try TemporaryDirectory()
        let good = try SeqrBinary.goodCode(in: directory)
        let blank = try directory.write(ImageCodec.png.encode(GrayImage(width: 300, height: 200, fill: 240)), to: "blank.png")
        let missing = directory.file("missing.png")
        let secret = try directory.write(Data("secret".utf8), to: "secret.txt")
        let backup = directory.file("backup.pdf")
        #expect(try seqr(["vault", "backup", secret, "-o", backup, "--rounds", "210000"], environment: ["SEQR_PASSWORD": "right"]).status == 0)
        let store = directory.file("store"), locked = directory.file("locked")
        #expect(try seqr(["id", "init", "--name", "A", "--store", locked], environment: ["SEQR_PASSPHRASE": "open sesame"]).status == 0)
        let unreachable = "http://127.0.0.1:9"
        let jwks = try directory.write(Data(#"{"keys":[]}"#.utf8), to: "jwks.json")

        let cases: [(arguments: [String], kind: String, environment: [String: String])] = [
            (["encode", "--bogus"], "EX_USAGE", [:]),
            (["encode", "--text", "a", "--margin", "-1"], "EX_USAGE", [:]),
            (["help", "nosuch"], "EX_USAGE", [:]),
            (["decode", blank], "EX_DATAERR", [:]),
            (["decode", missing], "EX_NOINPUT", [:]),
            (["encode", "--text", "a", "-o", directory.file("no/such/a.png")], "EX_CANTCREAT", [:]),
            (["encode", "--text", "a", "-o", good], "EX_CANTCREAT", [:]),
            (["encode", "--text", "a", "--foreground", "#b0b0b0", "-o", directory.file("grey.png")], "EX_USAGE", [:]),
            (["encode", "--text", "abc", "--split", "2"], "EX_USAGE", [:]),
            (["encode", "--text", "a", "--split", "2", "-o", directory.file("split.png")], "EX_DATAERR", [:]),
            (["decode", "--raw-dir", directory.file("raw"), "--json", good], "EX_USAGE", [:]),
            (["decode", "--raw", "-", "--raw-separator", "\\q", good], "EX_USAGE", [:]),
            (["vault", "backup", missing, "-o", directory.file("b2.pdf")], "EX_NOINPUT", [:]),
            (["vault", "backup", secret, "-o", directory.file("b3.pdf"), "--rounds", "60000000"], "EX_USAGE", [:]),
            (["vault", "restore", backup, "-o", directory.file("out")], "EX_NOPERM", ["SEQR_PASSWORD": "wrong"]),
            (["vault", "restore", backup, "-o", directory.file("out")], "EX_USAGE", [:]),
            (["vault", "restore", good, "-o", directory.file("out")], "EX_DATAERR", ["SEQR_PASSWORD": "right"]),
            (["jws", "verify", "--key", good, "not.a.token"], "EX_DATAERR", [:]),
            (["jws", "sign", "--key", missing, "--print", secret], "EX_NOINPUT", [:]),
            (["shc", "verify", "shc:/5676", "--jwks", jwks, "--issuer", "https://issuer.example"], "EX_DATAERR", [:]),
            (["shc", "verify", "shc:/5676"], "EX_USAGE", [:]),
            (["id", "show", "--store", store], "EX_DATAERR", [:]),
            (["channel", "create", "Garden", "--store", locked], "EX_NOPERM", ["SEQR_PASSPHRASE": "closed sesame"]),
            (["channel", "subscribe", blank, "--store", locked], "EX_DATAERR", ["SEQR_PASSPHRASE": "open sesame"]),
            (["post", "Nowhere", "--text", "x", "-o", directory.file("p.png"), "--store", locked], "EX_DATAERR", ["SEQR_PASSPHRASE": "open sesame"]),
            (["scan", missing, "--store", locked], "EX_NOINPUT", [:]),
            (["notes", "list", "--store", store], "EX_NOPERM", [:]),
            (["notes", "login", "alice", "--server", unreachable, "--store", store], "EX_UNAVAILABLE", ["SEQR_PASSWORD": "x"]),
            (["location", "follow", "\(unreachable)/l/0000#k=AAAA"], "EX_DATAERR", [:]),
        ]
        for (arguments, kind, environment) in cases {
            let result = try seqr(arguments, environment: environment)
            #expect(result.status == table[kind], "\(arguments): \(kind) is \(table[kind] ?? -1), got \(result.status): \(result.stderr)")
            // Progress may come before it; the failure itself is the last line, one line.
            #expect(result.errorLines.last?.hasPrefix("seqr: ") == true, "\(arguments): \(result.stderr)")
        }
    }

    @Test("no --help text promises a status the table does not have")
    func helpTexts() throws {
        let commands: [[String]] = [[], ["encode"], ["decode"], ["vault", "backup"], ["vault", "restore"], ["jws", "sign"], ["jws", "verify"],
                                    ["jws", "keygen"], ["shc", "issue"], ["shc", "verify"], ["scan"], ["post"], ["notes", "edit"],
                                    ["location", "follow"], ["location", "share"]]
        for command in commands {
            let help = try seqr(command + ["--help"]).stdoutText
            #expect(!help.isEmpty, "\(command)")
            #expect(help.range(of: #"exits? (with )?1\b"#, options: [.regularExpression, .caseInsensitive]) == nil, "\(command): \(help)")
        }
    }
}
