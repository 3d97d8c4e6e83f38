import Foundation
import PostgresNIO
import SeqrCore

/// A notes kit's wrapped key in PostgreSQL: a row of `unlock_method` of kind `kit`, replaced under the account's row lock.
extension PostgresRepository {
    public func replaceKit(_ kit: UnlockMethodRecord, limit: Int) async throws {
        try await transaction { connection in
            let owner = kit.accountID
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            var hasKey = false
            for try await _ in try await connection.query("SELECT 1 FROM account_key WHERE account_id = \(owner)", logger: self.logger) { hasKey = true }
            guard hasKey else { throw RepositoryError.noAccountKey }
            try await connection.query("DELETE FROM unlock_method WHERE account_id = \(owner) AND kind = \(UnlockMethodKind.kit.rawValue)",
                                       logger: self.logger)
            var others = 0
            for try await count in try await connection.query("SELECT COUNT(*) FROM unlock_method WHERE account_id = \(owner)", logger: self.logger)
                .decode(Int.self) { others = count }
            // Throwing rolls the deletion back: the old kit stays.
            guard others < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try await connection.query("""
                INSERT INTO unlock_method VALUES (\(owner), \(kit.id), \(kit.kind.rawValue), \(kit.wrappedKey), \(kit.createdAt.timeIntervalSince1970))
                """, logger: self.logger)
        }
    }
}
