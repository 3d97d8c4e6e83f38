import Foundation
import PostgresNIO

/// The browser keyrings' sealed counters in PostgreSQL (migration `v7-keyring-counters`), each
/// write under the account's row lock, so two browsers' first writes never pass the limit together.
extension PostgresRepository {
    public func keyringCounter(owner: UUID, keyring: String) async throws -> KeyringCounterRecord? {
        for try await (sealed, updated) in try await query("""
            SELECT sealed, updated_at FROM keyring_counter WHERE account_id = \(owner) AND keyring_id = \(keyring)
            """).decode((Data, Double).self) {
            return KeyringCounterRecord(accountID: owner, keyringID: keyring, sealed: sealed, updatedAt: Date(timeIntervalSince1970: updated))
        }
        return nil
    }

    public func saveKeyringCounter(_ counter: KeyringCounterRecord, limit: Int) async throws {
        try await transaction { connection in
            let owner = counter.accountID
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            var known = false
            for try await _ in try await connection.query("""
                SELECT 1 FROM keyring_counter WHERE account_id = \(owner) AND keyring_id = \(counter.keyringID)
                """, logger: self.logger) { known = true }
            if !known {
                var count = 0
                for try await n in try await connection.query("SELECT COUNT(*) FROM keyring_counter WHERE account_id = \(owner)", logger: self.logger)
                    .decode(Int.self) { count = n }
                if count >= limit {
                    try await connection.query("""
                        DELETE FROM keyring_counter WHERE account_id = \(owner) AND keyring_id IN (
                          SELECT keyring_id FROM keyring_counter WHERE account_id = \(owner) ORDER BY updated_at, keyring_id LIMIT \(count - limit + 1))
                        """, logger: self.logger)
                }
            }
            try await connection.query("""
                INSERT INTO keyring_counter VALUES (\(owner), \(counter.keyringID), \(counter.sealed), \(counter.updatedAt.timeIntervalSince1970))
                ON CONFLICT (account_id, keyring_id) DO UPDATE SET sealed = EXCLUDED.sealed, updated_at = EXCLUDED.updated_at
                """, logger: self.logger)
        }
    }
}
