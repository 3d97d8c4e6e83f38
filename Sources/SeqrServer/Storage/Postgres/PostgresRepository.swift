import Foundation
import Logging
import PostgresNIO
import SeqrCore
import ServiceLifecycle

/// PostgreSQL through postgres-nio, for deployments with several server processes. The same
/// named migrations as ``SQLiteRepository`` (``Schema``); `client` must be running (``run()`` is
/// a service the application's service group starts). Its parts: `+Accounts`, `+Notes`, `+Location`.
/// The hot reads go over connections of their own (``PostgresReadConnections``), the rest over the pool.
public final class PostgresRepository: SeqrRepository, Service {
    public let client: PostgresClient
    let reads: PostgresReadConnections
    let settings: PostgresURL
    let logger: Logger

    /// - Parameter url: `postgres://user[:password]@host[:port]/database[?sslmode=…]` (``PostgresURL``:
    ///   TLS as `sslmode` says, off by default; the password from `passwordFile`, the URL or `PGPASSWORD`).
    public convenience init(url: String, passwordFile: String? = nil, logger: Logger) throws {
        try self.init(settings: PostgresURL(parsing: url, passwordFile: passwordFile), logger: logger)
    }

    public init(settings: PostgresURL, logger: Logger) {
        self.logger = logger
        self.settings = settings
        client = PostgresClient(configuration: settings.clientConfiguration, backgroundLogger: logger)
        reads = PostgresReadConnections(configuration: Result { try settings.connectionConfiguration() },
                                        perLoop: settings.readConnectionsPerLoop, logger: logger)
    }

    /// Runs the connection pool until cancelled, then closes the read connections.
    public func run() async {
        await client.run()
        await reads.close()
    }

    public func migrate() async throws {
        try await transaction { connection in
            // One migrating server at a time.
            try await connection.query("SELECT pg_advisory_xact_lock(7313)", logger: self.logger)
            try await connection.query("CREATE TABLE IF NOT EXISTS seqr_migrations (name TEXT PRIMARY KEY, applied_at DOUBLE PRECISION NOT NULL)", logger: self.logger)
            var applied = Set<String>()
            for try await name in try await connection.query("SELECT name FROM seqr_migrations", logger: self.logger).decode(String.self) {
                applied.insert(name)
            }
            // A newer Seqr's migrations: refused before anything is applied (the transaction then rolls back).
            _ = try SchemaCheck.verdict(recorded: Array(applied), otherTables: [], path: "the PostgreSQL database")
            for migration in Schema.migrations where !applied.contains(migration.name) {
                for statement in migration.postgres {
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
            return try await ServerMetrics.timingDatabase(.postgresTransaction) {
                try await client.withTransaction(logger: logger) { connection in try await body(connection) }
            }
        } catch let error as PostgresTransactionError {
            throw error.closureError ?? error
        }
    }

    /// A statement outside a transaction, on the pool, timed as database time until PostgreSQL answers
    /// (the rows are then read from the sequence it returns).
    func query(_ query: PostgresQuery, file: String = #fileID, line: Int = #line) async throws -> PostgresRowSequence {
        try await ServerMetrics.timingDatabase(.postgresQuery) { try await client.query(query, logger: logger, file: file, line: line) }
    }

    /// A prepared statement outside a transaction, timed as ``query(_:file:line:)`` is.
    func execute<Statement: PostgresPreparedStatement>(_ statement: Statement, file: String = #fileID, line: Int = #line)
        async throws -> AsyncThrowingMapSequence<PostgresRowSequence, Statement.Row> {
        try await ServerMetrics.timingDatabase(.postgresQuery) { try await client.execute(statement, logger: logger, file: file, line: line) }
    }

    // MARK: Storage quota

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

    /// Locks the owner's row, so concurrent writes of one account are checked one after another;
    /// ``RepositoryError/notFound`` when there is no such account.
    static func lockAccount(_ connection: PostgresConnection, logger: Logger, owner: UUID) async throws {
        var found = false
        for try await _ in try await connection.execute(PostgresPreparedStatements.LockAccount(id: owner), logger: logger) { found = true }
        guard found else { throw RepositoryError.notFound }
    }

    /// Called after a write, inside its transaction: throwing rolls the write back.
    static func checkQuota(_ connection: PostgresConnection, logger: Logger, owner: UUID, _ quota: Int?) async throws {
        if let quota, try await storedBytes(connection, logger: logger, owner: owner) > quota { throw RepositoryError.storageQuotaExceeded(quota: quota) }
    }
}
