import Foundation
import GRDB

/// What live feeds ask SQLite beyond the location queries.
extension SQLiteRepository {
    public func lastFixSeq(shareID: String) async throws -> Int? {
        try readNow { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT next_seq FROM location_share WHERE id = ?"), arguments: [shareID]).map { $0 - 1 }
        }
    }
}
