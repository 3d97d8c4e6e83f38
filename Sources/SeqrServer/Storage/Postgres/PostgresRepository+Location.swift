import Foundation
import PostgresNIO
import SeqrCore

/// Location shares in PostgreSQL (migration `v2-location`).
extension PostgresRepository {
    private typealias ShareRow = (String, UUID, String, Double, Double?)
    private static let shareColumns = "id, account_id, format, created_at, expires_at"
    private static func share(_ r: ShareRow) throws -> LocationShareRecord {
        guard let format = LocationFormat(rawValue: r.2) else { throw RepositoryError.unknownFormat(r.2) }
        return LocationShareRecord(id: r.0, accountID: r.1, format: format, createdAt: Date(timeIntervalSince1970: r.3),
                                   expiresAt: r.4.map(Date.init(timeIntervalSince1970:)))
    }

    private static func shares(_ rows: PostgresRowSequence) async throws -> [LocationShareRecord] {
        var result: [LocationShareRecord] = []
        for try await row in rows.decode(ShareRow.self) { result.append(try share(row)) }
        return result
    }

    public func createShare(_ share: LocationShareRecord, limit: Int?) async throws {
        try await transaction { connection in
            try await Self.lockAccount(connection, logger: self.logger, owner: share.accountID)
            if let limit {
                for try await count in try await connection.query("SELECT COUNT(*) FROM location_share WHERE account_id = \(share.accountID)", logger: self.logger).decode(Int.self) {
                    guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
                }
            }
            try await Self.insert(share, connection, logger: self.logger)
        }
    }

    /// ``RepositoryError/shareExists`` when the id is taken.
    private static func insert(_ share: LocationShareRecord, _ connection: PostgresConnection, logger: Logger) async throws {
        for try await _ in try await connection.query("""
            INSERT INTO location_share (\(unescaped: shareColumns)) VALUES (\(share.id), \(share.accountID), \(share.format.rawValue),
              \(share.createdAt.timeIntervalSince1970), \(share.expiresAt?.timeIntervalSince1970))
            ON CONFLICT (id) DO NOTHING RETURNING id
            """, logger: logger) {
            return
        }
        throw RepositoryError.shareExists
    }

    public func shares(owner: UUID) async throws -> [LocationAPI.Share] {
        let rows = try await query("""
            SELECT s.id, s.account_id, s.format, s.created_at, s.expires_at, COUNT(f.seq)::BIGINT, MAX(f.received_at)
            FROM location_share s LEFT JOIN location_fix f ON f.share_id = s.id
            WHERE s.account_id = \(owner) GROUP BY s.id ORDER BY s.created_at, s.id COLLATE "C"
            """)
        var result: [LocationAPI.Share] = []
        for try await r in rows.decode((String, UUID, String, Double, Double?, Int, Double?).self) {
            let record = try Self.share((r.0, r.1, r.2, r.3, r.4))
            result.append(LocationAPI.Share(id: record.id, format: record.format, createdAt: record.createdAt, expiresAt: record.expiresAt,
                                            fixes: r.5, lastFixAt: r.6.map(Date.init(timeIntervalSince1970:))))
        }
        return result
    }

    public func share(id: String) async throws -> LocationShareRecord? {
        try await Self.shares(query("SELECT \(unescaped: Self.shareColumns) FROM location_share WHERE id = \(id)")).first
    }

    public func deleteShare(id: String, owner: UUID) async throws -> Bool {
        try await transaction { connection in
            var deleted = false
            for try await _ in try await connection.query("DELETE FROM location_share WHERE id = \(id) AND account_id = \(owner) RETURNING id", logger: self.logger) {
                deleted = true
            }
            // The foreign key cascades; said explicitly so nothing depends on it.
            if deleted { try await connection.query("DELETE FROM location_fix WHERE share_id = \(id)", logger: self.logger) }
            return deleted
        }
    }

    public func rotateShare(id: String, owner: UUID, newID: String, now: Date) async throws -> LocationShareRecord? {
        try await transaction { connection in
            guard var share = try await Self.shares(connection.query(
                "SELECT \(unescaped: Self.shareColumns) FROM location_share WHERE id = \(id) AND account_id = \(owner) FOR UPDATE", logger: self.logger)).first else {
                return nil
            }
            try await connection.query("DELETE FROM location_fix WHERE share_id = \(id)", logger: self.logger)
            try await connection.query("DELETE FROM location_share WHERE id = \(id)", logger: self.logger)
            share.id = newID
            share.createdAt = now
            try await Self.insert(share, connection, logger: self.logger)
            return share
        }
    }

    public func setShareExpiry(id: String, owner: UUID, expiresAt: Date?) async throws -> Bool {
        for try await _ in try await query("""
            UPDATE location_share SET expires_at = \(expiresAt?.timeIntervalSince1970) WHERE id = \(id) AND account_id = \(owner) RETURNING id
            """) {
            return true
        }
        return false
    }

    public func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention, storageQuota: Int?) async throws -> Int {
        try await transaction { connection in
            if storageQuota != nil { try await Self.lockAccount(connection, logger: self.logger, owner: owner) }
            // Reserves the sequence numbers and locks the share against concurrent uploads.
            var first: Int?
            for try await next in try await connection.query("""
                UPDATE location_share SET next_seq = next_seq + \(data.count) WHERE id = \(shareID) AND account_id = \(owner)
                RETURNING next_seq - \(data.count)
                """, logger: self.logger).decode(Int.self) {
                first = next
            }
            guard let first else { throw RepositoryError.notFound }
            let received = now.timeIntervalSince1970
            for (offset, item) in data.enumerated() {
                try await connection.query("INSERT INTO location_fix VALUES (\(shareID), \(first + offset), \(item), \(received))", logger: self.logger)
            }
            let last = first + data.count - 1
            try await connection.query("""
                DELETE FROM location_fix WHERE share_id = \(shareID) AND (seq <= \(last - retention.limit) OR received_at < \(received - retention.maxAge))
                """, logger: self.logger)
            try await Self.checkQuota(connection, logger: self.logger, owner: owner, storageQuota)
            for try await count in try await connection.query("SELECT COUNT(*) FROM location_fix WHERE share_id = \(shareID)", logger: self.logger).decode(Int.self) {
                return count
            }
            return 0
        }
    }

    public func fixes(shareID: String, after: Int, notBefore: Date, limit: Int) async throws -> [LocationAPI.FeedFix] {
        let rows = try await query("""
            SELECT seq, data, received_at FROM (SELECT seq, data, received_at FROM location_fix
              WHERE share_id = \(shareID) AND seq > \(after) AND received_at >= \(notBefore.timeIntervalSince1970)
              ORDER BY seq DESC LIMIT \(max(0, limit))) newest ORDER BY seq
            """)
        var result: [LocationAPI.FeedFix] = []
        for try await (seq, data, received) in rows.decode((Int, String, Double).self) {
            result.append(LocationAPI.FeedFix(seq: seq, data: data, receivedAt: Date(timeIntervalSince1970: received)))
        }
        return result
    }
}
