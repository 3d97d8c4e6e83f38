import Foundation

/// The JSON bodies of the location endpoints (docs/openapi.yaml), shared by `seqr-server`,
/// `seqr location` and (by hand) the web viewer. A fix travels as `data`: base64 of a
/// ``SealedLocationFix`` or a CryptoJS string (``LocationShareKey/seal(_:shareID:)``).
public enum LocationAPI {
    /// Most fixes one upload may carry, and the longest `data` string accepted.
    public static let maxFixesPerUpload = 500
    /// The longest sealed fix the server stores, in characters.
    public static let maxFixDataLength = 1024

    /// `POST /v1/location/shares`: the new share's format and expiry (nil: until revoked).
    public struct CreateShareRequest: Codable, Sendable {
        /// How the share's fixes will be sealed.
        public var format: LocationFormat
        /// nil: the share lasts until revoked.
        public var expiresAt: Date?
        /// A request for a new share.
        public init(format: LocationFormat, expiresAt: Date?) {
            self.format = format
            self.expiresAt = expiresAt
        }
    }

    /// A new expiry for a share (`PATCH /v1/location/shares/{id}`). `expiresAt` must be given:
    /// `null` means until revoked, so a body that forgot it does not make a share last forever.
    public struct ShareExpiryRequest: Codable, Sendable {
        /// The new expiry; nil: until revoked.
        public var expiresAt: Date?
        /// A new expiry; nil: until revoked.
        public init(expiresAt: Date?) { self.expiresAt = expiresAt }

        enum CodingKeys: String, CodingKey { case expiresAt }

        /// Reads `expiresAt`, which must be present: `null` lifts the expiry, a missing member is an error.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard container.contains(.expiresAt) else {
                throw DecodingError.keyNotFound(CodingKeys.expiresAt, .init(codingPath: [], debugDescription: "expiresAt is required (null: until revoked)"))
            }
            expiresAt = try container.decodeIfPresent(Date.self, forKey: .expiresAt)
        }

        /// Writes `expiresAt`, as `null` when there is none.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(expiresAt, forKey: .expiresAt)  // null, not left out
        }
    }

    /// A share as its owner sees it.
    public struct Share: Codable, Sendable, Equatable {
        /// The share's id, as in its link.
        public var id: String
        /// How its fixes are sealed.
        public var format: LocationFormat
        /// When it was created.
        public var createdAt: Date
        /// When it ends; nil: until revoked.
        public var expiresAt: Date?
        /// How many fixes it keeps now.
        public var fixes: Int
        /// When the last fix arrived.
        public var lastFixAt: Date?
        /// A share as the server lists it.
        public init(id: String, format: LocationFormat, createdAt: Date, expiresAt: Date?, fixes: Int, lastFixAt: Date?) {
            self.id = id
            self.format = format
            self.createdAt = createdAt
            self.expiresAt = expiresAt
            self.fixes = fixes
            self.lastFixAt = lastFixAt
        }
    }

    /// `GET /v1/location/shares`: the account's shares.
    public struct ShareList: Codable, Sendable {
        /// The shares.
        public var shares: [Share]
        /// A list of shares.
        public init(shares: [Share]) { self.shares = shares }
    }

    /// `POST /v1/location/shares/{id}/fixes`: sealed fixes, as ``LocationShareKey/seal(_:shareID:)`` writes them.
    public struct FixUpload: Codable, Sendable {
        /// Oldest first.
        public var fixes: [String]
        /// An upload of up to ``maxFixesPerUpload`` sealed fixes.
        public init(fixes: [String]) { self.fixes = fixes }
    }

    /// How many fixes were stored, and how many the share now keeps.
    public struct FixUploadResponse: Codable, Sendable {
        /// Fixes stored by this upload.
        public var stored: Int
        /// Fixes the share keeps now, after retention.
        public var kept: Int
        /// Live feeds open for the share on the instance that answered (nil from a server before this
        /// member): a count only, never who or where (``Watching``).
        public var watching: Int?
        /// An upload's answer.
        public init(stored: Int, kept: Int, watching: Int? = nil) {
            self.stored = stored
            self.kept = kept
            self.watching = watching
        }
    }

    /// `GET /v1/location/shares/{id}/watching`: how many followers have the share's live feed open,
    /// so that a sharer nobody watches can send fewer fixes. A number only: the server tells the owner
    /// nothing about who the followers are or where they connect from.
    public struct Watching: Codable, Sendable, Equatable {
        /// Live feeds open for the share on the instance that answered.
        public var watching: Int
        /// A count of live feeds.
        public init(watching: Int) { self.watching = watching }
    }

    /// The longest `GET /v1/location/shares/{id}/watching?changedFrom=` waits for the count to change,
    /// in seconds: under the 30 s a client or a proxy usually gives a request.
    public static let watchingWaitSeconds = 25

    /// One sealed fix as a follower receives it.
    public struct FeedFix: Codable, Sendable, Equatable {
        /// Increases with every stored fix of the share; ask for `?after=<seq>` to get only newer ones.
        public var seq: Int
        /// The sealed fix, as uploaded.
        public var data: String
        /// When the server received it.
        public var receivedAt: Date
        /// A fix of the feed.
        public init(seq: Int, data: String, receivedAt: Date) {
            self.seq = seq
            self.data = data
            self.receivedAt = receivedAt
        }
    }

    /// What followers fetch, without an account: ciphertext only.
    public struct Feed: Codable, Sendable {
        /// The share's id.
        public var id: String
        /// How its fixes are sealed.
        public var format: LocationFormat
        /// When it ends; nil: until revoked.
        public var expiresAt: Date?
        /// Oldest first, within the server's retention.
        public var fixes: [FeedFix]
        /// A feed answer.
        public init(id: String, format: LocationFormat, expiresAt: Date?, fixes: [FeedFix]) {
            self.id = id
            self.format = format
            self.expiresAt = expiresAt
            self.fixes = fixes
        }
    }
}
