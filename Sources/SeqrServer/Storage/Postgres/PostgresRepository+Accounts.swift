import Foundation
import Logging
import PostgresNIO
import SeqrCore

/// Accounts, sessions and server keys in PostgreSQL (migrations `v1-accounts`, `v1-sessions`, `v3-server-keys`).
extension PostgresRepository {
    private typealias AccountRow = PostgresPreparedStatements.AccountRow
    private static let accountColumns = PostgresPreparedStatements.accountColumns
    private static func account(_ r: AccountRow) -> AccountRecord { PostgresPreparedStatements.account(r) }

    private func accounts(_ query: PostgresQuery) async throws -> [AccountRecord] {
        var result: [AccountRecord] = []
        for try await row in try await self.query(query) { result.append(Self.account(try PostgresPreparedStatements.accountRow(row))) }
        return result
    }

    public func createAccount(_ account: AccountRecord) async throws {
        let inserted = try await query("""
            INSERT INTO account (\(unescaped: Self.accountColumns)) VALUES (\(account.id), \(account.username), \(account.authHash),
              \(account.kdf.algorithm), \(account.kdf.iterations), \(account.kdf.salt), \(account.pro), \(account.createdAt.timeIntervalSince1970))
            ON CONFLICT (username) DO NOTHING RETURNING id
            """).decode(UUID.self)
        var any = false
        for try await _ in inserted { any = true }
        guard any else { throw RepositoryError.usernameTaken }
    }

    public func account(username: String) async throws -> AccountRecord? {
        try await accounts("SELECT \(unescaped: Self.accountColumns) FROM account WHERE username = \(username)").first
    }

    public func account(id: UUID) async throws -> AccountRecord? {
        var found: AccountRecord?
        for try await row in try await execute(PostgresPreparedStatements.Account(id: id)) { found = Self.account(row) }
        return found
    }

    public func setPro(username: String, _ pro: Bool) async throws -> Bool {
        var changed = false
        for try await _ in try await query("UPDATE account SET pro = \(pro) WHERE username = \(username) RETURNING id") {
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
            try await connection.query("DELETE FROM keyring_counter WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM unlock_method WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM account_key WHERE account_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM account WHERE id = \(id)", logger: self.logger)
        }
    }

    public func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data {
        try await query("""
            INSERT INTO server_key VALUES (\(name), \(fresh), \(Date().timeIntervalSince1970)) ON CONFLICT (name) DO NOTHING
            """)
        for try await key in try await query("SELECT key FROM server_key WHERE name = \(name)").decode(Data.self) {
            return key
        }
        return fresh
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        for try await _ in try await query("""
            INSERT INTO session SELECT \(session.tokenHash), id, \(session.createdAt.timeIntervalSince1970), \(session.expiresAt.timeIntervalSince1970)
            FROM account WHERE id = \(session.accountID) RETURNING token_hash
            """) {
            return
        }
        throw RepositoryError.notFound
    }

    public func session(tokenHash: Data, now: Date) async throws -> SessionRecord? {
        var found: SessionRecord?
        for try await (hash, account, created, expires) in try await execute(
            PostgresPreparedStatements.Session(tokenHash: tokenHash, now: now.timeIntervalSince1970)) {
            found = SessionRecord(tokenHash: hash, accountID: account, createdAt: Date(timeIntervalSince1970: created),
                                  expiresAt: Date(timeIntervalSince1970: expires))
        }
        return found
    }

    public func signedInAccount(tokenHash: Data, now: Date) async throws -> (session: SessionRecord, account: AccountRecord)? {
        try await reads.signedInAccount(tokenHash: tokenHash, now: now)
    }

    public func deleteSession(tokenHash: Data) async throws {
        try await query("DELETE FROM session WHERE token_hash = \(tokenHash)")
    }

    // MARK: Password change

    public func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                                   keepSession: Data, now: Date) async throws {
        let replacements = notes.map { (id: $0.key, content: $0.value.0, version: $0.value.1) }
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            // Re-encrypting under a new password would leave the account key wrapped for the old one.
            for try await _ in try await connection.query("SELECT 1 FROM account_key WHERE account_id = \(owner)", logger: self.logger) {
                throw RepositoryError.accountKeyExists
            }
            var stored = Set<UUID>()
            for try await id in try await connection.query("SELECT id FROM note WHERE account_id = \(owner)", logger: self.logger).decode(UUID.self) {
                stored.insert(id)
            }
            guard stored == Set(replacements.map(\.id)) else { throw RepositoryError.noteSetChanged }
            for replacement in replacements {
                _ = try await Self.updateNote(connection, logger: self.logger, id: replacement.id, owner: owner, content: replacement.content,
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
