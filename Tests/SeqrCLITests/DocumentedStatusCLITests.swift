import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// The six failures whose exit status differed from docs/cli.md's table (issue 45): each now
/// exits with the status the table gives its kind.
@Suite("the exit statuses issue 45 found off docs/cli.md's table")
struct DocumentedStatusCLITests {
    func seqr(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    static let server = SeqrBinary.built("seqr-server", override: "SEQR_SERVER_BIN")

    @Test("scan: a wrong passphrase is 77, no passphrase and no terminal 64; seqr-server: a malformed --database URL 64, a missing qrcode-generator 66; location push --lat 91 64; shc verify --jwks without an issuer 64")
    func sixCases() throws {
        let table = try ExitStatusTableCLITests.table()
        let directory = try TemporaryDirectory()
        let alice = directory.file("alice"), bob = directory.file("bob")
        let passphrase = ["SEQR_PASSPHRASE": "open sesame"]
        #expect(try seqr(["id", "init", "--name", "Alice", "--store", alice], environment: passphrase).status == 0)
        #expect(try seqr(["id", "init", "--name", "Bob", "--store", bob], environment: passphrase).status == 0)
        #expect(try seqr(["id", "show", "-o", directory.file("bob.png"), "--store", bob]).status == 0)
        #expect(try seqr(["channel", "create", "Garden", "--store", alice], environment: passphrase).status == 0)
        #expect(try seqr(["channel", "share", "Garden", "--to", directory.file("bob.png"), "-o", directory.file("share.png"), "--store", alice],
                         environment: passphrase).status == 0)
        let jwks = try directory.write(Data(#"{"keys":[]}"#.utf8), to: "jwks.json")

        let wrong = try seqr(["scan", directory.file("share.png"), "--accept", "--store", bob], environment: ["SEQR_PASSPHRASE": "not it"])
        #expect(Int(wrong.status) == Int(table["EX_NOPERM"]!), "\(wrong.stderr)")
        let none = try seqr(["scan", directory.file("share.png"), "--accept", "--store", bob])
        #expect(Int(none.status) == Int(table["EX_USAGE"]!), "\(none.stderr)")
        let push = try seqr(["location", "push", "--lat", "91", "--lon", "8", "--store", alice])
        #expect(Int(push.status) == Int(table["EX_USAGE"]!) && push.errorLines.count == 1, "\(push.stderr)")
        let card = try seqr(["shc", "verify", "shc:/5676290952432060", "--jwks", jwks])
        #expect(Int(card.status) == Int(table["EX_USAGE"]!) && card.stderr.contains("--issuer"), "\(card.stderr)")

        let malformed = try Self.server.run(["--database", "postgres://nohost", "--port", "0"])
        #expect(Int(malformed.status) == Int(table["EX_USAGE"]!) && malformed.errorLines.count == 1, "\(malformed.stderr)")
        let noGenerator = try Self.server.run(["--database", directory.file("s.sqlite"), "--port", "0",
                                               "--qrcode-generator", directory.file("no-such-qrcode.js")])
        #expect(Int(noGenerator.status) == Int(table["EX_NOINPUT"]!) && noGenerator.stderr.contains("qrcode-generator"), "\(noGenerator.stderr)")
        let help = try Self.server.run(["--help"])
        #expect(help.stdoutText.contains("65 a database"), "\(help.stdoutText)")
        // The flag's pointer names the file that holds the section ("Reads in batches" is in the history).
        let serveHelp = try Self.server.run(["serve", "--help"])
        #expect(serveHelp.stdoutText.contains("(docs/benchmarks-history.md, \"Reads in batches\")"), "\(serveHelp.stdoutText)")
    }
}
