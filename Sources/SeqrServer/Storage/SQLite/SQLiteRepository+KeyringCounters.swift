import Foundation
import GRDB

/// The browser keyrings' sealed counters in SQLite (migration `v7-keyring-counters`).
extension SQLiteRepository {
    public func keyringCounter(owner: UUID, keyring: String) async throws -> KeyringCounterRecord? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT sealed, updated_at FROM keyring_counter WHERE account_id = ? AND keyring_id = ?",
                                             arguments: [Self.key(owner), keyring]) else { return nil }
            return KeyringCounterRecord(accountID: owner, keyringID: keyring, sealed: row[0], updatedAt: Date(timeIntervalSince1970: row[1]))
        }
    }

    public func saveKeyringCounter(_ counter: KeyringCounterRecord, limit: Int) async throws {
        try await database.write { db in
            let owner = Self.key(counter.accountID)
            try Self.requireAccount(db, counter.accountID)
            let known = try Bool.fetchOne(db, sql: "SELECT 1 FROM keyring_counter WHERE account_id = ? AND keyring_id = ?",
                                          arguments: [owner, counter.keyringID]) != nil
            if !known {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM keyring_counter WHERE account_id = ?", arguments: [owner]) ?? 0
                if count >= limit {
                    try db.execute(sql: """
                        DELETE FROM keyring_counter WHERE account_id = ? AND keyring_id IN (
                          SELECT keyring_id FROM keyring_counter WHERE account_id = ? ORDER BY updated_at, keyring_id LIMIT ?)
                        """, arguments: [owner, owner, count - limit + 1])
                }
            }
            try db.execute(sql: """
                INSERT INTO keyring_counter VALUES (?, ?, ?, ?)
                ON CONFLICT (account_id, keyring_id) DO UPDATE SET sealed = excluded.sealed, updated_at = excluded.updated_at
                """, arguments: [owner, counter.keyringID, counter.sealed, counter.updatedAt.timeIntervalSince1970])
        }
    }
}
