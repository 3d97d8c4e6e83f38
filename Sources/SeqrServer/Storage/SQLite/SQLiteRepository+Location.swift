import Foundation
import GRDB
import SeqrCore

/// Location shares in SQLite (migration `v2-location`).
extension SQLiteRepository {
    private static func share(_ row: Row) throws -> LocationShareRecord {
        let formatName: String = row["format"]
        guard let format = LocationFormat(rawValue: formatName) else { throw RepositoryError.unknownFormat(formatName) }
        let expires: Double? = row["expires_at"]
        return LocationShareRecord(id: row["id"], accountID: try uuid(row["account_id"]), format: format,
                                   createdAt: Date(timeIntervalSince1970: row["created_at"]),
                                   expiresAt: expires.map(Date.init(timeIntervalSince1970:)))
    }

    public func createShare(_ share: LocationShareRecord, limit: Int?) async throws {
        try await database.write { db in
            try Self.requireAccount(db, share.accountID)
            if let limit {
                let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM location_share WHERE account_id = ?", arguments: [Self.key(share.accountID)]) ?? 0
                guard count < limit else { throw RepositoryError.quotaExceeded(limit: limit) }
            }
            try Self.insert(share, db)
        }
    }

    /// ``RepositoryError/shareExists`` when the id is taken.
    private static func insert(_ share: LocationShareRecord, _ db: Database) throws {
        guard try Bool.fetchOne(db, sql: "SELECT 1 FROM location_share WHERE id = ?", arguments: [share.id]) == nil else {
            throw RepositoryError.shareExists
        }
        try db.execute(sql: "INSERT INTO location_share (id, account_id, format, created_at, expires_at) VALUES (?, ?, ?, ?, ?)",
                       arguments: [share.id, key(share.accountID), share.format.rawValue, share.createdAt.timeIntervalSince1970,
                                   share.expiresAt?.timeIntervalSince1970])
    }

    public func shares(owner: UUID) async throws -> [LocationAPI.Share] {
        try readNow { db in
            try Row.fetchAll(db, sql: """
                SELECT s.*, COUNT(f.seq) AS fix_count, MAX(f.received_at) AS last_fix FROM location_share s
                LEFT JOIN location_fix f ON f.share_id = s.id WHERE s.account_id = ? GROUP BY s.id ORDER BY s.created_at, s.id
                """, arguments: [Self.key(owner)]).map { row in
                let record = try Self.share(row)
                let last: Double? = row["last_fix"]
                return LocationAPI.Share(id: record.id, format: record.format, createdAt: record.createdAt, expiresAt: record.expiresAt,
                                         fixes: row["fix_count"], lastFixAt: last.map(Date.init(timeIntervalSince1970:)))
            }
        }
    }

    public func share(id: String) async throws -> LocationShareRecord? {
        try readNow { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT * FROM location_share WHERE id = ?"), arguments: [id]).map(Self.share)
        }
    }

    public func deleteShare(id: String, owner: UUID) async throws -> Bool {
        try await database.write { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM location_share WHERE id = ? AND account_id = ?", arguments: [id, Self.key(owner)]) != nil else {
                return false
            }
            try db.execute(sql: "DELETE FROM location_fix WHERE share_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM location_share WHERE id = ?", arguments: [id])
            return true
        }
    }

    public func rotateShare(id: String, owner: UUID, newID: String, now: Date) async throws -> LocationShareRecord? {
        try await database.write { db in
            guard var share = try Row.fetchOne(db, sql: "SELECT * FROM location_share WHERE id = ? AND account_id = ?", arguments: [id, Self.key(owner)]).map(Self.share) else {
                return nil
            }
            try db.execute(sql: "DELETE FROM location_fix WHERE share_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM location_share WHERE id = ?", arguments: [id])
            share.id = newID
            share.createdAt = now
            try Self.insert(share, db)
            return share
        }
    }

    public func setShareExpiry(id: String, owner: UUID, expiresAt: Date?) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "UPDATE location_share SET expires_at = ? WHERE id = ? AND account_id = ?",
                           arguments: [expiresAt?.timeIntervalSince1970, id, Self.key(owner)])
            return db.changesCount == 1
        }
    }

    public func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention, storageQuota: Int?) async throws -> Int {
        try await database.write { db in
            guard let next = try Int.fetchOne(db, sql: "SELECT next_seq FROM location_share WHERE id = ? AND account_id = ?",
                                              arguments: [shareID, Self.key(owner)]) else { throw RepositoryError.notFound }
            let insert = try db.cachedStatement(sql: "INSERT INTO location_fix VALUES (?, ?, ?, ?)")
            for (offset, item) in data.enumerated() {
                try insert.execute(arguments: [shareID, next + offset, item, now.timeIntervalSince1970])
            }
            let last = next + data.count - 1
            try db.execute(sql: "UPDATE location_share SET next_seq = ? WHERE id = ?", arguments: [last + 1, shareID])
            try db.execute(sql: "DELETE FROM location_fix WHERE share_id = ? AND (seq <= ? OR received_at < ?)",
                           arguments: [shareID, last - retention.limit, now.timeIntervalSince1970 - retention.maxAge])
            try Self.checkQuota(db, owner: owner, storageQuota)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM location_fix WHERE share_id = ?", arguments: [shareID]) ?? 0
        }
    }

    public func fixes(shareID: String, after: Int, notBefore: Date, limit: Int) async throws -> [LocationAPI.FeedFix] {
        try readNow { db in
            // The newest `limit`, returned oldest first; SQLite reads a negative LIMIT as none at all.
            try Row.fetchAll(db.cachedStatement(sql: """
                SELECT * FROM (SELECT seq, data, received_at FROM location_fix WHERE share_id = ? AND seq > ? AND received_at >= ?
                ORDER BY seq DESC LIMIT ?) ORDER BY seq
                """), arguments: [shareID, after, notBefore.timeIntervalSince1970, max(0, limit)]).map { row in
                LocationAPI.FeedFix(seq: row["seq"], data: row["data"], receivedAt: Date(timeIntervalSince1970: row["received_at"]))
            }
        }
    }
}
