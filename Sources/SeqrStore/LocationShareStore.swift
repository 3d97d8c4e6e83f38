import Foundation
import GRDB
import SeqrCore

/// A share this device owns: its id, its server and its key. The key lives only here and in the
/// links handed out; losing the store means rotating (or revoking) the share from another device.
public struct OwnedLocationShare: Sendable, Equatable {
    public var id: String
    public var server: String
    public var key: LocationShareKey
    public var created: Date
    public var expires: Date?

    public init(id: String, server: String, key: LocationShareKey, created: Date, expires: Date?) {
        self.id = id
        self.server = server
        self.key = key
        self.created = created
        self.expires = expires
    }

    public func isExpired(at now: Date) -> Bool { expires.map { $0 <= now } ?? false }
}

extension ChannelStore {
    /// Own fixes kept locally (newest), for the start of a new or rotated share.
    public static let ownTrackLimit = 1000

    public func saveLocationShare(_ share: OwnedLocationShare) throws {
        try database.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO locationShare (id, server, key, created, expires) VALUES (?, ?, ?, ?, ?)",
                           arguments: [share.id, share.server, share.key.bytes, share.created, share.expires])
        }
    }

    public func locationShares(server: String? = nil) throws -> [OwnedLocationShare] {
        try database.read { db in
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM locationShare ORDER BY created, id")
            return try rows.compactMap { row -> OwnedLocationShare? in
                let share = OwnedLocationShare(id: row["id"], server: row["server"], key: try LocationShareKey(bytes: row["key"]),
                                               created: row["created"], expires: row["expires"])
                return server == nil || share.server == server ? share : nil
            }
        }
    }

    public func deleteLocationShare(id: String) throws {
        try database.write { db in try db.execute(sql: "DELETE FROM locationShare WHERE id = ?", arguments: [id]) }
    }

    /// Records own fixes and keeps the newest ``ownTrackLimit``.
    public func recordOwnFixes(_ fixes: [LocationFix]) throws {
        try database.write { db in
            for fix in fixes {
                try db.execute(sql: "INSERT INTO locationFix (lat, lon, accuracy, altitude, time) VALUES (?, ?, ?, ?, ?)",
                               arguments: [fix.lat, fix.lon, fix.accuracy, fix.altitude, fix.time])
            }
            try db.execute(sql: "DELETE FROM locationFix WHERE id NOT IN (SELECT id FROM locationFix ORDER BY time DESC, id DESC LIMIT ?)",
                           arguments: [Self.ownTrackLimit])
        }
    }

    /// Own fixes taken at or after `since`, oldest first.
    public func ownFixes(since: Date) throws -> [LocationFix] {
        try database.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM locationFix WHERE time >= ? ORDER BY time, id", arguments: [since]).map { row in
                try LocationFix(lat: row["lat"], lon: row["lon"], accuracy: row["accuracy"], altitude: row["altitude"], time: row["time"])
            }
        }
    }
}
