import Foundation
import SeqrCore

/// An account as the server stores it: no password, no key — only a slow hash of the
/// client's authentication key, and the (public) parameters the client derives keys with.
public struct AccountRecord: Sendable, Equatable {
    public var id: UUID
    public var username: String
    /// Argon2id, PHC string form (``AuthKeyHasher``).
    public var authHash: String
    public var kdf: AccountKDFParameters
    public var pro: Bool
    public var createdAt: Date

    public init(id: UUID, username: String, authHash: String, kdf: AccountKDFParameters, pro: Bool, createdAt: Date) {
        self.id = id
        self.username = username
        self.authHash = authHash
        self.kdf = kdf
        self.pro = pro
        self.createdAt = createdAt
    }
}

/// A login session. The bearer token itself is never stored: only its SHA-256.
public struct SessionRecord: Sendable, Equatable {
    public var tokenHash: Data
    public var accountID: UUID
    public var createdAt: Date
    public var expiresAt: Date

    public init(tokenHash: Data, accountID: UUID, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.accountID = accountID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

/// A note as stored: the owner, ciphertext, its parameters and its version.
public struct NoteRecord: Sendable, Equatable {
    public var id: UUID
    public var accountID: UUID
    public var note: EncryptedNote
    public var version: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, accountID: UUID, note: EncryptedNote, version: Int, createdAt: Date, updatedAt: Date) {
        self.id = id
        self.accountID = accountID
        self.note = note
        self.version = version
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

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

    /// Expiry is the services' decision: the repository stores and returns expired shares like any other.
    public func isExpired(at now: Date) -> Bool { expiresAt.map { $0 <= now } ?? false }
}
