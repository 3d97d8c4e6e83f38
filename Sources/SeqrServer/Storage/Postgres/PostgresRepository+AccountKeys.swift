import Foundation
import Logging
import PostgresNIO
import SeqrCore

/// The account key and its wrapped copies in PostgreSQL (migration `v5-account-keys`). Every
/// write takes the account's row lock first, so concurrent adds and removals are serialised.
extension PostgresRepository {
    public func accountKey(owner: UUID) async throws -> AccountKeyRecord? {
        var found: AccountKeyRecord?
        for try await (algorithm, iterations, salt, created) in try await query("""
            SELECT kdf_algorithm, kdf_iterations, kdf_salt, created_at FROM account_key WHERE account_id = \(owner)
            """).decode((String, Int, String, Double).self) {
            found = AccountKeyRecord(accountID: owner, noteKDF: AccountKDFParameters(algorithm: algorithm, iterations: iterations, salt: salt),
                                     createdAt: Date(timeIntervalSince1970: created), methods: [])
        }
        guard var record = found else { return nil }
        for try await (id, kind, wrapped, created) in try await query("""
            SELECT id, kind, wrapped_key, created_at FROM unlock_method WHERE account_id = \(owner) ORDER BY created_at, id
            """).decode((String, String, Data, Double).self) {
            guard let kind = UnlockMethodKind(rawValue: kind) else { throw RepositoryError.unknownFormat(kind) }
            record.methods.append(UnlockMethodRecord(accountID: owner, id: id, kind: kind, wrappedKey: wrapped, createdAt: Date(timeIntervalSince1970: created)))
        }
        return record
    }

    public func createAccount(_ account: AccountRecord, key accountKey: AccountKeyRecord) async throws {
        try await transaction { connection in
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO account (\(unescaped: PostgresPreparedStatements.accountColumns)) VALUES (\(account.id), \(account.username), \(account.authHash),
                  \(account.kdf.algorithm), \(account.kdf.iterations), \(account.kdf.salt), \(account.pro), \(account.createdAt.timeIntervalSince1970))
                ON CONFLICT (username) DO NOTHING RETURNING id
                """, logger: self.logger) { inserted = true }
            guard inserted else { throw RepositoryError.usernameTaken }
            try await Self.insert(connection, logger: self.logger, accountKey)
        }
    }

    public func createAccountKey(_ accountKey: AccountKeyRecord) async throws {
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: accountKey.accountID)
            guard try await !Self.hasAccountKey(connection, logger: self.logger, owner: accountKey.accountID) else { throw RepositoryError.accountKeyExists }
            try await Self.insert(connection, logger: self.logger, accountKey)
        }
    }

    private static func hasAccountKey(_ connection: PostgresConnection, logger: Logger, owner: UUID) async throws -> Bool {
        for try await _ in try await connection.query("SELECT 1 FROM account_key WHERE account_id = \(owner)", logger: logger) { return true }
        return false
    }

    private static func insert(_ connection: PostgresConnection, logger: Logger, _ accountKey: AccountKeyRecord) async throws {
        try await connection.query("""
            INSERT INTO account_key VALUES (\(accountKey.accountID), \(accountKey.noteKDF.algorithm), \(accountKey.noteKDF.iterations),
              \(accountKey.noteKDF.salt), \(accountKey.createdAt.timeIntervalSince1970))
            """, logger: logger)
        for method in accountKey.methods { try await insert(connection, logger: logger, method) }
    }

    private static func insert(_ connection: PostgresConnection, logger: Logger, _ method: UnlockMethodRecord) async throws {
        try await connection.query("""
            INSERT INTO unlock_method VALUES (\(method.accountID), \(method.id), \(method.kind.rawValue), \(method.wrappedKey),
              \(method.createdAt.timeIntervalSince1970))
            """, logger: logger)
    }

    public func addUnlockMethod(_ method: UnlockMethodRecord, limit: Int) async throws {
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: method.accountID)
            guard try await Self.hasAccountKey(connection, logger: self.logger, owner: method.accountID) else { throw RepositoryError.noAccountKey }
            var ids: [String] = []
            for try await id in try await connection.query("SELECT id FROM unlock_method WHERE account_id = \(method.accountID)", logger: self.logger)
                .decode(String.self) { ids.append(id) }
            guard !ids.contains(method.id) else { throw RepositoryError.unlockMethodExists }
            guard ids.count < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try await Self.insert(connection, logger: self.logger, method)
        }
    }

    public func removeUnlockMethod(owner: UUID, id: String) async throws {
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            var kind: String?
            for try await found in try await connection.query("SELECT kind FROM unlock_method WHERE account_id = \(owner) AND id = \(id)", logger: self.logger)
                .decode(String.self) { kind = found }
            guard let kind else { throw RepositoryError.notFound }
            guard kind != UnlockMethodKind.password.rawValue else { throw RepositoryError.lastPassword }
            try await connection.query("DELETE FROM unlock_method WHERE account_id = \(owner) AND id = \(id)", logger: self.logger)
        }
    }

    public func replacePassword(owner: UUID, authHash: String, kdf: AccountKDFParameters, password: UnlockMethodRecord, keepSession: Data) async throws {
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            guard try await Self.hasAccountKey(connection, logger: self.logger, owner: owner) else { throw RepositoryError.noAccountKey }
            try await connection.query("DELETE FROM unlock_method WHERE account_id = \(owner) AND kind = \(UnlockMethodKind.password.rawValue)",
                                       logger: self.logger)
            try await Self.insert(connection, logger: self.logger, password)
            try await connection.query("""
                UPDATE account SET auth_hash = \(authHash), kdf_algorithm = \(kdf.algorithm), kdf_iterations = \(kdf.iterations),
                  kdf_salt = \(kdf.salt) WHERE id = \(owner)
                """, logger: self.logger)
            try await connection.query("DELETE FROM session WHERE account_id = \(owner) AND token_hash <> \(keepSession)", logger: self.logger)
        }
    }
}
