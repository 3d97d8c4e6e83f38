import Foundation
import GRDB
import SeqrCore

/// Notes in SQLite (migration `v1-notes`); the read of one note goes through ``SQLiteNoteReader``.
extension SQLiteRepository {
    private static let noteColumns = "id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at"
    private static func note(_ row: Row) throws -> NoteRecord {
        let formatName: String = row[4]
        guard let format = NoteFormat(rawValue: formatName) else { throw RepositoryError.unknownFormat(formatName) }
        let id = try uuid(row[0])
        return NoteRecord(
            id: id, accountID: try uuid(row[1]),
            note: EncryptedNote(id: id, title: row[2], info: row[3], format: format,
                                kdf: NoteKDF(algorithm: row[5], iterations: row[6], salt: row[7])),
            version: row[8], createdAt: Date(timeIntervalSince1970: row[9]), updatedAt: Date(timeIntervalSince1970: row[10]))
    }

    public func notes(owner: UUID) async throws -> [NoteRecord] {
        try readNow { db in
            try Row.fetchAll(db.cachedStatement(sql: "SELECT \(Self.noteColumns) FROM note WHERE account_id = ? ORDER BY created_at, id"), arguments: [Self.key(owner)]).map(Self.note)
        }
    }

    public func noteCount(owner: UUID) async throws -> Int {
        try readNow { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM note WHERE account_id = ?"), arguments: [Self.key(owner)]) ?? 0
        }
    }

    public func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        try noteReader.note(id: id, owner: owner)
    }

    public func createNote(_ record: NoteRecord, limit: Int?, storageQuota: Int?) async throws {
        try await database.write { db in
            try Self.requireAccount(db, record.accountID)
            if let limit {
                let count = try Int.fetchOne(db.cachedStatement(sql: "SELECT COUNT(*) FROM note WHERE account_id = ?"), arguments: [Self.key(record.accountID)]) ?? 0
                guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
            }
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM note WHERE id = ?", arguments: [Self.key(record.id)]) == nil else {
                throw RepositoryError.noteExists
            }
            let n = record.note
            try db.execute(
                sql: "INSERT INTO note VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                arguments: [Self.key(record.id), Self.key(record.accountID), n.title, n.info, n.format.rawValue,
                            n.kdf.algorithm, n.kdf.iterations, n.kdf.salt, record.version,
                            record.createdAt.timeIntervalSince1970, record.updatedAt.timeIntervalSince1970])
            try Self.checkQuota(db, owner: record.accountID, storageQuota)
        }
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord {
        try await database.write { db in
            let record = try Self.updateNote(db, id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now)
            try Self.checkQuota(db, owner: owner, storageQuota)
            return record
        }
    }

    /// One note's update inside a write (also a password change's). Reads only the version and
    /// creation time, so a stored note of any format can be replaced, as on PostgreSQL.
    static func updateNote(_ db: Database, id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date) throws -> NoteRecord {
        guard let row = try Row.fetchOne(db.cachedStatement(sql: "SELECT version, created_at FROM note WHERE id = ? AND account_id = ?"),
                                         arguments: [key(id), key(owner)]) else {
            throw RepositoryError.notFound
        }
        let version: Int = row[0]
        guard version == expectedVersion else { throw RepositoryError.staleVersion(current: version) }
        try db.execute(
            sql: """
                UPDATE note SET title = ?, info = ?, format = ?, kdf_algorithm = ?, kdf_iterations = ?, kdf_salt = ?,
                version = version + 1, updated_at = ? WHERE id = ? AND account_id = ? AND version = ?
                """,
            arguments: [content.title, content.info, content.format.rawValue, content.kdf.algorithm, content.kdf.iterations,
                        content.kdf.salt, now.timeIntervalSince1970, key(id), key(owner), expectedVersion])
        var note = content
        note.id = id
        return NoteRecord(id: id, accountID: owner, note: note, version: version + 1, createdAt: Date(timeIntervalSince1970: row[1]), updatedAt: now)
    }

    public func deleteNote(id: UUID, owner: UUID) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "DELETE FROM note WHERE id = ? AND account_id = ?", arguments: [Self.key(id), Self.key(owner)])
            return db.changesCount > 0
        }
    }
}
