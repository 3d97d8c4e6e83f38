import Foundation
import PostgresNIO

/// Passkeys in PostgreSQL (migration `v6-passkeys`). Adding one takes the account's row lock,
/// as every unlock-method write does, so the method limit holds under concurrency.
extension PostgresRepository: PasskeyRepository {
    public func addPasskey(_ passkey: PasskeyRecord, method: UnlockMethodRecord, limit: Int) async throws {
        try await transaction { connection in
            let owner = method.accountID
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            var hasKey = false
            for try await _ in try await connection.query("SELECT 1 FROM account_key WHERE account_id = \(owner)", logger: self.logger) { hasKey = true }
            guard hasKey else { throw RepositoryError.noAccountKey }
            var ids: [String] = []
            for try await id in try await connection.query("SELECT id FROM unlock_method WHERE account_id = \(owner)", logger: self.logger)
                .decode(String.self) { ids.append(id) }
            var taken = ids.contains(method.id)
            for try await _ in try await connection.query("SELECT 1 FROM passkey WHERE credential_id = \(passkey.credentialID)", logger: self.logger) {
                taken = true
            }
            guard !taken else { throw RepositoryError.unlockMethodExists }
            guard ids.count < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try await connection.query("""
                INSERT INTO unlock_method VALUES (\(owner), \(method.id), \(method.kind.rawValue), \(method.wrappedKey),
                  \(method.createdAt.timeIntervalSince1970))
                """, logger: self.logger)
            // Two accounts racing for one credential id: the primary key refuses the second.
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO passkey VALUES (\(passkey.credentialID), \(owner), \(passkey.methodID), \(passkey.publicKey),
                  \(Int64(passkey.signCount)), \(passkey.createdAt.timeIntervalSince1970))
                ON CONFLICT (credential_id) DO NOTHING RETURNING 1
                """, logger: self.logger) { inserted = true }
            guard inserted else { throw RepositoryError.unlockMethodExists }
        }
    }

    public func passkey(credentialID: Data) async throws -> PasskeyRecord? {
        for try await (account, method, key, count, created) in try await client.query("""
            SELECT account_id, method_id, public_key, sign_count, created_at FROM passkey WHERE credential_id = \(credentialID)
            """, logger: logger).decode((UUID, String, Data, Int64, Double).self) {
            return PasskeyRecord(accountID: account, credentialID: credentialID, methodID: method, publicKey: key,
                                 signCount: UInt32(clamping: count), createdAt: Date(timeIntervalSince1970: created))
        }
        return nil
    }

    public func passkeyIDs(owner: UUID) async throws -> [Data] {
        var ids: [Data] = []
        for try await id in try await client.query("SELECT credential_id FROM passkey WHERE account_id = \(owner) ORDER BY created_at",
                                                   logger: logger).decode(Data.self) { ids.append(id) }
        return ids
    }

    public func updateSignCount(credentialID: Data, from: UInt32, to: UInt32) async throws -> Bool {
        var updated = false
        for try await _ in try await client.query("""
            UPDATE passkey SET sign_count = \(Int64(to)) WHERE credential_id = \(credentialID) AND sign_count = \(Int64(from)) RETURNING 1
            """, logger: logger) { updated = true }
        return updated
    }
}
