import Foundation
import Logging
import PostgresNIO
import SeqrCore

/// PostgreSQL through postgres-nio, for deployments with several server processes. Same
/// tables and named migrations as ``SQLiteNoteRepository``; `client` must be running
/// (``run()`` is a service the application's service group starts).
public final class PostgresNoteRepository: NoteRepository {
    public let client: PostgresClient
    let logger: Logger

    public typealias URLError = PostgresURLError

    /// - Parameter url: `postgres://user[:password]@host[:port]/database[?sslmode=…]` (``PostgresURL``:
    ///   TLS as `sslmode` says, off by default; the password from `passwordFile`, the URL or `PGPASSWORD`).
    public convenience init(url: String, passwordFile: String? = nil, logger: Logger) throws {
        try self.init(settings: PostgresURL(parsing: url, passwordFile: passwordFile), logger: logger)
    }

    public init(settings: PostgresURL, logger: Logger) {
        self.logger = logger
        client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger)
    }

    /// Runs the connection pool until cancelled.
    public func run() async {
        await client.run()
    }

    static let migrations: [(name: String, sql: [String])] = [
        ("v1-accounts", ["""
            CREATE TABLE account (
              id UUID PRIMARY KEY, username TEXT NOT NULL UNIQUE, auth_hash TEXT NOT NULL,
              kdf_algorithm TEXT NOT NULL, kdf_iterations BIGINT NOT NULL, kdf_salt TEXT NOT NULL,
              pro BOOLEAN NOT NULL DEFAULT FALSE, created_at DOUBLE PRECISION NOT NULL)
            """]),
        ("v1-sessions", ["""
            CREATE TABLE session (
              token_hash BYTEA PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
              created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION NOT NULL)
            """, "CREATE INDEX session_account ON session(account_id)"]),
        ("v1-notes", ["""
            CREATE TABLE note (
              id UUID PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
              title BYTEA NOT NULL, info BYTEA NOT NULL, format TEXT NOT NULL,
              kdf_algorithm TEXT NOT NULL, kdf_iterations BIGINT NOT NULL, kdf_salt TEXT,
              version BIGINT NOT NULL, created_at DOUBLE PRECISION NOT NULL, updated_at DOUBLE PRECISION NOT NULL)
            """, "CREATE INDEX note_account ON note(account_id)"]),
        ("v2-location", ["""
            CREATE TABLE location_share (
              id TEXT PRIMARY KEY, account_id UUID NOT NULL REFERENCES account(id) ON DELETE CASCADE,
              format TEXT NOT NULL, created_at DOUBLE PRECISION NOT NULL, expires_at DOUBLE PRECISION, next_seq BIGINT NOT NULL DEFAULT 1)
            """, "CREATE INDEX location_share_account ON location_share(account_id)", """
            CREATE TABLE location_fix (
              share_id TEXT NOT NULL REFERENCES location_share(id) ON DELETE CASCADE, seq BIGINT NOT NULL,
              data TEXT NOT NULL, received_at DOUBLE PRECISION NOT NULL, PRIMARY KEY (share_id, seq))
            """]),
        ("v3-server-keys", ["CREATE TABLE server_key (name TEXT PRIMARY KEY, key BYTEA NOT NULL, created_at DOUBLE PRECISION NOT NULL)"]),
    ]

    public func migrate() async throws {
        try await transaction { connection in
            // One migrating server at a time.
            try await connection.query("SELECT pg_advisory_xact_lock(7313)", logger: self.logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS seqr_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)", logger: self.logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM seqr_migrations", logger: self.logger).decode(String.self) {
                applied.insert(name)
            }
            for migration in Self.migrations where !applied.contains(migration.name) {
                for statement in migration.sql {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: self.logger)
                }
                let now = Date().timeIntervalSince1970
                try await connection.query("INSERT INTO seqr_migrations VALUES (\(migration.name), \(now))", logger: self.logger)
            }
        }
    }

    /// A transaction whose closure's own errors come out unwrapped.
    func transaction<T: Sendable>(_ body: @escaping (PostgresConnection) async throws -> T) async throws -> T {
        do {
            return try await client.withTransaction(logger: logger) { connection in try await body(connection) }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error
        }
    }

    // MARK: Rows

    private typealias AccountRow = (UUID, String, String, String, Int, String, Bool, Double)
    private static let accountColumns = "id, username, auth_hash, kdf_algorithm, kdf_iterations, kdf_salt, pro, created_at"
    private static func account(_ r: AccountRow) -> AccountRecord {
        AccountRecord(id: r.0, username: r.1, authHash: r.2, kdf: AccountKDFParameters(algorithm: r.3, iterations: r.4, salt: r.5),
                      pro: r.6, createdAt: Date(timeIntervalSince1970: r.7))
    }

    private typealias NoteRow = (UUID, UUID, Data, Data, String, String, Int, String?, Int, Double, Double)
    private static let noteColumns = "id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at"
    private static func note(_ r: NoteRow) throws -> NoteRecord {
        guard let format = NoteFormat(rawValue: r.4) else { throw RepositoryError.notFound }
        return NoteRecord(
            id: r.0, accountID: r.1,
            note: EncryptedNote(id: r.0, title: r.2, info: r.3, format: format, kdf: NoteKDF(algorithm: r.5, iterations: r.6, salt: r.7)),
            version: r.8, createdAt: Date(timeIntervalSince1970: r.9), updatedAt: Date(timeIntervalSince1970: r.10))
    }

    private func accounts(_ query: PostgresQuery) async throws -> [AccountRecord] {
        var result: [AccountRecord] = []
        for try await row in try await client.query(query, logger: logger).decode(AccountRow.self) { result.append(Self.account(row)) }
        return result
    }

    private static func notes(_ rows: PostgresRowSequence) async throws -> [NoteRecord] {
        var result: [NoteRecord] = []
        for try await row in rows.decode(NoteRow.self) { result.append(try note(row)) }
        return result
    }

    // MARK: Accounts

    public func createAccount(_ account: AccountRecord) async throws {
        let inserted = try await client.query("""
            INSERT INTO account (\(unescaped: Self.accountColumns)) VALUES (\(account.id), \(account.username), \(account.authHash),
              \(account.kdf.algorithm), \(account.kdf.iterations), \(account.kdf.salt), \(account.pro), \(account.createdAt.timeIntervalSince1970))
            ON CONFLICT (username) DO NOTHING RETURNING id
            """, logger: logger).decode(UUID.self)
        var any = false
        for try await _ in inserted { any = true }
        guard any else { throw RepositoryError.usernameTaken }
    }

    public func account(username: String) async throws -> AccountRecord? {
        try await accounts("SELECT \(unescaped: Self.accountColumns) FROM account WHERE username = \(username)").first
    }

    public func account(id: UUID) async throws -> AccountRecord? {
        try await accounts("SELECT \(unescaped: Self.accountColumns) FROM account WHERE id = \(id)").first
    }

    public func setPro(username: String, _ pro: Bool) async throws -> Bool {
        var changed = false
        for try await _ in try await client.query("UPDATE account SET pro = \(pro) WHERE username = \(username) RETURNING id", logger: logger) {
            changed = true
        }
        return changed
    }

    public func deleteAccount(id: UUID) async throws {
        try await transaction { connection in
            try await connection.query("DELETE FROM location_fix WHERE share_id IN (SELECT id FROM location_share WHERE account_id = \(id))", logger: self.logger)
            try await connection.query("DELETE FROM location_share WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM note WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM session WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM account WHERE id = \(id)", logger: self.logger)
        }
    }

    public func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data {
        try await client.query("""
            INSERT INTO server_key VALUES (\(name), \(fresh), \(Date().timeIntervalSince1970)) ON CONFLICT (name) DO NOTHING
            """, logger: logger)
        for try await key in try await client.query("SELECT key FROM server_key WHERE name = \(name)", logger: logger).decode(Data.self) {
            return key
        }
        return fresh
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        try await client.query("""
            INSERT INTO session VALUES (\(session.tokenHash), \(session.accountID), \(session.createdAt.timeIntervalSince1970),
              \(session.expiresAt.timeIntervalSince1970))
            """, logger: logger)
    }

    public func session(tokenHash: Data, now: Date) async throws -> SessionRecord? {
        let rows = try await client.query("""
            SELECT token_hash, account_id, created_at, expires_at FROM session
            WHERE token_hash = \(tokenHash) AND expires_at > \(now.timeIntervalSince1970)
            """, logger: logger)
        for try await (hash, account, created, expires) in rows.decode((Data, UUID, Double, Double).self) {
            return SessionRecord(tokenHash: hash, accountID: account, createdAt: Date(timeIntervalSince1970: created),
                                 expiresAt: Date(timeIntervalSince1970: expires))
        }
        return nil
    }

    public func deleteSession(tokenHash: Data) async throws {
        try await client.query("DELETE FROM session WHERE token_hash = \(tokenHash)", logger: logger)
    }

    // MARK: Notes

    public func notes(owner: UUID) async throws -> [NoteRecord] {
        try await Self.notes(client.query("SELECT \(unescaped: Self.noteColumns) FROM note WHERE account_id = \(owner) ORDER BY created_at, id", logger: logger))
    }

    public func noteCount(owner: UUID) async throws -> Int {
        for try await count in try await client.query("SELECT COUNT(*) FROM note WHERE account_id = \(owner)", logger: logger).decode(Int.self) {
            return count
        }
        return 0
    }

    public func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        try await Self.notes(client.query("SELECT \(unescaped: Self.noteColumns) FROM note WHERE id = \(id) AND account_id = \(owner)", logger: logger)).first
    }

    /// Bytes the owner stores: note ciphertexts and location fixes (what the storage quota counts).
    static func storedBytes(_ connection: PostgresConnection, logger: Logger, owner: UUID) async throws -> Int {
        for try await bytes in try await connection.query("""
            SELECT ((SELECT COALESCE(SUM(octet_length(title) + octet_length(info)), 0) FROM note WHERE account_id = \(owner))
                  + (SELECT COALESCE(SUM(octet_length(f.data)), 0) FROM location_fix f JOIN location_share s ON f.share_id = s.id
                     WHERE s.account_id = \(owner)))::BIGINT
            """, logger: logger).decode(Int.self) {
            return bytes
        }
        return 0
    }

    /// Locks the owner's row, so concurrent writes of one account are checked one after another.
    static func lockAccount(_ connection: PostgresConnection, logger: Logger, owner: UUID) async throws {
        try await connection.query("SELECT id FROM account WHERE id = \(owner) FOR UPDATE", logger: logger)
    }

    /// Called after a write, inside its transaction: throwing rolls the write back.
    static func checkQuota(_ connection: PostgresConnection, logger: Logger, owner: UUID, _ quota: Int?) async throws {
        if let quota, try await storedBytes(connection, logger: logger, owner: owner) > quota { throw RepositoryError.storageQuotaExceeded(quota: quota) }
    }

    public func createNote(_ record: NoteRecord, limit: Int?, storageQuota: Int?) async throws {
        try await transaction { connection in
            if limit == nil, storageQuota != nil { try await Self.lockAccount(connection, logger: self.logger, owner: record.accountID) }
            if let limit {
                // The account row lock serialises concurrent creates by one owner.
                try await connection.query("SELECT id FROM account WHERE id = \(record.accountID) FOR UPDATE", logger: self.logger)
                var count = 0
                for try await n in try await connection.query("SELECT COUNT(*) FROM note WHERE account_id = \(record.accountID)", logger: self.logger).decode(Int.self) {
                    count = n
                }
                guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
            }
            let n = record.note
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO note (\(unescaped: Self.noteColumns)) VALUES (\(record.id), \(record.accountID), \(n.title), \(n.info),
                  \(n.format.rawValue), \(n.kdf.algorithm), \(n.kdf.iterations), \(n.kdf.salt), \(record.version),
                  \(record.createdAt.timeIntervalSince1970), \(record.updatedAt.timeIntervalSince1970))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: self.logger) {
                inserted = true
            }
            guard inserted else { throw RepositoryError.noteExists }
            try await Self.checkQuota(connection, logger: self.logger, owner: record.accountID, storageQuota)
        }
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord {
        try await transaction { connection in
            if storageQuota != nil { try await Self.lockAccount(connection, logger: self.logger, owner: owner) }
            let record = try await Self.update(connection, logger: self.logger, id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now)
            try await Self.checkQuota(connection, logger: self.logger, owner: owner, storageQuota)
            return record
        }
    }

    private static func update(_ connection: PostgresConnection, logger: Logger, id: UUID, owner: UUID, content: EncryptedNote,
                               expectedVersion: Int, now: Date) async throws -> NoteRecord {
        let updated = try await notes(connection.query("""
            UPDATE note SET title = \(content.title), info = \(content.info), format = \(content.format.rawValue),
              kdf_algorithm = \(content.kdf.algorithm), kdf_iterations = \(content.kdf.iterations), kdf_salt = \(content.kdf.salt),
              version = version + 1, updated_at = \(now.timeIntervalSince1970)
            WHERE id = \(id) AND account_id = \(owner) AND version = \(expectedVersion)
            RETURNING \(unescaped: noteColumns)
            """, logger: logger))
        if let record = updated.first { return record }
        for try await current in try await connection.query("SELECT version FROM note WHERE id = \(id) AND account_id = \(owner)", logger: logger).decode(Int.self) {
            throw RepositoryError.staleVersion(current: current)
        }
        throw RepositoryError.notFound
    }

    public func deleteNote(id: UUID, owner: UUID) async throws -> Bool {
        var deleted = false
        for try await _ in try await client.query("DELETE FROM note WHERE id = \(id) AND account_id = \(owner) RETURNING id", logger: logger) {
            deleted = true
        }
        return deleted
    }

    public func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                                   keepSession: Data, now: Date) async throws {
        let replacements = notes.map { (id: $0.key, content: $0.value.0, version: $0.value.1) }
        try await transaction { connection in
            try await connection.query("SELECT id FROM account WHERE id = \(owner) FOR UPDATE", logger: self.logger)
            var stored = Set<UUID>()
            for try await id in try await connection.query("SELECT id FROM note WHERE account_id = \(owner)", logger: self.logger).decode(UUID.self) {
                stored.insert(id)
            }
            guard stored == Set(replacements.map(\.id)) else { throw RepositoryError.noteSetChanged }
            for replacement in replacements {
                _ = try await Self.update(connection, logger: self.logger, id: replacement.id, owner: owner, content: replacement.content,
                                          expectedVersion: replacement.version, now: now)
            }
            try await connection.query("""
                UPDATE account SET auth_hash = \(authHash), kdf_algorithm = \(kdf.algorithm), kdf_iterations = \(kdf.iterations),
                  kdf_salt = \(kdf.salt) WHERE id = \(owner)
                """, logger: self.logger)
            try await connection.query("DELETE FROM session WHERE account_id = \(owner) AND token_hash <> \(keepSession)", logger: self.logger)
        }
    }
}
