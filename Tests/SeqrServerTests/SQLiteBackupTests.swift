import Crypto
import Foundation
import GRDB
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// `admin backup` and `admin restore` on SQLite, in process: a backup taken while notes and location
/// fixes are written is one consistent snapshot holding every note acknowledged before it began, and
/// restored, each note opens with its key; a backup that is damaged, not SQLite, not Seqr's or from a
/// newer Seqr is refused before anything is replaced.
@Suite("SQLite backup and restore")
struct SQLiteBackupTests {
    let directory: TemporaryDirectory
    let cipher = NoteCipher(password: "correct horse battery staple")

    init() throws { directory = try TemporaryDirectory() }

    /// Acknowledged writes, in order, shared between the writing task and the test.
    final class Acknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private var ids: [UUID] = []
        private var fixes = 0
        private var stopped = false
        func note(_ id: UUID) { lock.withLock { ids.append(id) } }
        func fix() { lock.withLock { fixes += 1 } }
        var notes: [UUID] { lock.withLock { ids } }
        var fixCount: Int { lock.withLock { fixes } }
        func stop() { lock.withLock { stopped = true } }
        var isStopped: Bool { lock.withLock { stopped } }
    }

    static func title(_ index: Int) -> String { "note \(index)" }

    /// Writes notes (sealed for real) and location fixes one after another until stopped.
    func writeContinuously(_ repository: SQLiteRepository, account: AccountRecord, share: String, into log: Acknowledged) async throws {
        var index = 0
        while !log.isStopped {
            let id = UUID()
            let sealed = try cipher.seal(try NotePlaintext(title: Self.title(index), info: String(repeating: "x", count: 1500)),
                                         id: id, noteVersion: 1, account: account.kdf)
            try await repository.createNote(NoteRecord(id: id, accountID: account.id, note: sealed, version: 1, createdAt: Date(), updatedAt: Date()),
                                            limit: nil)
            log.note(id)
            _ = try await repository.appendFixes(shareID: share, owner: account.id, data: [String(repeating: "f", count: 200)], now: Date(),
                                                 retention: LocationRetention(limit: 100_000, maxAge: 86_400))
            log.fix()
            index += 1
        }
    }

    static func kind(_ error: DatabaseCheckError) -> String {
        switch error {
        case .missing: "missing"
        case .unreadable: "unreadable"
        case .notSQLite: "notSQLite"
        case .damaged: "damaged"
        case .notSeqr: "notSeqr"
        case .newerSchema: "newerSchema"
        case .inUse: "inUse"
        case .restoring: "restoring"
        case .cannotWrite: "cannotWrite"
        }
    }

    func sha256(_ path: String) throws -> Data { Data(SHA256.hash(data: try Data(contentsOf: URL(fileURLWithPath: path)))) }

    @Test("a backup taken while notes and fixes are written holds every note acknowledged before it began; restored, each opens with its key, and the replaced database is kept")
    func backupUnderWritesRestores() async throws {
        let database = directory.file("notes.sqlite"), backup = directory.file("backup.sqlite")
        var repository: SQLiteRepository? = try SQLiteRepository(path: database)
        try await repository!.migrate()
        let account = Fixture.account()
        try await repository!.createAccount(account)
        let share = Fixture.shareID()
        try await repository!.createShare(Fixture.share(owner: account.id, id: share), limit: nil)

        let log = Acknowledged()
        let before: [UUID], written: [UUID]
        do {
            let live = try #require(repository)
            // The writer runs as a child task, so nothing holds the repository open once the group is done.
            (before, written) = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await writeContinuously(live, account: account, share: share, into: log) }
                // Enough rows that the copy takes a while, with writes going on around it.
                while log.notes.count < 400 { try await Task.sleep(for: .milliseconds(5)) }
                let before = log.notes
                try SQLiteBackup.write(database: database, to: backup, force: false)
                try await Task.sleep(for: .milliseconds(50))
                log.stop()
                try await group.waitForAll()
                return (before, log.notes)
            }
        }
        #expect(written.count > before.count, "writes went on around the backup")

        // Owner-only, one self-contained file (no WAL beside it).
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0, "mode \(String(mode, radix: 8))")
        #expect(!FileManager.default.fileExists(atPath: backup + "-wal"))

        // A running repository holds the database: a restore now is refused and changes nothing.
        let open = try sha256(database)
        #expect(throws: DatabaseCheckError.inUse(path: database)) { try SQLiteRestore.restore(backup: backup, database: database) }
        #expect(try sha256(database) == open)
        repository = nil

        let outcome = try SQLiteRestore.restore(backup: backup, database: database)
        let aside = try #require(outcome.keptAside)
        #expect(outcome.schema.pending.isEmpty)

        let restored = try SQLiteRepository(path: database)
        try await restored.migrate()
        let notes = try await restored.notes(owner: account.id)
        let byID = Dictionary(uniqueKeysWithValues: notes.map { ($0.id, $0) })
        // One snapshot: the notes it holds are exactly the first k written (sequential writes, no gap), k ≥ all acknowledged before.
        let k = notes.count
        #expect(k >= before.count)
        #expect(Set(byID.keys) == Set(written.prefix(k)), "a consistent prefix of the writes")
        for (index, id) in written.prefix(k).enumerated() {
            let record = try #require(byID[id])
            #expect(try cipher.open(record.note, version: record.version).title == Self.title(index))
        }
        // Fixes are in the same snapshot: note i's fix is written right after it, so k or k − 1 of them.
        let fixes = try await restored.fixes(shareID: share, after: 0, notBefore: .distantPast, limit: 100_000)
        #expect(fixes.count == k || fixes.count == k - 1, "\(fixes.count) fixes for \(k) notes")

        // The replaced database is kept aside whole, with every write.
        let old = try SQLiteRepository(path: aside)
        #expect(try await old.notes(owner: account.id).count == written.count)
    }

    @Test("a damaged, foreign, non-SQLite or newer backup is refused before anything is replaced")
    func refusedBackupsChangeNothing() async throws {
        let database = directory.file("notes.sqlite"), backup = directory.file("backup.sqlite")
        do {
            let repository = try SQLiteRepository(path: database)
            try await repository.migrate()
            let account = Fixture.account()
            try await repository.createAccount(account)
            for _ in 0..<200 { try await repository.createNote(Fixture.note(owner: account.id), limit: nil) }
            try SQLiteBackup.write(database: database, to: backup, force: false)
        }
        // An existing backup is not replaced without --force.
        #expect(throws: DatabaseCheckError.cannotWrite(path: backup, reason: "the file exists (--force replaces it)")) {
            try SQLiteBackup.write(database: database, to: backup, force: false)
        }
        let good = try Data(contentsOf: URL(fileURLWithPath: backup))

        // A page in the middle overwritten (a disk error, a bad copy).
        var spoiled = good
        let page = 4096, middle = (good.count / page / 2) * page
        spoiled.replaceSubrange(middle..<(middle + page), with: Data((0..<page).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }))
        let damaged = try directory.write(spoiled, to: "damaged.sqlite")
        let notSQLite = try directory.write(Data("PK\u{3}\u{4} not a database at all".utf8) + Data(count: 5000), to: "zip.sqlite")
        let truncated = try directory.write(good.prefix(100), to: "truncated.sqlite")
        let foreign = directory.file("foreign.sqlite")
        try await DatabaseQueue(path: foreign).write { try $0.execute(sql: "CREATE TABLE recipe (name TEXT); INSERT INTO recipe VALUES ('bread')") }
        let newer = directory.file("newer.sqlite")
        try Data(good).write(to: URL(fileURLWithPath: newer))
        try await DatabaseQueue(path: newer).write { try $0.execute(sql: "INSERT INTO grdb_migrations VALUES ('v99-future'); CREATE TABLE future (x)") }

        let before = try sha256(database)
        let listing = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        // Each refusal by its kind, and naming the file given (never the staged copy).
        let cases: [(String, Set<String>)] = [
            (damaged, ["damaged"]),
            (notSQLite, ["notSQLite"]),
            // Cut short at 100 bytes: SQLite may read it as damaged, as no database, or as an empty one (no Seqr schema).
            (truncated, ["damaged", "notSQLite", "notSeqr"]),
            (foreign, ["notSeqr"]),
            (newer, ["newerSchema"]),
            (directory.file("missing.sqlite"), ["missing"]),
        ]
        for (file, kinds) in cases {
            do {
                _ = try SQLiteRestore.restore(backup: file, database: database)
                Issue.record("\(file) was restored")
            } catch {
                let refusal: DatabaseCheckError = error
                let kind = Self.kind(refusal), line = refusal.description
                #expect(kinds.contains(kind) && line.contains(file), "\(file): \(line)")
            }
            #expect(try sha256(database) == before, "\(file) changed the database")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted() == listing, "\(file) left files behind")
        }
        #expect(throws: DatabaseCheckError.newerSchema(path: newer, unknown: ["v99-future"], known: "v7-keyring-counters")) {
            try SQLiteRestore.restore(backup: newer, database: database)
        }
        // The good one still restores.
        #expect(try SQLiteRestore.restore(backup: backup, database: database).keptAside != nil)
    }
}
