import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// The storage backends every server test runs against. PostgreSQL comes from
/// SEQR_TEST_POSTGRES_URL, which `make test` sets after scripts/postgres starts a throwaway
/// cluster on loopback; when SEQR_REQUIRE_POSTGRES is set (as make test does), its absence fails.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgres

    var testDescription: String { rawValue }

    static var postgresURL: String? {
        ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    static var available: [Backend] {
        if postgresURL != nil || ProcessInfo.processInfo.environment["SEQR_REQUIRE_POSTGRES"] != nil { return allCases }
        return [.sqlite]
    }

    struct PostgresMissing: Error, CustomStringConvertible {
        var description: String { "SEQR_REQUIRE_POSTGRES is set but SEQR_TEST_POSTGRES_URL is not: run `make test` (scripts/postgres)" }
    }

    /// A migrated repository, running for the duration of `body`.
    func withRepository<T: Sendable>(_ body: @escaping @Sendable (any SeqrRepository, String?) async throws -> T) async throws -> T {
        let logger = Logger(label: "seqr-server-test")
        switch self {
        case .sqlite:
            let directory = try TemporaryDirectory()
            defer { withExtendedLifetime(directory) {} }
            let path = directory.path + "/notes.sqlite"
            let repository = try SQLiteRepository(path: path)
            try await repository.migrate()
            return try await body(repository, path)
        case .postgres:
            guard let url = Self.postgresURL else { throw PostgresMissing() }
            let repository = try PostgresRepository(url: url, logger: logger)
            return try await withRunning([repository]) {
                try await repository.migrate()
                return try await body(repository, nil)
            }
        }
    }

    /// The app in process (HummingbirdTesting's router framework) over this backend.
    func withApp<T: Sendable>(settings: AccountsService.Settings = .testing, notes: NotesService.Settings = .init(),
                              location: LocationService.Settings = .init(), webApp: WebAppSettings = .init(),
                              _ body: @escaping @Sendable (any TestClientProtocol, any SeqrRepository, String?) async throws -> T) async throws -> T {
        try await withRepository { repository, path in
            let accounts = try AccountsService(repository: repository, settings: settings)
            let notesService = NotesService(repository: repository, plans: settings.plans, settings: notes)
            let locationService = LocationService(repository: repository, settings: location)
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: notesService, location: locationService, webApp: webApp,
                                                                             logRequests: false),
                                  logger: quiet)
            return try await app.test(.router) { client in try await body(client, repository, path) }
        }
    }
}

extension Backend {
    /// The app over a real socket (so the peer is 127.0.0.1), trusting these proxies' X-Forwarded-For.
    func withLiveApp(settings: AccountsService.Settings, trusting proxies: [String],
                     _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let trusted = try TrustedProxies(proxies)
        try await withRepository { repository, _ in
            let accounts = try AccountsService(repository: repository, settings: settings)
            let notes = NotesService(repository: repository, plans: settings.plans)
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: notes, logRequests: false, trustedProxies: trusted),
                                  configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
            try await app.test(.live) { client in try await body(client) }
        }
    }
}

extension AccountsService.Settings {
    /// Cheap Argon2id so the suite stays quick; the production cost is covered by AuthKeyHasher's own test.
    static var testing: Self {
        var settings = Self()
        settings.hasher = AuthKeyHasher(iterations: 1, memoryKiB: 1024, parallelism: 1)
        settings.plans.freeNoteLimit = 3
        // Each test's server counts its own logins and registrations, also on the shared PostgreSQL test database.
        settings.limitScope = UUID().uuidString
        return settings
    }
}

/// A user the tests drive: random name and authentication key, as a client would derive.
struct TestUser {
    let name = "user-\(UUID().uuidString.prefix(12).lowercased())"
    let authKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
    var token = ""

    var auth: HTTPFields { [.authorization: "Bearer \(token)", .contentType: "application/json"] }
}

func body(_ value: some Encodable) -> ByteBuffer {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    return ByteBuffer(bytes: try! encoder.encode(value))
}

func decode<T: Decodable>(_ type: T.Type, _ response: TestResponse) throws -> T {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try decoder.decode(T.self, from: Data(buffer: response.body))
}

extension TestClientProtocol {
    func register(_ user: inout TestUser) async throws {
        let response = try await execute(uri: "/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                                         body: body(NotesAPI.RegisterRequest(username: user.name, authKey: user.authKey, kdf: user.kdf)))
        #expect(response.status == .created)
        user.token = try decode(NotesAPI.SessionResponse.self, response).token
    }

    /// A note sealed for real (seqr-aead-v1) with a key only the test holds.
    func createNote(_ user: TestUser, title: String = "title", info: String = "info", key: SymmetricKeyHolder = .shared) async throws -> NotesAPI.Note {
        let id = UUID()
        let note = EncryptedNote(id: id, title: SealedNoteField.seal(title, noteID: id, field: .title, noteVersion: 1, key: key.key),
                                 info: SealedNoteField.seal(info, noteID: id, field: .info, noteVersion: 1, key: key.key),
                                 format: .seqrAEAD, kdf: NoteKDF(user.kdf))
        let response = try await execute(uri: "/v1/notes", method: .post, headers: user.auth, body: body(NotesAPI.NoteWrite(note: note)))
        #expect(response.status == .created)
        return try decode(NotesAPI.Note.self, response)
    }
}

struct SymmetricKeyHolder: Sendable {
    let key = SymmetricKey(size: .bits256)
    static let shared = SymmetricKeyHolder()
}
