import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// Registration limits, storage quotas, stable decoys, what logs keep, PostgreSQL URLs.
@Suite("seqr-server abuse limits")
struct AbuseLimitTests {
    static func register(_ client: some TestClientProtocol, from address: String? = nil) async throws -> TestResponse {
        let user = TestUser()
        var headers: HTTPFields = [.contentType: "application/json"]
        if let address { headers[HTTPField.Name("X-Forwarded-For")!] = address }
        return try await client.execute(uri: "/v1/accounts", method: .post, headers: headers,
                                        body: body(NotesAPI.RegisterRequest(username: user.name, authKey: user.authKey, kdf: user.kdf)))
    }

    @Test("registrations are limited per address (behind a trusted proxy) and overall, with 429 and Retry-After", arguments: Backend.available)
    func registrations(backend: Backend) async throws {
        var perAddress = AccountsService.Settings.testing
        perAddress.registrationLimits = .init(perAddress: 2, overall: 100)
        try await backend.withLiveApp(settings: perAddress, trusting: ["127.0.0.1"]) { client async throws in
            #expect(try await Self.register(client, from: "203.0.113.1").status == .created)
            #expect(try await Self.register(client, from: "203.0.113.1").status == .created)
            let third = try await Self.register(client, from: "203.0.113.1")
            #expect(third.status == .tooManyRequests)
            #expect(try decode(NotesAPI.ErrorBody.self, third).error == "registration_limited")
            #expect(Int(third.headers[.retryAfter] ?? "") ?? 0 > 0)
            #expect(try await Self.register(client, from: "203.0.113.2").status == .created)
        }
        var overall = AccountsService.Settings.testing
        overall.registrationLimits = .init(perAddress: 100, overall: 3)
        try await backend.withLiveApp(settings: overall, trusting: ["127.0.0.1"]) { client async throws in
            for i in 0..<3 { #expect(try await Self.register(client, from: "198.51.100.\(i)").status == .created) }
            #expect(try await Self.register(client, from: "198.51.100.99").status == .tooManyRequests)
        }
    }

    static func register(_ client: some TestClientProtocol, name: String, from address: String) async throws -> Int {
        let user = TestUser()
        let response = try await client.execute(uri: "/v1/accounts", method: .post,
                                                headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: address],
                                                body: body(NotesAPI.RegisterRequest(username: name, authKey: user.authKey, kdf: user.kdf)))
        return Int(response.status.code)
    }

    @Test("failed registrations do not use up the server-wide cap: only accounts created count against it; failures count against their address (an IPv6 one by its /64)",
          arguments: Backend.available)
    func failedRegistrations(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.registrationLimits = .init(perAddress: 2, overall: 3)
        try await backend.withLiveApp(settings: settings, trusting: ["127.0.0.1"]) { client async throws in
            let taken = TestUser().name
            #expect(try await Self.register(client, name: taken, from: "198.51.100.1") == 201)
            // Twenty tries of a taken name from twenty addresses...
            for i in 0..<20 { #expect(try await Self.register(client, name: taken, from: "203.0.113.\(i)") == 409) }
            // ...leave the server's sign-ups open: two more accounts fill the cap of three.
            #expect(try await Self.register(client, name: TestUser().name, from: "198.51.100.2") == 201)
            #expect(try await Self.register(client, name: TestUser().name, from: "198.51.100.3") == 201)
            #expect(try await Self.register(client, name: TestUser().name, from: "198.51.100.4") == 429)
        }
        settings.registrationLimits = .init(perAddress: 2, overall: 100)
        settings.limitScope = UUID().uuidString  // counters of its own on PostgreSQL too
        try await backend.withLiveApp(settings: settings, trusting: ["127.0.0.1"]) { client async throws in
            let taken = TestUser().name
            #expect(try await Self.register(client, name: taken, from: "198.51.100.1") == 201)
            // A failure still counts against its address.
            #expect(try await Self.register(client, name: taken, from: "203.0.113.9") == 409)
            #expect(try await Self.register(client, name: taken, from: "203.0.113.9") == 409)
            #expect(try await Self.register(client, name: TestUser().name, from: "203.0.113.9") == 429)
            // Addresses of one IPv6 /64 count together.
            #expect(try await Self.register(client, name: TestUser().name, from: "2001:db8:9:9::1") == 201)
            #expect(try await Self.register(client, name: TestUser().name, from: "2001:db8:9:9::2") == 201)
            #expect(try await Self.register(client, name: TestUser().name, from: "2001:db8:9:9:1:2:3:4") == 429)
            #expect(try await Self.register(client, name: TestUser().name, from: "2001:db8:9:a::1") == 201)
        }
    }

    @Test("an account's notes and location fixes share one storage quota: 507 beyond it, and nothing is stored", arguments: Backend.available)
    func storageQuota(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.plans.freeNoteLimit = 1_000
        var notes = NotesService.Settings()
        notes.storageQuota = 4_000
        var location = LocationService.Settings()
        location.storageQuota = 4_000
        try await backend.withApp(settings: settings, notes: notes, location: location) { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let big = String(repeating: "x", count: 1_500)
            // About 1,560 bytes of ciphertext each: two fit, the third does not.
            _ = try await client.createNote(alice, info: big)
            _ = try await client.createNote(alice, info: big)
            let id = UUID()
            let key = SymmetricKeyHolder.shared.key
            let note = EncryptedNote(id: id, title: SealedNoteField.seal("t", noteID: id, field: .title, noteVersion: 1, key: key),
                                     info: SealedNoteField.seal(big, noteID: id, field: .info, noteVersion: 1, key: key), format: .seqrAEAD, kdf: NoteKDF(alice.kdf))
            let third = try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth, body: body(NotesAPI.NoteWrite(note: note)))
            #expect(third.status.code == 507)
            #expect(try decode(NotesAPI.ErrorBody.self, third).error == "storage_quota_exceeded")
            let list = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth))
            #expect(list.notes.count == 2)

