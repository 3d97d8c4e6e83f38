import Foundation
import GRDB
import SeqrCore

/// Accounts, sessions and server keys in SQLite (migrations `v1-accounts`, `v1-sessions`, `v3-server-keys`).
extension SQLiteRepository {
    // Rows are read by position from these explicit column lists: a by-name lookup lowercases
    // and searches the column names on every access, a measurable share of a note read.
    private static let accountColumns = "id, username, auth_hash, kdf_algorithm, kdf_iterations, kdf_salt, pro, created_at"
    private static func account(_ row: Row) throws -> AccountRecord {
        AccountRecord(
            id: try uuid(row[0]), username: row[1], authHash: row[2],
            kdf: AccountKDFParameters(algorithm: row[3], iterations: row[4], salt: row[5]),
            pro: row[6], createdAt: Date(timeIntervalSince1970: row[7]))
    }

    public func createAccount(_ account: AccountRecord) async throws {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE username = ?", arguments: [account.username]) == nil else {
                throw RepositoryError.usernameTaken
            }
            try db.execute(
                sql: "INSERT INTO account VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [Self.key(account.id), account.username, account.authHash, account.kdf.algorithm,
                            account.kdf.iterations, account.kdf.salt, account.pro, account.createdAt.timeIntervalSince1970])
        }
    }

    public func account(username: String) async throws -> AccountRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM account WHERE username = ?"), arguments: [username]).map(Self.account)
        }
    }

    public func account(id: UUID) async throws -> AccountRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT \(Self.accountColumns) FROM account WHERE id = ?"), arguments: [Self.key(id)]).map(Self.account)
        }
    }

    public func setPro(username: String, _ pro: Bool) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE account SET pro = ? WHERE username = ?", arguments: [pro, username])
            return db.changesCount > 0
        }
    }

    public func deleteAccount(id: UUID) async throws {
        try await database.write { db in
            // Explicit, so nothing depends on foreign-key enforcement being on.
            try db.execute(sql: "DELETE FROM location_fix WHERE share_id IN (SELECT id FROM location_share WHERE account_id = ?)", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM location_share WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM note WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM session WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM keyring_counter WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM unlock_method WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM account_key WHERE account_id = ?", arguments: [Self.key(id)])
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [Self.key(id)])
        }
    }

    public func serverKey(named name: String, ifAbsent fresh: Data) async throws -> Data {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO server_key VALUES (?, ?, ?)", arguments: [name, fresh, Date().timeIntervalSince1970])
            return try Data.fetchOne(db, sql: "SELECT key FROM server_key WHERE name = ?", arguments: [name]) ?? fresh
        }
    }

    // MARK: Sessions

    public func createSession(_ session: SessionRecord) async throws {
        try await database.write { db in
            try Self.requireAccount(db, session.accountID)
            try db.execute(sql: "INSERT INTO session VALUES (?, ?, ?, ?)",
                           arguments: [session.tokenHash, Self.key(session.accountID), session.createdAt.timeIntervalSince1970,
                                       session.expiresAt.timeIntervalSince1970])
        }
    }

    public func session(tokenHash: Data, now: Date) async throws -> SessionRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT token_hash, account_id, created_at, expires_at FROM session WHERE token_hash = ? AND expires_at > ?"),
                             arguments: [tokenHash, now.timeIntervalSince1970]).map { row in
                SessionRecord(tokenHash: row[0], accountID: try Self.uuid(row[1]),
                              createdAt: Date(timeIntervalSince1970: row[2]), expiresAt: Date(timeIntervalSince1970: row[3]))
            }
        }
    }

    public func deleteSession(tokenHash: Data) async throws {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM session WHERE token_hash = ?", arguments: [tokenHash])
        }
    }

    // MARK: Password change

    public func replaceCredentials(owner: UUID, authHash: String, kdf: AccountKDFParameters, notes: [UUID: (EncryptedNote, Int)],
                                   keepSession: Data, now: Date) async throws {
        try await database.write { db in
            try Self.requireAccount(db, owner)
            // Re-encrypting under a new password would leave the account key wrapped for the old one.
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM account_key WHERE account_id = ?", arguments: [Self.key(owner)]) == nil else {
                throw RepositoryError.accountKeyExists
            }
            let stored = try String.fetchAll(db, sql: "SELECT id FROM note WHERE account_id = ?", arguments: [Self.key(owner)])
            guard Set(try stored.map(Self.uuid)) == Set(notes.keys) else { throw RepositoryError.noteSetChanged }
            for (id, (content, version)) in notes {
                _ = try Self.updateNote(db, id: id, owner: owner, content: content, expectedVersion: version, now: now)
            }
            try db.execute(sql: "UPDATE account SET auth_hash = ?, kdf_algorithm = ?, kdf_iterations = ?, kdf_salt = ? WHERE id = ?",
                           arguments: [authHash, kdf.algorithm, kdf.iterations, kdf.salt, Self.key(owner)])
            try db.execute(sql: "DELETE FROM session WHERE account_id = ? AND token_hash != ?", arguments: [Self.key(owner), keepSession])
        }
    }
}
