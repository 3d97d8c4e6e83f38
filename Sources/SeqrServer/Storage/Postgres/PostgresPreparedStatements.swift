import Foundation
import PostgresNIO

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

    /// `GET /v1/notes/{id}`: one note of its owner.
    struct Note: PostgresPreparedStatement {
        static let name = "seqr_note_v1"
        static let sql = "SELECT \(noteColumns) FROM note WHERE id = $1 AND account_id = $2"
        static let bindingDataTypes: [PostgresDataType] = [.uuid, .uuid]
        typealias Row = NoteRow
        let id: UUID
        let owner: UUID

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            bindings.append(id)
            bindings.append(owner)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }

    /// The bearer-token check: a live session.
    struct Session: PostgresPreparedStatement {
        static let name = "seqr_session_v1"
        static let sql = "SELECT token_hash, account_id, created_at, expires_at FROM session WHERE token_hash = $1 AND expires_at > $2"
        static let bindingDataTypes: [PostgresDataType] = [.bytea, .float8]
        typealias Row = (Data, UUID, Double, Double)
        let tokenHash: Data
        let now: Double

        func makeBindings() throws -> PostgresBindings {
            var bindings = PostgresBindings(capacity: 2)
            try bindings.append(tokenHash)
            bindings.append(now)
            return bindings
        }

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
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

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
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

        func decodeRow(_ row: PostgresRow) throws -> Row { try row.decode(Row.self) }
    }
}
