import Foundation
import Logging
import PostgresNIO
import SeqrCore

/// Notes in PostgreSQL (migration `v1-notes`).
extension PostgresRepository {
    typealias NoteRow = PostgresPreparedStatements.NoteRow
    private static let noteColumns = PostgresPreparedStatements.noteColumns
    static func note(_ r: NoteRow) throws -> NoteRecord {
        guard let format = NoteFormat(rawValue: r.4) else { throw RepositoryError.unknownFormat(r.4) }
        return NoteRecord(
            id: r.0, accountID: r.1,
            note: EncryptedNote(id: r.0, title: r.2, info: r.3, format: format, kdf: NoteKDF(algorithm: r.5, iterations: r.6, salt: r.7)),
            version: r.8, createdAt: Date(timeIntervalSince1970: r.9), updatedAt: Date(timeIntervalSince1970: r.10))
    }

    private static func notes(_ rows: PostgresRowSequence) async throws -> [NoteRecord] {
        var result: [NoteRecord] = []
        for try await row in rows { result.append(try note(PostgresPreparedStatements.noteRow(row))) }
        return result
    }

    public func notes(owner: UUID) async throws -> [NoteRecord] {
        try await Self.notes(query("SELECT \(unescaped: Self.noteColumns) FROM note WHERE account_id = \(owner) ORDER BY created_at, id"))
    }

    public func noteCount(owner: UUID) async throws -> Int {
        for try await count in try await query("SELECT COUNT(*) FROM note WHERE account_id = \(owner)").decode(Int.self) {
            return count
        }
        return 0
    }

    public func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        try await reads.note(id: id, owner: owner)
    }

    public func createNote(_ record: NoteRecord, limit: Int?, storageQuota: Int?) async throws {
        try await transaction { connection in
            // The account row lock serialises concurrent writes by one owner; the insert that follows
            // is a statement of its own so that its checks see every write committed before the lock.
            try await Self.lockAccount(connection, logger: self.logger, owner: record.accountID)
            let n = record.note
            // One round trip for the note limit, the insert and the storage quota; why it inserted
            // nothing is asked only then.
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO note (\(unescaped: Self.noteColumns))
                SELECT \(record.id), \(record.accountID), \(n.title), \(n.info), \(n.format.rawValue), \(n.kdf.algorithm),
                  \(n.kdf.iterations), \(n.kdf.salt), \(record.version), \(record.createdAt.timeIntervalSince1970), \(record.updatedAt.timeIntervalSince1970)
                WHERE (\(limit)::BIGINT IS NULL OR (SELECT COUNT(*) FROM note WHERE account_id = \(record.accountID)) < \(limit)::BIGINT)
                  AND (\(storageQuota)::BIGINT IS NULL
                       OR (SELECT COALESCE(SUM(octet_length(title) + octet_length(info)), 0) FROM note WHERE account_id = \(record.accountID))
                        + (SELECT COALESCE(SUM(octet_length(f.data)), 0) FROM location_fix f JOIN location_share s ON f.share_id = s.id
                           WHERE s.account_id = \(record.accountID))
                        + \(n.title.count + n.info.count) <= \(storageQuota)::BIGINT)
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: self.logger) {
                inserted = true
            }
            guard !inserted else { return }
            if let limit, try await Self.noteCount(connection, logger: self.logger, owner: record.accountID) >= limit {
                throw RepositoryError.quotaExceeded(limit: limit)
            }
            for try await _ in try await connection.query("SELECT 1 FROM note WHERE id = \(record.id)", logger: self.logger) {
                throw RepositoryError.noteExists
            }
            throw RepositoryError.storageQuotaExceeded(quota: storageQuota ?? 0)
        }
    }

    static func noteCount(_ connection: PostgresConnection, logger: Logger, owner: UUID) async throws -> Int {
        for try await count in try await connection.query("SELECT COUNT(*) FROM note WHERE account_id = \(owner)", logger: logger).decode(Int.self) {
            return count
        }
        return 0
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord {
        try await transaction { connection in
            guard let storageQuota else {
                return try await Self.updateNote(connection, logger: self.logger, id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now)
            }
            try await Self.lockAccount(connection, logger: self.logger, owner: owner)
            // The update and the quota check in one statement: the stored bytes less this note's old
            // content plus its new one.
            let updated = try await Self.notes(connection.query("""
                UPDATE note SET title = \(content.title), info = \(content.info), format = \(content.format.rawValue),
                  kdf_algorithm = \(content.kdf.algorithm), kdf_iterations = \(content.kdf.iterations), kdf_salt = \(content.kdf.salt),
                  version = version + 1, updated_at = \(now.timeIntervalSince1970)
                WHERE id = \(id) AND account_id = \(owner) AND version = \(expectedVersion)
                  AND (SELECT COALESCE(SUM(octet_length(n.title) + octet_length(n.info)), 0) FROM note n WHERE n.account_id = \(owner))
                      + (SELECT COALESCE(SUM(octet_length(f.data)), 0) FROM location_fix f JOIN location_share s ON f.share_id = s.id
                         WHERE s.account_id = \(owner))
                      - octet_length(note.title) - octet_length(note.info) + \(content.title.count + content.info.count) <= \(storageQuota)::BIGINT
                RETURNING \(unescaped: Self.noteColumns)
                """, logger: self.logger))
            if let record = updated.first { return record }
            for try await current in try await connection.query("SELECT version FROM note WHERE id = \(id) AND account_id = \(owner)", logger: self.logger).decode(Int.self) {
                guard current == expectedVersion else { throw RepositoryError.staleVersion(current: current) }
                throw RepositoryError.storageQuotaExceeded(quota: storageQuota)
            }
            throw RepositoryError.notFound
        }
    }

    /// One note's update inside a transaction (also a password change's).
    static func updateNote(_ connection: PostgresConnection, logger: Logger, id: UUID, owner: UUID, content: EncryptedNote,
                           expectedVersion: Int, now: Date) async throws -> NoteRecord {
        let updated = try await notes(connection.query("""
            UPDATE note SET title = \(content.title), info = \(content.info), format = \(content.format.rawValue),
              kdf_algorithm = \(content.kdf.algorithm), kdf_iterations = \(content.kdf.iterations), kdf_salt = \(content.kdf.salt),
              version = version + 1, updated_at = \(now.timeIntervalSince1970)
            WHERE id = \(id) AND account_id = \(owner) AND version = \(expectedVersion)
            RETURNING \(unescaped: noteColumns)
            """, logger: logger))
        if let record = updated.first { return record }
        for try await current in try await connection.query("SELECT version FROM note WHERE id = \(id) AND account_id = \(owner)", logger: logger).decode(Int.self) {
            throw RepositoryError.staleVersion(current: current)
        }
        throw RepositoryError.notFound
    }

    public func deleteNote(id: UUID, owner: UUID) async throws -> Bool {
        var deleted = false
        for try await _ in try await query("DELETE FROM note WHERE id = \(id) AND account_id = \(owner) RETURNING id") {
            deleted = true
        }
        return deleted
    }
}
