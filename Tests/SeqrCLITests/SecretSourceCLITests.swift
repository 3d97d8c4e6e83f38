import Foundation
import SeqrTestSupport
import Testing

/// Every secret — the vault and account password, the identity passphrase, a new password —
/// comes from one source with one set of rules: a file, else the environment, else the terminal.
@Suite("seqr secrets: one source, one set of rules")
struct SecretSourceCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    /// Runs seqr without a terminal to ask on, with only `environment` of the SEQR_ secrets set.
    func seqr(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("SEQR_") }
        environment.merge(extra) { $1 }
        return try ExternalTool(path: "/usr/bin/setsid").run(["--wait", SeqrBinary.tool.path] + arguments, environment: environment)
    }

    @Test("an empty variable is an error for every secret, not a silent fall-through")
    func emptyVariable() throws {
        let passphrase = try seqr(["id", "init", "--name", "A", "--store", directory.file("a")], environment: ["SEQR_PASSPHRASE": ""])
        #expect(passphrase.status == 64 && passphrase.stderr == "seqr: SEQR_PASSPHRASE is set but empty\n", "\(passphrase.stderr)")
        let secret = try directory.write(Data("x".utf8), to: "secret.txt")
        let password = try seqr(["vault", "backup", secret, "-o", directory.file("b.pdf")], environment: ["SEQR_PASSWORD": ""])
        #expect(password.status == 64 && password.stderr == "seqr: SEQR_PASSWORD is set but empty\n", "\(password.stderr)")
    }

    @Test("files: the first line, and errors that name the secret")
    func files() throws {
        let empty = try directory.write(Data("\n".utf8), to: "empty.txt")
        let made = try seqr(["id", "init", "--name", "A", "--store", directory.file("a"), "--passphrase-file", empty])
        #expect(made.status == 65 && made.stderr == "seqr: \(empty): the passphrase file is empty\n", "\(made.stderr)")
        let missing = try seqr(["id", "init", "--name", "A", "--store", directory.file("a"), "--passphrase-file", directory.file("nope")])
        #expect(missing.status == 66 && missing.stderr.contains("cannot read the passphrase file"))

        let phrase = try directory.write(Data("open sesame\r\nignored\n".utf8), to: "phrase.txt")
        #expect(try seqr(["id", "init", "--name", "A", "--store", directory.file("a"), "--passphrase-file", phrase]).status == 0)
        // The same line from the environment opens it; another does not.
        #expect(try seqr(["channel", "create", "C", "--store", directory.file("a")], environment: ["SEQR_PASSPHRASE": "open sesame"]).status == 0)
        #expect(try seqr(["channel", "create", "D", "--store", directory.file("a")], environment: ["SEQR_PASSPHRASE": "open"]).status == 77)
    }

    @Test("no file, no variable, no terminal: one line naming both ways to give it")
    func nothingGiven() throws {
        let secret = try directory.write(Data("x".utf8), to: "secret.txt")
        let vault = try seqr(["vault", "backup", secret, "-o", directory.file("b.pdf")])
        #expect(vault.stderr == "seqr: no password: run on a terminal, or use --password-file or SEQR_PASSWORD\n", "\(vault.stderr)")
        let identity = try seqr(["id", "init", "--name", "A", "--store", directory.file("a")])
        #expect(identity.status == 64 && identity.stderr.contains("a passphrase protects your keys at rest"))
    }
}
