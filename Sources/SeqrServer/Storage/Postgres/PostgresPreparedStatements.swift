import Foundation
import PostgresNIO
import SeqrCore

/// The queries every authenticated request runs, as named prepared statements: PostgreSQL parses
/// and plans each once per connection instead of once per request, and each request sends only
/// Bind/Execute (see docs/benchmarks.md, "seqr-server on PostgreSQL"). postgres-nio prepares a
/// statement on a connection the first time it runs there. The names carry a version: a changed
/// text needs a new name, since a connection keeps what it prepared under the old one.
enum PostgresPreparedStatements {
    typealias NoteRow = (UUID, UUID, Data, Data, String, String, Int, String?, Int, Double, Double)
    static let noteColumns = "id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at"

    typealias AccountRow = (UUID, String, String, String, Int, String, Bool, Double)
    static let accountColumns = "id, username, auth_hash, kdf_algorithm, kdf_iterations, kdf_salt, pro, created_at"

    /// `GET /v1/notes/{id}`, in batches (``PostgresReadBatch``): the notes whose id and owner are a pair of
    /// `$1` (ids) and `$2` (owners, in the same order).
    enum NoteBatch {
        static let sql = """
            SELECT \(noteColumns.split(separator: ", ").map { "n.\($0)" }.joined(separator: ", "))
            FROM unnest($1::uuid[], $2::uuid[]) AS k(id, account_id) JOIN note n ON n.id = k.id AND n.account_id = k.account_id
            """
    }

    /// The bearer-token check: a live session.
    struct Session: PostgresPreparedStatement {
        static let name = "seqr_session_v1"
        static let sql = "SELECT token_hash, account_id, created_at, expires_at FROM session WHERE token_hash = $1 AND expires_at > $2"
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .float8]
        typealias Row = (Data, UUID, Double, Double)
        let tokenHash: Data
        /// Seconds since 1970.
        let now: Double

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            try bindings.append(tokenHash)
            bindings.append(now)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            var cells = PostgresCellReader(row)
            return (try cells.next(), try cells.next(), try cells.next(), try cells.next())
        }
    }

    /// The bearer-token check, in batches (``PostgresReadBatch``): the sessions live at `$2` (seconds since 1970)
    /// whose token hash is one of `$1`, each with its account, in one round trip.
    enum SessionAccountBatch {
        static let sql = """
            SELECT s.token_hash, s.account_id, s.created_at, s.expires_at, \(accountColumns.split(separator: ", ").map { "a.\($0)" }.joined(separator: ", "))
            FROM session s JOIN account a ON a.id = s.account_id WHERE s.token_hash = ANY($1::bytea[]) AND s.expires_at > $2
            """
    }

    /// The bearer-token check, then every write: the account by id.
    struct Account: PostgresPreparedStatement {
        static let name = "seqr_account_v1"
        static let sql = "SELECT \(accountColumns) FROM account WHERE id = $1"
        static let bindingDataTypes: [PostgresDataType] = [.uuid]
        typealias Row = AccountRow
        let id: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try PostgresPreparedStatements.accountRow(row) }
    }

    /// Every write of an account's notes first locks its row (``PostgresRepository/lockAccount(_:logger:owner:)``).
    struct LockAccount: PostgresPreparedStatement {
        static let name = "seqr_lock_account_v1"
        static let sql = "SELECT id FROM account WHERE id = $1 FOR UPDATE"
        static let bindingDataTypes: [PostgresDataType] = [.uuid]
        typealias Row = UUID
        let id: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 1)
            bindings.append(id)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row {
            var cells = PostgresCellReader(row)
            return try cells.next()
        }
    }

    /// A row of ``noteColumns``, cell by cell (``PostgresCellReader``).
    static func noteRow(_ row: PostgresRow) throws -> NoteRow {
        var c = PostgresCellReader(row)
        return try noteRow(id: c.next(), owner: c.next(), &c)
    }

    /// The cells of ``noteColumns`` after the first two, `id` and `account_id`, read already.
    static func noteRow(id: UUID, owner: UUID, _ c: inout PostgresCellReader) throws -> NoteRow {
        (id, owner, try c.next(), try c.next(), try c.next(), try c.next(),
         try c.next(), try c.next(), try c.next(), try c.next(), try c.next())
    }

    /// The cells of ``SessionAccountBatch``'s row after the first, `token_hash`, read already: the session,
    /// then ``accountColumns``.
    static func sessionAccountRow(tokenHash: Data, _ c: inout PostgresCellReader) throws -> (session: SessionRecord, account: AccountRecord) {
        let session = SessionRecord(tokenHash: tokenHash, accountID: try c.next(),
                                    createdAt: Date(timeIntervalSince1970: try c.next()), expiresAt: Date(timeIntervalSince1970: try c.next()))
        return (session, account(try accountRow(&c)))
    }

    /// A row of ``accountColumns``, cell by cell.
    static func accountRow(_ row: PostgresRow) throws -> AccountRow {
        var c = PostgresCellReader(row)
        return try accountRow(&c)
    }

    /// The next cells as ``accountColumns``.
    static func accountRow(_ c: inout PostgresCellReader) throws -> AccountRow {
        (try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next(), try c.next())
    }

    static func account(_ r: AccountRow) -> AccountRecord {
        AccountRecord(id: r.0, username: r.1, authHash: r.2, kdf: AccountKDFParameters(algorithm: r.3, iterations: r.4, salt: r.5),
                      pro: r.6, createdAt: Date(timeIntervalSince1970: r.7))
    }
}
