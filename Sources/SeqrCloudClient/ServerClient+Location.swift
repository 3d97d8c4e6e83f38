import Foundation
import SeqrCore

/// Location sharing on seqr-server. The owner's calls need the session token; ``feed(shareID:after:)``
/// is what followers call, without one. Fixes come and go as `data` strings that SeqrCore sealed
/// (``LocationShareKey``); keys never pass through here.
extension ServerClient {
    /// Creates a location share (its id, never its key, is the server's); `expiresAt` nil: until revoked.
    public func createShare(format: LocationFormat, expiresAt: Date?) async throws -> LocationAPI.Share {
        try await call(.POST, "/v1/location/shares", body: LocationAPI.CreateShareRequest(format: format, expiresAt: expiresAt))
    }

    /// The signed-in account's location shares.
    public func shares() async throws -> [LocationAPI.Share] {
        let list: LocationAPI.ShareList = try await call(.GET, "/v1/location/shares")
        return list.shares
    }

    /// Deletes a share and its fixes: its link shows nothing from then on.
    public func revokeShare(id: String) async throws { try await callNoContent(.DELETE, "/v1/location/shares/\(id)") }

    /// Sets a share's expiry (nil: until revoked).
    public func setShareExpiry(id: String, expiresAt: Date?) async throws -> LocationAPI.Share {
        try await call(.PATCH, "/v1/location/shares/\(id)", body: LocationAPI.ShareExpiryRequest(expiresAt: expiresAt))
    }

    /// Replaces a share by a new one with a new id (its fixes are not carried over): followers of the old link see nothing more.
    public func rotateShare(id: String) async throws -> LocationAPI.Share { try await call(.POST, "/v1/location/shares/\(id)/rotate") }

    /// Uploads in batches of at most `LocationAPI.maxFixesPerUpload`; returns how many the share keeps.
    public func pushFixes(shareID: String, data: [String]) async throws -> Int {
        try await uploadFixes(shareID: shareID, data: data).kept
    }

    /// Uploads in batches of at most `LocationAPI.maxFixesPerUpload`; returns the last batch's answer:
    /// the fixes the share keeps and how many followers watch it.
    public func uploadFixes(shareID: String, data: [String]) async throws -> LocationAPI.FixUploadResponse {
        var last = LocationAPI.FixUploadResponse(stored: 0, kept: 0)
        var start = 0
        while start < data.count {
            let batch = Array(data[start..<min(start + LocationAPI.maxFixesPerUpload, data.count)])
            last = try await call(.POST, "/v1/location/shares/\(shareID)/fixes", body: LocationAPI.FixUpload(fixes: batch))
            start += batch.count
        }
        return last
    }

    /// How many followers have the share's live feed open (a number only). With `changedFrom`, the server
    /// holds the answer until the count differs from it, up to `LocationAPI.watchingWaitSeconds`.
    public func watching(shareID: String, changedFrom: Int? = nil) async throws -> Int {
        let query = changedFrom.map { "?changedFrom=\($0)" } ?? ""
        let answer: LocationAPI.Watching = try await call(.GET, "/v1/location/shares/\(shareID)/watching\(query)")
        return answer.watching
    }

    /// What a follower fetches, without an account: the share's sealed fixes after `after` (a fix's `seq`),
    /// oldest first; open them with the link's `LocationShareKey`.
    public func feed(shareID: String, after: Int = 0) async throws -> LocationAPI.Feed {
        try await call(.GET, "/v1/location/feed/\(shareID)?after=\(after)")
    }
}
