import Foundation
import GRDB

/// Passkeys in SQLite (migration `v6-passkeys`).
extension SQLiteRepository: PasskeyRepository {
    public func addPasskey(_ passkey: PasskeyRecord, method: UnlockMethodRecord, limit: Int) async throws {
        try await database.write { db in
            let owner = Self.key(method.accountID)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [owner]) != nil else {
                throw RepositoryError.noAccountKey
            }
            let ids = try String.fetchAll(db, sql: "SELECT id FROM unlock_method WHERE account_id = ?", arguments: [owner])
            guard !ids.contains(method.id),
                  try Bool.fetchOne(db, sql: "SELECT 1 FROM passkey WHERE credential_id = ?", arguments: [passkey.credentialID]) == nil else {
                throw RepositoryError.unlockMethodExists
            }
            guard ids.count < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try db.execute(sql: "INSERT INTO unlock_method VALUES (?, ?, ?, ?, ?)",
                           arguments: [owner, method.id, method.kind.rawValue, method.wrappedKey, method.createdAt.timeIntervalSince1970])
            try db.execute(sql: "INSERT INTO passkey VALUES (?, ?, ?, ?, ?, ?)",
                           arguments: [passkey.credentialID, owner, passkey.methodID, passkey.publicKey, Int64(passkey.signCount),
                                       passkey.createdAt.timeIntervalSince1970])
        }
    }

    public func passkey(credentialID: Data) async throws -> PasskeyRecord? {
        try await database.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT account_id, method_id, public_key, sign_count, created_at FROM passkey WHERE credential_id = ?",
                                             arguments: [credentialID]) else { return nil }
            let count: Int64 = row[3]
            return PasskeyRecord(accountID: try Self.uuid(row[0]), credentialID: credentialID, methodID: row[1], publicKey: row[2],
                                 signCount: UInt32(clamping: count), createdAt: Date(timeIntervalSince1970: row[4]))
        }
    }

    public func passkeyIDs(owner: UUID) async throws -> [Data] {
        try await database.read { db in
            try Data.fetchAll(db, sql: "SELECT credential_id FROM passkey WHERE account_id = ? ORDER BY created_at", arguments: [Self.key(owner)])
        }
    }

    public func updateSignCount(credentialID: Data, from: UInt32, to: UInt32) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE passkey SET sign_count = ? WHERE credential_id = ? AND sign_count = ?",
                           arguments: [Int64(to), credentialID, Int64(from)])
            return db.changesCount == 1
        }
    }
}
