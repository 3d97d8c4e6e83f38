import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SeqrTestSupport
import Testing

/// `seqr-server` started for real: bad settings and an unreachable database end it at once, in one
/// line; an admin command never creates a database.
@Suite("seqr-server start-up")
struct ServerStartCLITests {
    let directory: TemporaryDirectory
    let binary = URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path

    init() throws { directory = try TemporaryDirectory() }

    /// Starts seqr-server; its exit code once it ended by itself within `seconds` (-1: by a signal), and its output lines.
    func start(_ arguments: [String], within seconds: Double) throws -> (status: Int32?, lines: [Substring], process: BackgroundProcess) {
        let log = directory.file("server-\(UUID().uuidString).log")
        let process = try BackgroundProcess(binary, arguments, logPath: log)
        let status = process.waitForExit(seconds: seconds)
        return (status, process.log.split(separator: "\n"), process)
    }

    /// A loopback port nothing listens on (bound, then closed), or a socket that accepts connections
    /// into its backlog and never answers, held open while `body` runs.
    func loopbackPort(listening: Bool, _ body: (Int) throws -> Void) throws {
        let descriptor = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0)
        var isOpen = true
        defer { if isOpen { close(descriptor) } }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        if listening {
            try #require(listen(descriptor, 16) == 0)
        } else {
            close(descriptor)
            isOpen = false
        }
        try body(port)
    }

    @Test("--port outside 0…65535 is refused in one line (it listened on 70000 − 65536 before)")
    func portRange() throws {
        for port in ["70000", "65536"] {
            let run = try start(["--port", port, "--database", directory.file("p.sqlite")], within: 10)
            #expect(run.status == 64, "\(run.lines)")
            #expect(run.lines == ["seqr-server: --port must be between 0 and 65535"], "\(run.lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("p.sqlite")))
    }

    @Test("--map-tiles is refused in one line unless https (http only to loopback) with {z}, {x}, {y}; Leaflet or qrcode-generator missing is one line too")
    func mapTiles() throws {
        let database = ["--database", directory.file("m.sqlite")]
        let refused: [([String], String)] = [
            (["--map-tiles", "http://tiles.example/{z}/{x}/{y}.png"], "must use https"),
            (["--map-tiles", "https://tiles.example/{z}/{x}.png"], "has no {y}"),
            (["--map-tiles", "https://{s}.tiles.example/{z}/{x}/{y}.png"], "uses {s}"),
            (["--map-attribution", "© Example"], "--map-attribution needs --map-tiles"),
            (["--leaflet-directory", directory.file("no-leaflet")], "install Debian's libjs-leaflet"),
            (["--qrcode-generator", directory.file("no-qrcode.js")], "install Debian's node-qrcode-generator"),
        ]
        for (arguments, fragment) in refused {
            let run = try start(arguments + database + ["--port", "0"], within: 10)
            #expect(run.status != nil && run.status != 0, "\(arguments): \(run.lines)")
            #expect(run.lines.count == 1 && run.lines.first?.hasPrefix("seqr-server: ") == true && run.lines.first?.contains(fragment) == true,
                    "\(arguments): \(run.lines)")
        }
    }

    @Test("--origin that names an IP address, plain http to another host, or a path is refused in one line (64) before any database is made")
    func origin() throws {
        let cases: [(String, String)] = [
            ("https://10.0.0.1", "seqr-server: --origin https://10.0.0.1: a relying party id cannot be an IP address: name the server by its domain (localhost for tests)"),
            ("https://[::1]:8443", "seqr-server: --origin https://[::1]:8443: a relying party id cannot be an IP address: name the server by its domain (localhost for tests)"),
            ("http://notes.example", "seqr-server: --origin http://notes.example: passkeys need https (or http://localhost)"),
            ("https://notes.example/app/", "seqr-server: --origin https://notes.example/app/: an origin has no path, query or user"),
        ]
        for (origin, line) in cases {
            let run = try start(["--origin", origin, "--database", directory.file("o.sqlite"), "--port", "0"], within: 10)
            #expect(run.status == 64 && run.lines == [Substring(line)], "\(origin): \(run.lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("o.sqlite")))
    }

    @Test("--trusted-keys: a missing file exits 66, a file that is no list of public keys 65, in one line naming it, before any database is made")
    func trustedKeys() throws {
        let key = directory.file("issuer.pem")
        #expect(try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key, "--jwk").status == 0)
        var jwk = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: directory.file("issuer.jwk.json")))) as? [String: Any])
        jwk["d"] = "AAAA"
        let privateSet = try directory.write(JSONSerialization.data(withJSONObject: ["keys": [jwk]]), to: "private.json")
        let notASet = try directory.write(Data("hello".utf8), to: "hello.json")
        let cases: [(String, Int32, String)] = [
            (directory.file("missing.json"), 66, "seqr-server: \(directory.file("missing.json")): cannot read the trusted keys file"),
            (notASet, 65, "seqr-server: \(notASet): not a list of trusted keys: invalid key: not a JWK set (a JSON object with a \"keys\" array)"),
            (privateSet, 65, "seqr-server: \(privateSet): not a list of trusted keys: key 1 holds a private part (\"d\"): publish public keys only"),
        ]
        for (path, status, line) in cases {
            let run = try start(["--trusted-keys", path, "--database", directory.file("t.sqlite"), "--port", "0"], within: 10)
            #expect(run.status == status && run.lines == [Substring(line)], "\(run.lines)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("t.sqlite")), "checked before the database is opened")
    }

    @Test("an admin command without --database, or with a missing file, creates nothing and says so")
    func adminNeverCreates() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_DATA_HOME"] = directory.file("data")
        let tool = ExternalTool(path: binary)
        let implicit = try tool.run(["admin", "pro", "alice", "on"], environment: environment)
        let expected = directory.file("data") + "/seqr-server/notes.sqlite"
        #expect(implicit.status == 66)
        #expect(implicit.errorLines == ["seqr-server: no database at \(expected): admin commands never create one (give the server's --database)"], "\(implicit.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("data")))

        let missing = directory.file("typo.sqlite")
        let explicit = try tool.run(["admin", "pro", "alice", "on", "--database", missing], environment: environment)
        #expect(explicit.status == 66 && explicit.errorLines.count == 1 && explicit.stderr.contains("no database at \(missing)"), "\(explicit.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing))
    }

    @Test("an unreachable PostgreSQL ends the server at once in one line: refused, or silent past --connect-timeout")
    func unreachablePostgres() throws {
        try loopbackPort(listening: false) { port in
            let refused = try start(["--port", "0", "--database", "postgres://seqr:secret-pw@127.0.0.1:\(port)/seqr"], within: 10)
            #expect(refused.status == 69)
            #expect(refused.lines == ["seqr-server: cannot reach PostgreSQL at 127.0.0.1:\(port): connection refused"], "\(refused.lines)")
        }
        try loopbackPort(listening: true) { port in
            let began = Date()
            let silent = try start(["--port", "0", "--connect-timeout", "2", "--database", "postgres://seqr@127.0.0.1:\(port)/seqr"], within: 10)
            #expect(silent.status == 69)
            #expect(silent.lines == ["seqr-server: cannot reach PostgreSQL at 127.0.0.1:\(port): no answer within 2 seconds"], "\(silent.lines)")
            #expect(Date().timeIntervalSince(began) < 8)
        }
    }

    @Test("SIGTERM ends a server still waiting for PostgreSQL at once")
    func sigtermWhileWaiting() throws {
        try loopbackPort(listening: true) { port in
            let log = directory.file("term.log")
            let process = try BackgroundProcess(binary, ["--port", "0", "--connect-timeout", "60", "--database", "postgres://seqr@127.0.0.1:\(port)/seqr"], logPath: log)
            #expect(process.waitForExit(seconds: 1) == nil, "it should still be waiting: \(process.log)")
            kill(process.pid, SIGTERM)
            #expect(process.waitForExit(seconds: 20) != nil, "SIGTERM was not honoured: \(process.log)")
            #expect(!process.log.contains("secret"))
        }
    }
}
