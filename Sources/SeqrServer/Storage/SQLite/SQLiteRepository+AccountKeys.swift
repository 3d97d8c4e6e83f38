import Foundation
import GRDB
import SeqrCore

/// The account key and its wrapped copies in SQLite (migration `v5-account-keys`).
extension SQLiteRepository {
    public func accountKey(owner: UUID) async throws -> AccountKeyRecord? {
        try await database.read { db in try Self.accountKey(db, owner: owner) }
    }

    static func accountKey(_ db: Database, owner: UUID) throws -> AccountKeyRecord? {
        guard let row = try Row.fetchOne(db, sql: "SELECT kdf_algorithm, kdf_iterations, kdf_salt, created_at FROM account_key WHERE account_id = ?",
                                         arguments: [key(owner)]) else { return nil }
        let methods = try Row.fetchAll(db, sql: """
            SELECT id, kind, wrapped_key, created_at FROM unlock_method WHERE account_id = ? ORDER BY created_at, id
            """, arguments: [key(owner)]).map { method in
            guard let kind = UnlockMethodKind(rawValue: method[1]) else { throw RepositoryError.unknownFormat(method[1]) }
            return UnlockMethodRecord(accountID: owner, id: method[0], kind: kind, wrappedKey: method[2], createdAt: Date(timeIntervalSince1970: method[3]))
        }
        return AccountKeyRecord(accountID: owner, noteKDF: AccountKDFParameters(algorithm: row[0], iterations: row[1], salt: row[2]),
                                createdAt: Date(timeIntervalSince1970: row[3]), methods: methods)
    }

    public func createAccount(_ account: AccountRecord, key accountKey: AccountKeyRecord) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE username = ?", arguments: [account.username]) == nil else {
                throw RepositoryError.usernameTaken
            }
            try db.execute(
                sql: "INSERT INTO account VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [Self.key(account.id), account.username, account.authHash, account.kdf.algorithm,
                            account.kdf.iterations, account.kdf.salt, account.pro, account.createdAt.timeIntervalSince1970])
            try Self.insert(db, accountKey)
        }
    }

    public func createAccountKey(_ accountKey: AccountKeyRecord) async throws {
        try await database.write { db in
            try Self.requireAccount(db, accountKey.accountID)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [Self.key(accountKey.accountID)]) == nil else {
                throw RepositoryError.accountKeyExists
            }
            try Self.insert(db, accountKey)
        }
    }

    private static func insert(_ db: Database, _ accountKey: AccountKeyRecord) throws {
        try db.execute(sql: "INSERT INTO account_key VALUES (?, ?, ?, ?, ?)",
                       arguments: [key(accountKey.accountID), accountKey.noteKDF.algorithm, accountKey.noteKDF.iterations, accountKey.noteKDF.salt,
                                   accountKey.createdAt.timeIntervalSince1970])
        for method in accountKey.methods { try insert(db, method) }
    }

    private static func insert(_ db: Database, _ method: UnlockMethodRecord) throws {
        try db.execute(sql: "INSERT INTO unlock_method VALUES (?, ?, ?, ?, ?)",
                       arguments: [key(method.accountID), method.id, method.kind.rawValue, method.wrappedKey, method.createdAt.timeIntervalSince1970])
    }

    public func addUnlockMethod(_ method: UnlockMethodRecord, limit: Int) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [Self.key(method.accountID)]) != nil else {
                throw RepositoryError.noAccountKey
            }
            let ids = try String.fetchAll(db, sql: "SELECT id FROM unlock_method WHERE account_id = ?", arguments: [Self.key(method.accountID)])
            guard !ids.contains(method.id) else { throw RepositoryError.unlockMethodExists }
            guard ids.count < limit else { throw RepositoryError.tooManyUnlockMethods(limit: limit) }
            try Self.insert(db, method)
        }
    }

    public func removeUnlockMethod(owner: UUID, id: String) async throws {
        try await database.write { db in
            guard let kind = try String.fetchOne(db, sql: "SELECT kind FROM unlock_method WHERE account_id = ? AND id = ?",
                                                 arguments: [Self.key(owner), id]) else { throw RepositoryError.notFound }
            guard kind != UnlockMethodKind.password.rawValue else { throw RepositoryError.lastPassword }
            try db.execute(sql: "DELETE FROM unlock_method WHERE account_id = ? AND id = ?", arguments: [Self.key(owner), id])
        }
    }

    public func replacePassword(owner: UUID, authHash: String, kdf: AccountKDFParameters, password: UnlockMethodRecord, keepSession: Data) async throws {
        try await database.write { db in
            try Self.requireAccount(db, owner)
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [Self.key(owner)]) != nil else {
                throw RepositoryError.noAccountKey
            }
            try db.execute(sql: "DELETE FROM unlock_method WHERE account_id = ? AND kind = ?", arguments: [Self.key(owner), UnlockMethodKind.password.rawValue])
            try Self.insert(db, password)
            try db.execute(sql: "UPDATE account SET auth_hash = ?, kdf_algorithm = ?, kdf_iterations = ?, kdf_salt = ? WHERE id = ?",
                           arguments: [authHash, kdf.algorithm, kdf.iterations, kdf.salt, Self.key(owner)])
            try db.execute(sql: "DELETE FROM session WHERE account_id = ? AND token_hash != ?", arguments: [Self.key(owner), keepSession])
        }
    }
}
