import Foundation
import GRDB
import SeqrCore

/// The embedded default: one SQLite file through GRDB, WAL mode with `synchronous = FULL`, so a
/// write the server acknowledged survives `kill -9` and power loss. Ids are stored as lowercase
/// UUID text. Its parts: `+Accounts`, `+Notes`, `+Location`; the hot note read is ``SQLiteNoteReader``.
public final class SQLiteRepository: SeqrRepository {
    let database: DatabasePool
    let noteReader: SQLiteNoteReader
    let path: String
    /// Held shared while this repository is open: `admin restore` refuses to swap the file under it.
    private let fileLock: SQLiteFileLock?

    /// Refuses (``DatabaseCheckError``) an existing file that a newer seqr-server made or that is not
    /// Seqr's before opening it: opening alone would turn it to WAL mode.
    public init(path: String) throws {
        self.path = path
        if FileManager.default.fileExists(atPath: path) { _ = try SchemaCheck.check(path: path, integrity: false) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            // Database time for the metrics (seqr_database_seconds): SQLite's own per-statement profile,
            // traced only when metrics are on (the trace costs every statement).
            if ServerMetrics.isEnabled {
                db.trace(options: .profile) { event in
                    if case .profile(_, let duration) = event {
                        ServerMetrics.database(.sqliteStatement, nanoseconds: UInt64(max(0, duration * 1e9)))
                    }
                }
            }
        }
        database = try DatabasePool(path: path, configuration: configuration)
        noteReader = SQLiteNoteReader(path: path)
        // Only a restore holds it exclusive, for the moment it swaps the files: opening then is refused.
        guard let lock = try SQLiteFileLock.acquire(path: path, mode: .shared) else { throw DatabaseCheckError.restoring(path: path) }
        fileLock = lock
    }

    /// ``Schema``'s SQLite side, under the same names GRDB has recorded in existing databases.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in Schema.migrations {
            migrator.registerMigration(migration.name) { db in
                for statement in migration.sqlite { try db.execute(sql: statement) }
            }
        }
        return migrator
    }

    /// Refuses, before any change, a database a newer seqr-server made or one that is not Seqr's
    /// (``SchemaCheck``); an older one gets its pending migrations, each in its own transaction.
    public func migrate() async throws {
        let path = self.path
        _ = try await database.read { db in try SchemaCheck.check(db, path: path) }
        try Self.migrator.migrate(database)
    }

    /// Reads run synchronously on the calling thread: a read of a few small rows from SQLite's
    /// page cache takes microseconds, less than hopping to GRDB's reader queue and back, which
    /// made authenticated reads several times slower (scripts/bench-server, docs/benchmarks.md).
    /// Every caller runs exactly one SELECT, which SQLite already runs on one consistent snapshot,
    /// so GRDB's `unsafeRead` spares the BEGIN and COMMIT that `read` wraps around it.
    func readNow<T>(_ block: (Database) throws -> T) throws -> T {
        try database.unsafeRead(block)
    }

    static func key(_ id: UUID) -> String { UUIDText.lowercase(id) }

    /// The one way a stored id is read back: a row whose id is not a UUID is an error, not a crash.
    static func uuid(_ text: String) throws -> UUID {
        guard let id = UUIDText.parse(text) else { throw RepositoryError.unreadableRow("a stored id is not a UUID") }
        return id
    }

    /// For writes on an account's behalf: ``RepositoryError/notFound`` when there is no such account.
    static func requireAccount(_ db: Database, _ id: UUID) throws {
        guard try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM account WHERE id = ?"), arguments: [key(id)]) != nil else {
            throw RepositoryError.notFound
        }
    }

    // MARK: Storage quota

    /// Bytes the owner stores: note ciphertexts and location fixes (what the storage quota counts).
    /// Fix data is TEXT, whose `length` counts characters: it is measured as a BLOB, in bytes, as PostgreSQL's `octet_length` does.
    static func storedBytes(_ db: Database, owner: UUID) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: """
            SELECT (SELECT COALESCE(SUM(length(title) + length(info)), 0) FROM note WHERE account_id = ?)
                 + (SELECT COALESCE(SUM(length(CAST(f.data AS BLOB))), 0) FROM location_fix f JOIN location_share s ON f.share_id = s.id WHERE s.account_id = ?)
            """), arguments: [key(owner), key(owner)]) ?? 0
    }

    /// Called after a write, inside its transaction: throwing rolls the write back.
    static func checkQuota(_ db: Database, owner: UUID, _ quota: Int?) throws {
        if let quota, try storedBytes(db, owner: owner) > quota { throw RepositoryError.storageQuotaExceeded(quota: quota) }
    }
}
