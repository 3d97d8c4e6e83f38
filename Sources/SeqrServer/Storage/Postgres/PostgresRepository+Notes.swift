import Foundation
import Logging
import PostgresNIO
import SeqrCore

/// Notes in PostgreSQL (migration `v1-notes`).
extension PostgresRepository {
    private typealias NoteRow = (UUID, UUID, Data, Data, String, String, Int, String?, Int, Double, Double)
    private static let noteColumns = "id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at"
    private static func note(_ r: NoteRow) throws -> NoteRecord {
        guard let format = NoteFormat(rawValue: r.4) else { throw RepositoryError.unknownFormat(r.4) }
        return NoteRecord(
            id: r.0, accountID: r.1,
            note: EncryptedNote(id: r.0, title: r.2, info: r.3, format: format, kdf: NoteKDF(algorithm: r.5, iterations: r.6, salt: r.7)),
            version: r.8, createdAt: Date(timeIntervalSince1970: r.9), updatedAt: Date(timeIntervalSince1970: r.10))
    }

    private static func notes(_ rows: PostgresRowSequence) async throws -> [NoteRecord] {
        var result: [NoteRecord] = []
        for try await row in rows.decode(NoteRow.self) { result.append(try note(row)) }
        return result
    }

    public func notes(owner: UUID) async throws -> [NoteRecord] {
        try await Self.notes(client.query("SELECT \(unescaped: Self.noteColumns) FROM note WHERE account_id = \(owner) ORDER BY created_at, id", logger: logger))
    }

    public func noteCount(owner: UUID) async throws -> Int {
        for try await count in try await client.query("SELECT COUNT(*) FROM note WHERE account_id = \(owner)", logger: logger).decode(Int.self) {
            return count
        }
        return 0
    }

    public func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        try await Self.notes(client.query("SELECT \(unescaped: Self.noteColumns) FROM note WHERE id = \(id) AND account_id = \(owner)", logger: logger)).first
    }

    public func createNote(_ record: NoteRecord, limit: Int?, storageQuota: Int?) async throws {
        try await transaction { connection in
            // The account row lock serialises concurrent creates by one owner.
            try await Self.lockAccount(connection, logger: self.logger, owner: record.accountID)
            if let limit {
                var count = 0
                for try await n in try await connection.query("SELECT COUNT(*) FROM note WHERE account_id = \(record.accountID)", logger: self.logger).decode(Int.self) {
                    count = n
                }
                guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
            }
            let n = record.note
            var inserted = false
            for try await _ in try await connection.query("""
                INSERT INTO note (\(unescaped: Self.noteColumns)) VALUES (\(record.id), \(record.accountID), \(n.title), \(n.info),
                  \(n.format.rawValue), \(n.kdf.algorithm), \(n.kdf.iterations), \(n.kdf.salt), \(record.version),
                  \(record.createdAt.timeIntervalSince1970), \(record.updatedAt.timeIntervalSince1970))
                ON CONFLICT (id) DO NOTHING RETURNING id
                """, logger: self.logger) {
                inserted = true
            }
            guard inserted else { throw RepositoryError.noteExists }
            try await Self.checkQuota(connection, logger: self.logger, owner: record.accountID, storageQuota)
        }
    }

    public func updateNote(id: UUID, owner: UUID, content: EncryptedNote, expectedVersion: Int, now: Date, storageQuota: Int?) async throws -> NoteRecord {
        try await transaction { connection in
            if storageQuota != nil { try await Self.lockAccount(connection, logger: self.logger, owner: owner) }
            let record = try await Self.updateNote(connection, logger: self.logger, id: id, owner: owner, content: content, expectedVersion: expectedVersion, now: now)
            try await Self.checkQuota(connection, logger: self.logger, owner: owner, storageQuota)
            return record
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
        for try await _ in try await client.query("DELETE FROM note WHERE id = \(id) AND account_id = \(owner) RETURNING id", logger: logger) {
            deleted = true
        }
        return deleted
    }
}
