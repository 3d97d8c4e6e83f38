import Foundation
import GRDB
import SeqrCore

/// Owned location shares (keys sealed when the identity has a passphrase) and this device's
/// own recent track.
extension LocalStore {
    /// Own fixes kept locally (newest), for the start of a new or rotated share.
    public static let ownTrackLimit = 1000

    public func saveLocationShare(_ share: OwnedLocationShare) throws {
        let record = LocationShareRecord(id: share.id, server: share.server,
                                         key: Self.stored(share.key.bytes, .locationShareKey, rowKey: share.id, key: try secretsKey()),
                                         created: share.created, expires: share.expires)
        try database.write { db in try record.save(db) }
    }

    public func locationShares(server: String? = nil) throws -> [OwnedLocationShare] {
        let records = try database.read { db in
            var request = LocationShareRecord.order(Column("created"), Column("id"))
            if let server { request = request.filter(Column("server") == server) }
            return try request.fetchAll(db)
        }
        return try records.map { record in
            let key = try LocationShareKey(bytes: secret(in: record.key, .locationShareKey, rowKey: record.id))
            return OwnedLocationShare(id: record.id, server: record.server, key: key, created: record.created, expires: record.expires)
        }
    }

    public func deleteLocationShare(id: String) throws {
        _ = try database.write { db in try LocationShareRecord.deleteOne(db, key: id) }
    }

    /// Records own fixes and keeps the newest ``ownTrackLimit``.
    public func recordOwnFixes(_ fixes: [LocationFix]) throws {
        try database.write { db in
            for fix in fixes {
                var record = LocationFixRecord(id: nil, lat: fix.lat, lon: fix.lon, accuracy: fix.accuracy, altitude: fix.altitude, time: fix.time)
                try record.insert(db)
            }
            let kept = LocationFixRecord.select(Column("id")).order(Column("time").desc, Column("id").desc).limit(Self.ownTrackLimit)
            try LocationFixRecord.filter(!kept.contains(Column("id"))).deleteAll(db)
        }
    }

    /// Own fixes taken at or after `since`, oldest first.
    public func ownFixes(since: Date) throws -> [LocationFix] {
        try database.read { db in
            try LocationFixRecord.filter(Column("time") >= since).order(Column("time"), Column("id")).fetchAll(db)
        }.map { record in
            try LocationFix(lat: record.lat, lon: record.lon, accuracy: record.accuracy, altitude: record.altitude, time: record.time)
        }
    }
}
