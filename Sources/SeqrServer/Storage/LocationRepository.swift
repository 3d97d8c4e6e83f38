import Foundation
import SeqrCore

/// A location share as stored: who owns it and how its fixes are encrypted — never the key.
public struct LocationShareRecord: Sendable, Equatable {
    /// 16 random bytes as base64url (``LocationShareLink/isValidShareID(_:)``): the capability
    /// a follower needs to fetch ciphertext, useless without the key in the link's fragment.
    public var id: String
    public var accountID: UUID
    public var format: LocationFormat
    public var createdAt: Date
    public var expiresAt: Date?

    public init(id: String, accountID: UUID, format: LocationFormat, createdAt: Date, expiresAt: Date?) {
        self.id = id
        self.accountID = accountID
        self.format = format
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }

    public func isExpired(at now: Date) -> Bool { expiresAt.map { $0 <= now } ?? false }
}

/// How long a share keeps its fixes: at most `limit` of them, none older than `maxAge`.
public struct LocationRetention: Sendable, Equatable {
    public var limit: Int
    public var maxAge: TimeInterval
    public init(limit: Int, maxAge: TimeInterval) {
        self.limit = limit
        self.maxAge = maxAge
    }
}

/// The location half of seqr-server's storage, implemented by the same two repositories as
/// ``NoteRepository``. Owner-side methods take the owner's id, so no query reaches another
/// account's shares; only ``fixes(shareID:after:notBefore:)`` and ``share(id:)`` are public reads.
public protocol LocationRepository: Sendable {
    /// With a limit, refuses (``RepositoryError/quotaExceeded(limit:)``) when the owner already has that many shares.
    func createShare(_ share: LocationShareRecord, limit: Int?) async throws
    func shares(owner: UUID) async throws -> [LocationAPI.Share]
    func share(id: String) async throws -> LocationShareRecord?
    /// Deletes the share and its fixes; false when the owner has no such share.
    func deleteShare(id: String, owner: UUID) async throws -> Bool
    /// Atomically replaces a share by a new one with `newID` (same format and expiry) and drops
    /// the old one's fixes, so the old link stops working. nil when the owner has no such share.
    func rotateShare(id: String, owner: UUID, newID: String, now: Date) async throws -> LocationShareRecord?
    /// Appends fixes (oldest first) to an owner's share and applies the retention; returns how
    /// many the share keeps. Throws ``RepositoryError/notFound`` for a share the owner does not have,
    /// ``RepositoryError/storageQuotaExceeded(quota:)`` (storing nothing) when the owner's bytes would pass the quota.
    func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention, storageQuota: Int?) async throws -> Int
    /// The share's fixes with `seq > after` received at or after `notBefore`, oldest first.
    func fixes(shareID: String, after: Int, notBefore: Date, limit: Int) async throws -> [LocationAPI.FeedFix]
}

extension LocationRepository {
    public func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention) async throws -> Int {
        try await appendFixes(shareID: shareID, owner: owner, data: data, now: now, retention: retention, storageQuota: nil)
    }
}

/// Everything seqr-server keeps: notes and location shares, in one database.
public typealias SeqrRepository = NoteRepository & LocationRepository