            // Location fixes count against the same quota: about 870 bytes are left, a fix is 380.
            let share = try await client.createShare(alice)
            let shareKey = LocationShareKey.generate()
            let fixes = try LocationServerTests.fixes(8).map { shareKey.seal($0, shareID: share.id) }
            #expect(try await client.push(alice, share.id, Array(fixes.prefix(2))).status == .created)
            let over = try await client.push(alice, share.id, Array(fixes.suffix(3)))
            #expect(over.status.code == 507)
            #expect(try await client.feed(share.id).fixes.count == 2)
        }
    }

    @Test("two server instances over one database give identical KDF parameters for an unknown name", arguments: Backend.available)
    func stableDecoys(backend: Backend) async throws {
        try await backend.withRepository { repository, path in
            @Sendable func kdf(_ repository: any SeqrRepository, _ name: String) async throws -> ByteBuffer {
                let accounts = try AccountsService(repository: repository, settings: .testing)
                let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: NotesService(repository: repository), logRequests: false))
                return try await app.test(.router) { client in
                    let response = try await client.execute(uri: "/v1/kdf?username=\(name)", method: .get)
                    #expect(response.status == .ok)
                    return response.body
                }
            }
            let name = "ghost-\(UUID().uuidString.prefix(8).lowercased())"
            let first = try await kdf(repository, name)
            // The second as after a restart: for SQLite, a new connection to the same file.
            let second = try await kdf(try path.map { try SQLiteRepository(path: $0) } ?? repository, name)
            #expect(first == second)
            #expect(try await kdf(repository, name + "x") != first)
        }
    }

    @Test("the JSON log and /metrics name route templates, never a share id; so does a 404")
    func logsKeepNoShareIDs() async throws {
        ServerMetrics.enable()  // as `--metrics` does, before the router is made
        let lines = LogLines()
        try await Backend.sqlite.withRepository { repository, _ in
            let accounts = try AccountsService(repository: repository, settings: .testing)
            let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: NotesService(repository: repository),
                                                                       location: LocationService(repository: repository)),
                                  logger: Logger(label: "seqr-server") { JSONLogHandler(label: $0, output: lines.append) })
            try await app.test(.router) { client in
                var alice = TestUser()
                try await client.register(&alice)
                let share = try await client.createShare(alice)
                let key = LocationShareKey.generate()
                #expect(try await client.push(alice, share.id, [try key.seal(try LocationServerTests.fixes(1)[0], shareID: share.id)]).status == .created)
                _ = try await client.feed(share.id)
                _ = try await client.execute(uri: "/l/\(share.id)", method: .get)
                _ = try await client.execute(uri: "/l/\(share.id)/more", method: .get)
                let gone = (share.id.first == "Z" ? "Y" : "Z") + String(share.id.dropFirst())
                #expect(try await client.execute(uri: "/v1/location/feed/\(gone)", method: .get).status == .notFound)
                let metrics = String(decoding: ServerMetrics.exposition(), as: UTF8.self)
                let logged = lines.all.joined(separator: "\n")
                #expect(logged.contains("\"route\""))
                for secret in [share.id, gone, alice.token] {
                    #expect(!logged.contains(secret))
                    #expect(!metrics.contains(secret))
                }
            }
        }
    }

    @Test("PostgreSQL URLs: sslmode, sslrootcert, and the password from a file, the URL or PGPASSWORD")
    func postgresURLs() throws {
        let plain = try PostgresURL(parsing: "postgres://seqr@db.example:6543/notes", environment: [:])
        #expect(plain.host == "db.example" && plain.port == 6543 && plain.username == "seqr" && plain.database == "notes")
        #expect(plain.sslMode == .disable && plain.tlsConfiguration == nil && plain.password == nil)
        for mode in PostgresURL.SSLMode.allCases {
            #expect(try PostgresURL(parsing: "postgres://u@h/db?sslmode=\(mode.rawValue)", environment: [:]).sslMode == mode)
        }
        func verification(_ url: String) throws -> String {
            guard let tls = try PostgresURL(parsing: url, environment: [:]).tlsConfiguration else { return "no tls" }
            switch tls.certificateVerification {
            case .none(_): return "none"
            case .noHostnameVerification: return "chain"
            case .fullVerification: return "full"
            }
        }
        #expect(try verification("postgres://u@h/db?sslmode=prefer") == "none")
        #expect(try verification("postgres://u@h/db?sslmode=require") == "none")
        #expect(try verification("postgres://u@h/db?sslmode=require&sslrootcert=/etc/ca.pem") == "chain")
        #expect(try verification("postgres://u@h/db?sslmode=verify-ca") == "chain")
        #expect(try verification("postgres://u@h/db?sslmode=verify-full&sslrootcert=/etc/ca.pem") == "full")
        #expect(try PostgresURL(parsing: "postgres://u@h/db?sslmode=verify-full&sslrootcert=/etc/ca.pem", environment: [:]).tlsConfiguration?.trustRoots == .file("/etc/ca.pem"))
        #expect(throws: PostgresURLError.unknownSSLMode("verify_full")) { try PostgresURL(parsing: "postgres://u@h/db?sslmode=verify_full") }
        #expect(throws: PostgresURLError.unknownSSLMode("allow")) { try PostgresURL(parsing: "postgres://u@h/db?sslmode=allow") }
        #expect(throws: PostgresURLError.unknownParameter("ssl")) { try PostgresURL(parsing: "postgres://u@h/db?ssl=true") }

        // The password: the file first, then the URL, then PGPASSWORD.
        #expect(try PostgresURL(parsing: "postgres://u:in%40url@h/db", environment: ["PGPASSWORD": "env"]).password == "in@url")
        #expect(try PostgresURL(parsing: "postgres://u@h/db", environment: ["PGPASSWORD": "env"]).password == "env")
        let directory = try TemporaryDirectory()
        let file = directory.path + "/pgpass"
        try Data("from file\nignored\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(try PostgresURL(parsing: "postgres://u@h/db", passwordFile: file, environment: ["PGPASSWORD": "env"]).password == "from file")
        #expect(throws: PostgresURLError.twoPasswords) { try PostgresURL(parsing: "postgres://u:p@h/db", passwordFile: file, environment: [:]) }
        #expect(throws: PostgresURLError.passwordFileUnreadable(directory.path + "/none")) {
            try PostgresURL(parsing: "postgres://u@h/db", passwordFile: directory.path + "/none", environment: [:])
        }
        try Data("\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(throws: PostgresURLError.passwordFileEmpty(file)) { try PostgresURL(parsing: "postgres://u@h/db", passwordFile: file, environment: [:]) }
    }
}

/// Log lines a test collects from ``JSONLogHandler``.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }
    var append: @Sendable (String) -> Void { { [self] line in lock.withLock { lines.append(line) } } }
}
