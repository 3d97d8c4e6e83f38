import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// docs/cli.md's exit statuses (sysexits), `-` for standard input, and the password conventions.
@Suite("seqr exit statuses, -, passwords")
struct ExitStatusCLITests {
    let directory: TemporaryDirectory
    let png: String

    init() throws {
        directory = try TemporaryDirectory()
        png = try SeqrBinary.goodCode(in: directory)
    }

    func seqr(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD"] { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, stdin: stdin, environment: environment)
    }

    func expect(_ arguments: [String], status: Int32, mentioning fragment: String, environment: [String: String] = [:],
                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try seqr(arguments, environment: environment)
        #expect(result.status == status, "\(arguments): exit \(result.status), \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(fragment), "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test("usage 64, wrong input 65, no input 66, cannot create 73, refused password 77")
    func statuses() throws {
        try expect(["encode", "--bogus"], status: 64, mentioning: "--bogus")
        try expect(["encode", "--text", "a", "--file", png], status: 64, mentioning: "not both")
        let blank = try directory.write(ImageCodec.png.encode(GrayImage(width: 300, height: 200, fill: 240)), to: "blank.png")
        try expect(["decode", blank], status: 65, mentioning: "no QR code found")
        try expect(["jws", "verify", "--key", png, "not.a.token"], status: 65, mentioning: "seqr:")
        try expect(["decode", directory.file("missing.png")], status: 66, mentioning: "no such file")
        // A missing file among good ones is still an error, and says which.
        try expect(["decode", png, directory.file("missing.png")], status: 66, mentioning: "missing.png: no such file")
        try expect(["encode", "--text", "a", "-o", directory.file("no/such/dir/a.png")], status: 73, mentioning: "no such directory")
        try expect(["encode", "--text", "a", "-o", png + "/a.png"], status: 73, mentioning: "cannot write")

        let secret = try directory.write(Data("secret".utf8), to: "secret.txt")
        let backup = directory.file("backup.pdf")
        #expect(try seqr(["vault", "backup", secret, "-o", backup, "--rounds", "210000"], environment: ["SEQR_PASSWORD": "correct horse"]).status == 0)
        try expect(["vault", "restore", backup, "-o", directory.file("out")], status: 77, mentioning: "password is wrong",
                   environment: ["SEQR_PASSWORD": "wrong horse"])
        try expect(["vault", "restore", backup, "-o", directory.file("out"), "--password-file", directory.file("nope")], status: 66,
                   mentioning: "cannot read the password file")
        // No terminal, no file, no variable: a usage error.
        try expect(["vault", "restore", backup, "-o", directory.file("out")], status: 64, mentioning: "no password")

        let store = directory.file("store")
        #expect(try seqr(["id", "init", "--name", "A", "--store", store], environment: ["SEQR_PASSPHRASE": "open sesame"]).status == 0)
        try expect(["channel", "create", "Garden", "--store", store], status: 77, mentioning: "wrong passphrase", environment: ["SEQR_PASSPHRASE": "closed sesame"])
        try expect(["notes", "list", "--store", store], status: 77, mentioning: "not signed in")
    }

    @Test("errors found early: an unwritable --raw file before any image is read; a missing picture among shc:/ texts")
    func earlyErrors() throws {
        try expect(["decode", directory.file("missing.png"), "--raw", directory.file("no/dir/out.bin")], status: 73, mentioning: "no such directory")
        try expect(["shc", "verify", "--jwks", png, directory.file("card-2.png"), "shc:/56762909524320603460292437404460"], status: 66,
                   mentioning: "card-2.png: no such file")
    }

    @Test("location push --follow of a log with no fix is an error, not 'pushed 0 fixes'")
    func emptyTrackLog() throws {
        let bad = try directory.write(Data("$GPRMC,garbage*00\n".utf8), to: "bad.nmea")
        try expect(["location", "push", "--follow", bad, "--store", directory.file("store")], status: 65, mentioning: "no fix to push")
    }

    @Test("a server that is not a seqr-server is named so, with status 69; an unreachable one is 69 too")
    func notASeqrServer() throws {
        let log = directory.file("http.log")
        let web = try BackgroundProcess("/usr/bin/env", ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path],
                                        logPath: log)
        let port = try #require(web.waitForLog { log in
            log.range(of: #"port \d+"#, options: .regularExpression).map { Int(log[$0].filter(\.isNumber))! }
        }, "python3 -m http.server did not start: \(web.log)")
        let store = ["--store", directory.file("store")]
        let answer = try seqr(["notes", "login", "alice", "--server", "http://127.0.0.1:\(port)"] + store, environment: ["SEQR_PASSWORD": "correct horse"])
        #expect(answer.status == 69, "\(answer.stderr)")
        #expect(answer.errorLines.count == 1 && answer.stderr.hasPrefix("seqr: not a seqr-server: the server answered HTTP 4"), "\(answer.stderr)")
        #expect(!answer.stderr.contains("(HTTP 404)"))
        let follow = try seqr(["location", "follow", "http://127.0.0.1:\(port)/l/\(String(repeating: "A", count: 22))#k=\(String(repeating: "A", count: 43))", "--once"])
        #expect(follow.status == 69 && follow.stderr.contains("not a seqr-server"), "\(follow.stderr)")
        let unreachable = try seqr(["notes", "login", "alice", "--server", "http://127.0.0.1:1"] + store, environment: ["SEQR_PASSWORD": "correct horse"])
        #expect(unreachable.status == 69 && unreachable.stderr.contains("cannot reach"), "\(unreachable.stderr)")
        withExtendedLifetime(web) {}
    }

    @Test("- is standard input for encode --file and decode")
    func standardInput() throws {
        let bytes = Data([0, 1, 2, 0xFF, 0x80])
        let out = directory.file("stdin.png")
        let encoded = try seqr(["encode", "--file", "-", "-o", out], stdin: bytes)
        #expect(encoded.status == 0, "\(encoded.stderr)")
        let decoded = try seqr(["decode", "-", "--raw", "-"], stdin: try Data(contentsOf: URL(fileURLWithPath: out)))
        #expect(decoded.status == 0 && decoded.stdout == bytes, "\(decoded.stderr)")
    }

    @Test("a trailing CR/LF in SEQR_PASSWORD is dropped; a short new password is warned about")
    func passwords() throws {
        let secret = try directory.write(Data("secret".utf8), to: "secret.txt")
        let backup = directory.file("crlf.pdf")
        let made = try seqr(["vault", "backup", secret, "-o", backup, "--rounds", "210000"], environment: ["SEQR_PASSWORD": "correct horse\r\n"])
        #expect(made.status == 0 && !made.stderr.contains("warning: a password"), "\(made.stderr)")
        let restored = try seqr(["vault", "restore", backup, "-o", "-"], environment: ["SEQR_PASSWORD": "correct horse"])
        #expect(restored.status == 0 && restored.stdoutText == "secret", "\(restored.stderr)")

        let short = try seqr(["vault", "backup", secret, "-o", directory.file("short.pdf"), "--rounds", "210000"], environment: ["SEQR_PASSWORD": "abc"])
        #expect(short.status == 0 && short.stderr.contains("warning: a password of 3 characters"), "\(short.stderr)")
        // Only a new secret is judged: the one that opens an existing backup is not.
        let reopened = try seqr(["vault", "restore", directory.file("short.pdf"), "-o", "-"], environment: ["SEQR_PASSWORD": "abc"])
        #expect(reopened.status == 0 && !reopened.stderr.contains("warning"), "\(reopened.stderr)")
    }

    @Test("id show needs no passphrase: the public key is kept in clear; the private keys still need it")
    func publicKeyWithoutPassphrase() throws {
        let store = directory.file("sealed")
        let made = try seqr(["id", "init", "--name", "Alice", "--store", store], environment: ["SEQR_PASSPHRASE": "open sesame"])
        let fingerprint = try #require(made.stdoutText.split(separator: "\n").first { $0.hasPrefix("fingerprint: ") }?.dropFirst(13))
        let shown = try seqr(["id", "show", "--json", "--store", store])
        #expect(shown.status == 0, "\(shown.stderr)")
        let object = try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any]
        #expect(object?["fingerprint"] as? String == String(fingerprint) && object?["name"] as? String == "Alice")
        try expect(["channel", "create", "Garden", "--store", store], status: 64, mentioning: "passphrase")
    }

    @Test("seqr-server --version prints the version seqr prints")
    func serverVersion() throws {
        let server = ExternalTool(path: URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path)
        let version = try server.run(["--version"])
        #expect(version.status == 0 && !version.stdoutText.isEmpty)
        #expect(version.stdoutText == (try SeqrBinary.run("--version")).stdoutText)
    }
}
