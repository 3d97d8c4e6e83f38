import Foundation
import PostgresNIO

/// What live feeds ask PostgreSQL beyond the location queries.
extension PostgresRepository {
    public func lastFixSeq(shareID: String) async throws -> Int? {
        for try await next in try await query("SELECT next_seq FROM location_share WHERE id = \(shareID)").decode(Int.self) {
            return next - 1
        }
        return nil
    }
}
