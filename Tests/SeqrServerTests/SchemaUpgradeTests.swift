import Crypto
import Foundation
import GRDB
import SeqrCore
@testable import SeqrServer
import SeqrTestSupport
import Testing

/// Upgrades: a database at each older schema version (fixtures in Fixtures/schema/, one per
/// version) migrates when the server opens it and serves its note, which opens with its key; a
/// database from a newer Seqr, or someone else's SQLite file, is refused before any change.
@Suite("SQLite schema upgrades")
struct SchemaUpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/schema")
    static let password = "fixture password"
    /// The last migration of each schema version: v1 (accounts, sessions, notes), v2 (location), v3 (server keys), v4 (window counters).
    /// v5 (account keys): its note is sealed under a random account key that the password unwraps.
    static let versions: [(name: String, last: String)] = [("v1", "v1-notes"), ("v2", "v2-location"), ("v3", "v3-server-keys"), ("v4", "v4-window-counters"),
                                                           ("v5", "v5-account-keys")]
    /// The versions whose fixture account has an account key (docs/formats/notes.md, "Account key").
    static let withAccountKey: Set<String> = ["v5"]
    static let passwordMethodID = "password"
    static let accountID = UUID(uuidString: "0F1E2D3C-4B5A-4978-8695-A4B3C2D1E0F1")!
    static let noteID = UUID(uuidString: "11111111-2222-4333-8444-555555555555")!
    static let shareID = "c2VxciBzY2hlbWEgZml4dHVyZQ"

    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func sha256(_ path: String) throws -> Data { Data(SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))) }

    /// A database made from a fixture's SQL (`sqlite3 .dump` of what that version wrote).
    func database(from version: String) throws -> String {
        let sql = try String(contentsOf: Self.fixtures.appendingPathComponent("\(version).sql"), encoding: .utf8)
        let path = directory.file("\(version).sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { try $0.execute(sql: sql) }
        try queue.close()
        return path
    }

    @Test("a database from each older schema version migrates on open and serves its note, which opens with its key", arguments: versions.map(\.name))
    func olderVersionsMigrate(version: String) async throws {
        let path = try database(from: version)
        let before = try SchemaCheck.check(path: path, integrity: true)
        let index = try #require(Self.versions.firstIndex { $0.name == version })
        #expect(before.applied.last == Self.versions[index].last)
        let repository = try SQLiteRepository(path: path)
        try await repository.migrate()
        #expect(try await repository.database.read { try SQLiteRepository.migrator.appliedMigrations($0) } == Schema.migrations.map(\.name))

        let account = try #require(try await repository.account(username: "fixture-\(version)"))
        let record = try #require(try await repository.note(id: Self.noteID, owner: account.id))
        var cipher = NoteCipher(password: Self.password)
        if Self.withAccountKey.contains(version) {
            // The password unwraps the account key, which opens the note.
            let stored = try #require(try await repository.accountKey(owner: account.id))
            let method = try #require(stored.methods.first { $0.kind == .password })
            let wrapping = try AccountKeys(password: Self.password, parameters: account.kdf).wrappingKey
            let key = try WrappedAccountKey(parsing: method.wrappedKey).open(wrappingKey: wrapping, username: account.username,
                                                                             kind: .password, methodID: method.id)
            cipher = cipher.withAccountKey(AccountKey(key: key, noteKDF: stored.noteKDF))
        }
        let opened = try cipher.open(record.note, version: record.version)
        #expect(opened.title == "made by schema \(version)")
        // What later versions added works on the upgraded file: a share, a fix, a server key.
        let share = version == "v1" ? Fixture.shareID() : Self.shareID
        if version == "v1" { try await repository.createShare(Fixture.share(owner: account.id, id: share), limit: nil) }
        let old = try await repository.fixes(shareID: share, after: 0, notBefore: .distantPast, limit: 10)
        #expect(old.count == (version == "v1" ? 0 : 1), "the fixture's own fix is served")
        let years = LocationRetention(limit: 100, maxAge: 100 * 365 * 86_400)
        _ = try await repository.appendFixes(shareID: share, owner: account.id, data: ["fix"], now: Date(), retention: years)
        #expect(try await repository.fixes(shareID: share, after: 0, notBefore: .distantPast, limit: 10).count == old.count + 1)
        _ = try await repository.serverKey(named: "upgrade-test", ifAbsent: Data(count: 32))
    }

    @Test("a database from a newer Seqr is refused before any change; so is another application's SQLite file")
    func newerAndForeignRefused() async throws {
        let newer = try database(from: "v4")
        try await DatabaseQueue(path: newer).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v9-future'); CREATE TABLE future (x)") }
        let foreign = directory.file("foreign.sqlite")
        try await DatabaseQueue(path: foreign).write { try $0.execute(sql: "CREATE TABLE recipe (name TEXT)") }
        for (path, expected) in [(newer, DatabaseCheckError.newerSchema(path: newer, unknown: ["v9-future"], known: "v7-keyring-counters")),
                                 (foreign, .notSeqr(path: foreign))] {
            let before = try sha256(path)
            #expect(throws: expected) { try SchemaCheck.check(path: path, integrity: false) }
            #expect(throws: expected) { try SQLiteRepository(path: path) }
            #expect(try sha256(path) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix((path as NSString).lastPathComponent) }
                        == [(path as NSString).lastPathComponent], "no WAL or journal left beside it")
        }
    }

    /// Writes Fixtures/schema/vN.sql; run once per new schema version (SEQR_WRITE_SCHEMA_FIXTURES=1), then committed.
    /// Each is built by this build's migrator stopped at that version — the schema list is append-only,
    /// so that is the file that version wrote — holding an account, a sealed note and, from v2, a share and a fix.
    @Test("write the schema fixtures", .enabled(if: ProcessInfo.processInfo.environment["SEQR_WRITE_SCHEMA_FIXTURES"] != nil))
    func writeFixtures() async throws {
        for (version, last) in Self.versions {
            // Never rewrite an old one: it is what that version wrote.
            guard !FileManager.default.fileExists(atPath: Self.fixtures.appendingPathComponent("\(version).sql").path) else { continue }
            let path = directory.file("make-\(version).sqlite")
            let repository = try SQLiteRepository(path: path)
            try SQLiteRepository.migrator.migrate(repository.database, upTo: last)
            let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            try await repository.createAccount(AccountRecord(id: Self.accountID, username: "fixture-\(version)", authHash: "$argon2id$fixture",
                                                             kdf: kdf, pro: false, createdAt: Fixture.t0))
            var cipher = NoteCipher(password: Self.password)
            var noteKDF = kdf
            if Self.withAccountKey.contains(version) {
                let accountKey = AccountKey.random(iterations: AccountKDFParameters.minimumIterations)
                let wrapping = try AccountKeys(password: Self.password, parameters: kdf).wrappingKey
                let wrapped = accountKey.wrapped(under: wrapping, username: "fixture-\(version)", kind: .password, methodID: Self.passwordMethodID)
                try await repository.createAccountKey(AccountKeyRecord(
                    accountID: Self.accountID, noteKDF: accountKey.noteKDF, createdAt: Fixture.t0,
                    methods: [UnlockMethodRecord(accountID: Self.accountID, id: Self.passwordMethodID, kind: .password,
                                                 wrappedKey: wrapped.bytes, createdAt: Fixture.t0)]))
                cipher = cipher.withAccountKey(accountKey)
                noteKDF = accountKey.noteKDF
            }
            let sealed = try cipher.seal(try NotePlaintext(title: "made by schema \(version)", info: "kept across upgrades"),
                                         id: Self.noteID, noteVersion: 1, account: noteKDF)
            try await repository.createNote(NoteRecord(id: Self.noteID, accountID: Self.accountID, note: sealed, version: 1,
                                                       createdAt: Fixture.t0, updatedAt: Fixture.t0), limit: nil)
            if version != "v1" {
                try await repository.createShare(Fixture.share(owner: Self.accountID, id: Self.shareID), limit: nil)
                _ = try await repository.appendFixes(shareID: Self.shareID, owner: Self.accountID, data: ["fixture fix"], now: Date(), retention: Fixture.retention)
            }
            try repository.database.close()
            let dump = Process()
            dump.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            dump.arguments = [path, ".dump"]
            let pipe = Pipe()
            dump.standardOutput = pipe
            try dump.run()
            let sql = pipe.fileHandleForReading.readDataToEndOfFile()
            dump.waitUntilExit()
            try FileManager.default.createDirectory(at: Self.fixtures, withIntermediateDirectories: true)
            try sql.write(to: Self.fixtures.appendingPathComponent("\(version).sql"))
        }
    }
}
