import Foundation
import GRDB
import SeqrCore

/// A notes kit's wrapped key in SQLite: a row of `unlock_method` of kind `kit` (migration `v5-account-keys`).
extension SQLiteRepository {
    public func replaceKit(_ kit: UnlockMethodRecord, limit: Int) async throws {
        try await database.write { db in
            let owner = Self.key(kit.accountID)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [owner]) != nil else {
                throw RepositoryError.noAccountKey
            }
            try db.execute(sql: "DELETE FROM unlock_method WHERE account_id = ? AND kind = ?", arguments: [owner, UnlockMethodKind.kit.rawValue])
            let others = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM unlock_method WHERE account_id = ?", arguments: [owner]) ?? 0
            // Throwing rolls the deletion back: the old kit stays.
            guard others < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try db.execute(sql: "INSERT INTO unlock_method VALUES (?, ?, ?, ?, ?)",
                           arguments: [owner, kit.id, kit.kind.rawValue, kit.wrappedKey, kit.createdAt.timeIntervalSince1970])
        }
    }
}
