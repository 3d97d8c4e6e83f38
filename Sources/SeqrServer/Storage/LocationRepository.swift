import Foundation
import SeqrCore

/// The location half of seqr-server's storage. Owner-side methods take the owner's id, so no
/// query reaches another account's shares; only ``fixes(shareID:after:notBefore:limit:)`` and
/// ``share(id:)`` are public reads. Expiry is not checked here: the services decide what an
/// expired share may still do (``LocationShareRecord/isExpired(at:)``).
public protocol LocationRepository: Sendable {
    /// With a limit, refuses (``RepositoryError/quotaExceeded(limit:)``) when the owner already has that many shares;
    /// ``RepositoryError/shareExists`` when the id is taken, ``RepositoryError/notFound`` when the owner has no account.
    func createShare(_ share: LocationShareRecord, limit: Int?) async throws
    /// The owner's shares, oldest first (ties by id, compared byte by byte), with their fix counts.
    func shares(owner: UUID) async throws -> [LocationAPI.Share]
    /// Throws ``RepositoryError/unknownFormat(_:)`` for a share of a format this server does not know.
    func share(id: String) async throws -> LocationShareRecord?
    /// Deletes the share and its fixes; false when the owner has no such share.
    func deleteShare(id: String, owner: UUID) async throws -> Bool
    /// Atomically replaces a share by a new one with `newID` (same format and expiry) and drops
    /// the old one's fixes, so the old link stops working. nil when the owner has no such share;
    /// ``RepositoryError/shareExists`` (nothing changed) when `newID` is taken.
    func rotateShare(id: String, owner: UUID, newID: String, now: Date) async throws -> LocationShareRecord?
    /// Sets the expiry of an owner's share (nil: until revoked); false when the owner has no such share.
    func setShareExpiry(id: String, owner: UUID, expiresAt: Date?) async throws -> Bool
    /// Appends fixes (oldest first) to an owner's share and applies the retention; returns how
    /// many the share keeps. Throws ``RepositoryError/notFound`` for a share the owner does not have,
    /// ``RepositoryError/storageQuotaExceeded(quota:)`` (storing nothing) when the owner's bytes
    /// (UTF-8 bytes of fix data, as for note ciphertext) would pass the quota.
    func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention, storageQuota: Int?) async throws -> Int
    /// The share's fixes with `seq > after` received at or after `notBefore`, the newest `limit` of them
    /// (none for a limit below 1), oldest first.
    func fixes(shareID: String, after: Int, notBefore: Date, limit: Int) async throws -> [LocationAPI.FeedFix]
    /// The sequence number of the share's newest fix ever stored (0 before the first); nil when there is no such share.
    func lastFixSeq(shareID: String) async throws -> Int?
}

extension LocationRepository {
    public func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention) async throws -> Int {
        try await appendFixes(shareID: shareID, owner: owner, data: data, now: now, retention: retention, storageQuota: nil)
    }
}
