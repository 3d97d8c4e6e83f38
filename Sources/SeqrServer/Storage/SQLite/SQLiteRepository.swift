import Foundation
import GRDB
import SeqrCore

/// The embedded default: one SQLite file through GRDB, WAL mode with `synchronous = FULL`, so a
/// write the server acknowledged survives `kill -9` and power loss.
public final class SQLiteNoteRepository: NoteRepository {
    let database: DatabasePool
    let noteReader: SQLiteNoteReader

    public init(path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
        }
        database = try DatabasePool(path: path, configuration: configuration)
        noteReader = SQLiteNoteReader(path: path)
    }

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1-accounts") { db in
            try db.execute(sql: """
                CREATE TABLE account (
                  id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT NOT NULL,
                  pro INTEGER NOT NULL DEFAULT 0, created_at DOUBLE NOT NULL)
                """)
        }
        migrator.registerMigration("v1-sessions") { db in
            try db.execute(sql: """
                CREATE TABLE session (
                  token_hash BLOB PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  created_at DOUBLE NOT NULL, expires_at DOUBLE NOT NULL);
                CREATE INDEX session_account ON session(account_id);
                """)
        }
        migrator.registerMigration("v1-notes") { db in
            try db.execute(sql: """
                CREATE TABLE note (
                  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  title BLOB NOT NULL, info BLOB NOT NULL, format TEXT NOT NULL,
                  kdf_algorithm TEXT NOT NULL, kdf_iterations INTEGER NOT NULL, kdf_salt TEXT,
                  version INTEGER NOT NULL, created_at DOUBLE NOT NULL, updated_at DOUBLE NOT NULL);
                CREATE INDEX note_account ON note(account_id);
                """)
        }
        migrator.registerMigration("v2-location") { db in
            try db.execute(sql: """
                CREATE TABLE location_share (
                  id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
                  format TEXT NOT NULL, created_at DOUBLE NOT NULL, expires_at DOUBLE, next_seq INTEGER NOT NULL DEFAULT 1);
                CREATE INDEX location_share_account ON location_share(account_id);
                CREATE TABLE location_fix (
                  share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq INTEGER NOT NULL,
                  data TEXT NOT NULL, received_at DOUBLE NOT NULL, PRIMARY KEY (share_id, seq));
                """)
        }
        migrator.registerMigration("v3-server-keys") { db in
            try db.execute(sql: "CREATE TABLE server_key (name TEXT PRIMARY KEY, key BLOB NOT NULL, created_at DOUBLE NOT NULL)")
        }
        return migrator
    }

    /// Reads run synchronously on the calling thread: a read of a few small rows from SQLite's
    /// page cache takes microseconds, less than hopping to GRDB's reader queue and back, which
    /// made authenticated reads several times slower (scripts/bench-server, docs/benchmarks.md).
    /// Every caller runs exactly one SELECT, which SQLite already runs on one consistent snapshot,
    /// so GRDB's `unsafeRead` spares the BEGIN and COMMIT that `read` wraps around it.
    func readNow<T>(_ block: (Database) throws -> T) throws -> T {
        try database.unsafeRead(block)
    }

    public func migrate() async throws {
        try Self.migrator.migrate(database)
    }

    // MARK: Rows

    // Rows are read by position from these explicit column lists: a by-name lookup lowercases
    // and searches the column names on every access, a measurable share of a note read.
    private static let accountColumns = "id, username, auth_hash, kdf_algorithm, kdf_iterations, kdf_salt, pro, created_at"
    private static func account(_ row: Row) -> AccountRecord {
        AccountRecord(
            id: UUIDText.parse(row[0] as String)!, username: row[1], authHash: row[2],
            kdf: AccountKDFParameters(algorithm: row[3], iterations: row[4], salt: row[5]),
            pro: row[6], createdAt: Date(timeIntervalSince1970: row[7]))
    }

    private static let noteColumns = "id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at"
    private static func note(_ row: Row) throws -> NoteRecord {
        guard let format = NoteFormat(rawValue: row[4]) else { throw DatabaseError(message: "unknown note format") }
        let id = UUIDText.parse(row[0] as String)!
        return NoteRecord(
            id: id, accountID: UUIDText.parse(row[1] as String)!,
            note: EncryptedNote(id: id, title: row[2], info: row[3], format: format,
                                kdf: NoteKDF(algorithm: row[5], iterations: row[6], salt: row[7])),
            version: row[8], createdAt: Date(timeIntervalSince1970: row[9]), updatedAt: Date(timeIntervalSince1970: row[10]))
    }

    static func key(_ id: UUID) -> String { UUIDText.lowercase(id) }

    // MARK: Accounts

    public func createAccount(_ account: AccountRecord) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE username = ?", arguments: [account.username]) == nil else {
                throw RepositoryError.usernameTaken
            }
            try db.execute(
                sql: "INSERT INTO account VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [Self.key(account.id), account.username, account.authHash, account.kdf.algorithm,
                            account.kdf.iterations, account.kdf.salt, account.pro, account.createdAt.timeIntervalSince1970])
        }
    }

    public func account(username: String) async throws -> AccountRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM account WHERE username = ?"), arguments: [username]).map(Self.account)
        }
    }

    public func account(id: UUID) async throws -> AccountRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM account WHERE id = ?"), arguments: [Self.key(id)]).map(Self.account)
        }
    }

    public func setPro(username: String, _ pro: Bool) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET pro = ? WHERE username = ?", arguments: [pro, username])
            return db.changesCount > 0
        }
    }

    public func deleteAccount(id: UUID) async throws {
        try await database.write { db in
            // Explicit, so nothing depends on foreign-key enforcement being on.
            try db.execute(sql: "DELETE FROM location_fix WHERE share_id IN (SELECT id FROM location_share WHERE account_id = ?)", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM location_share WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM note WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM session WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [Self.key(id)])
        }
    }

    public func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO server_key VALUES (?, ?, ?)", arguments: [name, fresh, Date().timeIntervalSince1970])
            return try Data.fetchOne(db, sql: "SELECT key FROM server_key WHERE name = ?", arguments: [name]) ?? fresh
        }
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        try await database.write { db in
            try db.execute(sql: "INSERT INTO session VALUES (?, ?, ?, ?)",
                           arguments: [session.tokenHash, Self.key(session.accountID), session.createdAt.timeIntervalSince1970,
                                       session.expiresAt.timeIntervalSince1970])
        }
    }

    public func session(tokenHash: Data, now: Date) async throws -> SessionRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM session WHERE token_hash = ? AND expires_at > ?"), arguments: [tokenHash, now.timeIntervalSince1970]).map { row in
                SessionRecord(tokenHash: row["token_hash"], accountID: UUID(uuidString: row["account_id"])!,
                              createdAt: Date(timeIntervalSince1970: row["created_at"]),
                              expiresAt: Date(timeIntervalSince1970: row["expires_at"]))
            }
        }
    }

    public func deleteSession(tokenHash: Data) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

    // MARK: Notes

    public func notes(owner: UUID) async throws -> [NoteRecord] {
        try readNow { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT \(Self.noteColumns) FROM note WHERE account_id = ? ORDER BY created_at, id"), arguments: [Self.key(owner)]).map(Self.note)
        }
    }

    public func noteCount(owner: UUID) async throws -> Int {
        try readNow { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM note WHERE account_id = ?"), arguments: [Self.key(owner)]) ?? 0
        }
    }

    public func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        try noteReader.note(id: id, owner: owner)
    }

    /// Bytes the owner stores: note ciphertexts and location fixes (what the storage quota counts).
    static func storedBytes(_ db: Database, owner: UUID) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT COALESCE(SUM(length(title) + length(info)), 0) FROM note WHERE account_id = ?)
                 + (SELECT COALESCE(SUM(length(f.data)), 0) FROM location_fix f JOIN location_share s ON f.share_id = s.id WHERE s.account_id = ?)
            """), arguments: [key(owner), key(owner)]) ?? 0
    }

    /// Called after a write, inside its transaction: throwing rolls the write back.
    static func checkQuota(_ db: Database, owner: UUID, _ quota: Int?) throws {
        if let quota, try storedBytes(db, owner: owner) > quota { throw RepositoryError.storageQuotaExceeded(quota: quota) }
    }

    public func createNote(_ record: NoteRecord, limit: Int?, storageQuota: Int?) async throws {
        try await database.write { db in
            if let limit {
                let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM note WHERE account_id = ?"), arguments: [Self.key(record.accountID)]) ?? 0
                guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
            }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM note WHERE id = ?", arguments: [Self.key(record.id)]) == nil else {
                throw RepositoryError.noteExists
            }
            let n = record.note
            try db.execute(
                sql: "INSERT INTO note VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [Self.key(record.id), Self.key(record.accountID), n.title, n.info, n.format.rawValue,
                            n.kdf.algorithm, n.kdf.iterations, n.kdf.salt, record.version,
                            record.createdAt.timeIntervalSince1970, record.updatedAt.timeIntervalSince1970])
            try Self.checkQuota(db, owner: record.accountID, storageQuota)
        }
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord {
        try await database.write { db in
            let record = try Self.update(db, id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now)
            try Self.checkQuota(db, owner: owner, storageQuota)
            return record
        }
    }

    private static func update(_ db: Database, id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date) throws -> NoteRecord {
        guard var record = try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.noteColumns) FROM note WHERE id = ? AND account_id = ?"), arguments: [key(id), key(owner)]).map(note) else {
            throw RepositoryError.notFound
        }
        guard record.version == expectedVersion else { throw RepositoryError.staleVersion(current: record.version) }
        try db.execute(
            sql: """
                UPDATE note SET title = ?, info = ?, format = ?, kdf_algorithm = ?, kdf_iterations = ?, kdf_salt = ?,
                version = version + 1, updated_at = ? WHERE id = ? AND account_id = ? AND version = ?
                """,
            arguments: [content.title, content.info, content.format.rawValue, content.kdf.algorithm, content.kdf.iterations,
                        content.kdf.salt, now.timeIntervalSince1970, key(id), key(owner), expectedVersion])
        record.note = content
        record.note.id = id
        record.version += 1
        record.updatedAt = now
        return record
    }

    public func deleteNote(id: UUID, owner: UUID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM note WHERE id = ? AND account_id = ?", arguments: [Self.key(id), Self.key(owner)])
            return db.changesCount > 0
        }
    }

    public func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                                   keepSession: Data, now: Date) async throws {
        try await database.write { db in
            let stored = try String.fetchAll(db, sql: "SELECT id FROM note WHERE account_id = ?", arguments: [Self.key(owner)])
            guard Set(stored) == Set(notes.keys.map(Self.key)) else { throw RepositoryError.noteSetChanged }
            for (id, (content, version)) in notes {
                _ = try Self.update(db, id: id, owner: owner, content: content, expectedVersion: version, now: now)
            }
            try db.execute(sql: "UPDATE account SET auth_hash = ?, kdf_algorithm = ?, kdf_iterations = ?, kdf_salt = ? WHERE id = ?",
                           arguments: [authHash, kdf.algorithm, kdf.iterations, kdf.salt, Self.key(owner)])
            try db.execute(sql: "DELETE FROM session WHERE account_id = ? AND token_hash != ?", arguments: [Self.key(owner), keepSession])
        }
    }
}
