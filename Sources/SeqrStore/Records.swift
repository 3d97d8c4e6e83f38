import Foundation
import GRDB
import SeqrCore

/// The local identity: private keys, sealed with a passphrase when one was set.
struct IdentityRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "identity"
    var id: Int64 = 1
    /// Either the plain serialized private keys, or a PaperVault-style message sealing them.
    var keys: Data
    var sealed: Bool
    var created: Date
    /// The public identity as its QR code's bytes (``PublicKeyCode``), in clear, so that it can be
    /// shown without the passphrase; nil in stores made before it was kept, until the next unlock.
    var publicKey: Data?
}

/// A channel this store owns or is subscribed to, keyed by (owner fingerprint, id): a channel
/// id is public in every message, so anyone can make a share under it; only the owner's key
/// says whose channel it is.
public struct ChannelRecord: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "channel"
    public var ownerFingerprint: String
    public var id: Data
    public var name: String
    /// The channel secret: a ``SealedStoreSecret`` when the identity has a passphrase, else clear.
    public var secret: Data
    /// The owner's public identity, serialized as in a public-key code (without header).
    public var owner: Data
    public var owned: Bool
    public var created: Date
    /// ``ChannelSuite`` raw value of the channel's current epoch (migration `v9-channel-epochs`).
    public var suite: Int = 1
    /// The current epoch, whose secret `secret` is; older epochs' secrets are ``ChannelEpochRecord``s.
    public var epoch: Int64 = 0
    /// A subscription whose owner removed this subscriber (seen in a rekey code).
    public var removed: Bool = false
}

extension ChannelRecord {
    /// The channels of one owner with this exact name (at most one since names are unique per owner).
    static func named(_ name: String, ownedBy fingerprint: String) -> QueryInterfaceRequest<ChannelRecord> {
        filter(Column("name") == name && Column("ownerFingerprint") == fingerprint)
    }
}

/// A message published here or scanned successfully, with the code's bytes for reprinting.
public struct MessageRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "message"
    public var id: Int64?
    public var channelID: Data
    /// The channel owner's fingerprint (nil only for rows of channels gone before it was recorded).
    public var ownerFingerprint: String?
    public var kind: String
    public var created: Date
    public var expires: Date?
    public var content: String
    public var latitude: Double?
    public var longitude: Double?
    public var encoded: Data
    public var published: Bool
    public var recorded: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension MessageRecord {
    /// The stored message with the same channel, owner and signed content as `record`: what a
    /// rescan of its code (or of a re-signed copy of it) holds.
    static func same(as record: MessageRecord) -> QueryInterfaceRequest<MessageRecord> {
        filter(Column("channelID") == record.channelID && Column("ownerFingerprint") == record.ownerFingerprint
               && Column("kind") == record.kind && Column("created") == record.created
               && Column("expires") == record.expires && Column("content") == record.content)
            .order(Column("id"))
    }
}

/// One time a message was scanned, and where (migration `v6-message-sightings`): a rescan adds
/// a sighting to the message instead of another message.
public struct SightingRecord: Codable, FetchableRecord, MutablePersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "sighting"
    public var id: Int64?
    public var messageID: Int64
    public var latitude: Double?
    public var longitude: Double?
    public var seen: Date

    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

extension SightingRecord {
    /// The sightings of these messages, oldest first.
    static func of(messages ids: [Int64]) -> QueryInterfaceRequest<SightingRecord> {
        filter(ids.contains(Column("messageID"))).order(Column("seen"), Column("id"))
    }
}

/// Digests of channel shares already used, so that an old share cannot re-subscribe
/// after an unsubscribe.
struct SpentShareRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "spentShare"
    var digest: Data
    var used: Date
}

/// The newest version of each note this device has opened or written, and the notes it deleted,
/// per server (its canonical origin) and account, so that
/// `seqr notes` refuses a note the server rolled back (``NotesAPI/Note/checkNotRolledBack(seen:)``).
struct SeenNoteVersionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "seenNoteVersion"
    var server: String
    var username: String
    var noteID: String
    var version: Int
    var versionBound: Bool
    var deleted: Bool
}

/// The signed-in notes session (one row). The token is a ``SealedStoreSecret`` in text form
/// when the identity has a passphrase, else clear; the KDF parameters are public.
struct NotesSessionRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "notesSession"
    var id: Int64 = 1
    var server: String
    var username: String
    var token: String
    /// ``AccountKDFParameters`` as JSON.
    var kdf: Data
    var expires: Date
    /// ``NotesSession/passwordCheck``; nil for sessions saved before it existed.
    var passwordCheck: Data?
}

/// A location share this device owns. `key` is a ``SealedStoreSecret`` when the identity has a
/// passphrase, else the clear key.
struct LocationShareRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "locationShare"
    var id: String
    var server: String
    var key: Data
    var created: Date
    var expires: Date?
}

/// One of this device's own recent fixes.
struct LocationFixRecord: Codable, FetchableRecord, MutablePersistableRecord {
    static let databaseTableName = "locationFix"
    var id: Int64?
    var lat: Double
    var lon: Double
    var accuracy: Double?
    var altitude: Double?
    var time: Date

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// The secret of a channel epoch before the current one, so older messages stay readable after a
/// rekey. `secret` is sealed like a channel's (``ChannelEpochRecord/secretRowKey``).
struct ChannelEpochRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "channelEpoch"
    var ownerFingerprint: String
    var channelID: Data
    var epoch: Int64
    var secret: Data
}

/// Someone the owner shared a channel with: whom a rekey seals the next epoch to, unless removed.
public struct ChannelSubscriberRecord: Codable, FetchableRecord, PersistableRecord, Sendable, Equatable {
    public static let databaseTableName = "channelSubscriber"
    public var ownerFingerprint: String
    public var channelID: Data
    public var fingerprint: String
    public var name: String
    /// The subscriber's public identity, serialized as in a public-key code (without header).
    public var publicKey: Data
    public var shared: Date
    public var removed: Date?
}

extension ChannelSubscriberRecord {
    static func of(_ record: ChannelRecord) -> QueryInterfaceRequest<ChannelSubscriberRecord> {
        filter(Column("ownerFingerprint") == record.ownerFingerprint && Column("channelID") == record.id).order(Column("shared"), Column("name"))
    }
}

/// A default saved with `seqr config`.
struct SettingRecord: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "setting"
    var key: String
    var value: String
}
