import Foundation
import GRDB

/// Defaults saved with `seqr config`, one value per name.
extension LocalStore {
    public func setting(_ key: String) throws -> String? {
        try database.read { db in try SettingRecord.fetchOne(db, key: key)?.value }
    }

    /// Saves `value` under `key`; nil removes it.
    public func setSetting(_ key: String, to value: String?) throws {
        try database.write { db in
            if let value { try SettingRecord(key: key, value: value).save(db) } else { _ = try SettingRecord.deleteOne(db, key: key) }
        }
    }
}
