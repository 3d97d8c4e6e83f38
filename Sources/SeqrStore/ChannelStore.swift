import Crypto
import Foundation
import GRDB
import SeqrCore

/// Why a store operation failed.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case noIdentity
    case identityExists
    case passphraseRequired
    case wrongPassphrase
    case channelNotFound(String)
    case ambiguousChannel(String)
    case alreadySubscribed(String)
    case shareAlreadyUsed
    case notOwner(String)
    /// The store's directory or file cannot be created or made private.
    case unusableStore(String)

    public var description: String {
        switch self {
        case .noIdentity: "no identity yet: run `seqr id init`"
        case .identityExists: "an identity exists already (use another --store for another one)"
        case .passphraseRequired: "the identity is sealed with a passphrase: give --passphrase-file or SEQR_PASSPHRASE"
        case .wrongPassphrase: "wrong passphrase for the identity"
        case .channelNotFound(let name): "no channel \"\(name)\""
        case .ambiguousChannel(let name): "several channels match \"\(name)\" (same name or id, other owners): add --owner FINGERPRINT"
        case .alreadySubscribed(let name): "already subscribed to \"\(name)\""
        case .shareAlreadyUsed: "this channel share was used before (after an unsubscribe, ask the owner for a new one)"
        case .notOwner(let name): "you do not own \"\(name)\""
        case .unusableStore(let detail): detail
        }
    }
}

/// The local store of one person: identity, channels, message history — SQLite through
/// GRDB in WAL mode with a busy timeout, so concurrent `seqr` processes never corrupt it.
public final class ChannelStore: Sendable {
    public let path: String
    let database: DatabasePool

    public init(directory: String) throws {
        path = directory + "/seqr.sqlite"
        try PrivateStoreFiles.prepare(directory: directory, database: path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        database = try DatabasePool(path: path, configuration: configuration)
        try StoreMigrations.migrator.migrate(database)
    }

    /// `$SEQR_HOME`, else `$XDG_DATA_HOME/seqr`, else `~/.local/share/seqr`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["SEQR_HOME"], !home.isEmpty { return home }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty { return data + "/seqr" }
        return (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share/seqr"
    }

    // MARK: Identity

    /// Creates the identity; with a passphrase its private keys are sealed at rest
    /// (PBKDF2-HMAC-SHA256, 600,000 rounds, ChaCha20-Poly1305).
    public func createIdentity(name: String, p256: Bool = false, passphrase: String?, rounds: UInt32 = VaultMessage.defaultRounds) throws -> PrivateIdentity {
        try DisplayName.validate(name)  // others' readers refuse such names
        let identity = PrivateIdentity.generate(name: name, p256: p256)
        let plain = identity.serializedPrivateKeys()
        let keys = try passphrase.map { Data(try VaultMessage.seal(plain, password: $0, rounds: rounds).serialized()) } ?? Data(plain)
        try database.write { db in
            guard try IdentityRecord.fetchCount(db) == 0 else { throw StoreError.identityExists }
            try IdentityRecord(keys: keys, sealed: passphrase != nil, created: Date()).insert(db)
        }
        return identity
    }

    public func identity(passphrase: String?) throws -> PrivateIdentity {
        guard let record = try database.read({ try IdentityRecord.fetchOne($0) }) else { throw StoreError.noIdentity }
        var plain = [UInt8](record.keys)
        if record.sealed {
            guard let passphrase else { throw StoreError.passphraseRequired }
            do {
                plain = try VaultMessage(parsing: plain).open(password: passphrase)
            } catch {
                throw StoreError.wrongPassphrase
            }
        }
        return try PrivateIdentity(serializedPrivateKeys: plain)
    }

    public var identityIsSealed: Bool {
        get throws { try database.read { try IdentityRecord.fetchOne($0)?.sealed } ?? false }
    }

    // MARK: Channels

    public func createChannel(name: String, owner: PrivateIdentity) throws -> Channel {
        try DisplayName.validate(name)
        let channel = Channel.create(name: name, owner: owner.publicIdentity)
        try database.write { db in try Self.record(channel, owned: true).insert(db) }
        return channel
    }

    public func channels(owned: Bool? = nil) throws -> [Channel] {
        try database.read { db in
            var request = ChannelRecord.order(Column("created"), Column("name"))
            if let owned { request = request.filter(Column("owned") == owned) }
            return try request.fetchAll(db)
        }.map(Self.channel)
    }

    /// A channel by exact id (hex) or name, and, where several owners' channels match, by a
    /// prefix of the owner's fingerprint (dashes optional).
    public func channel(named nameOrID: String, owner: String? = nil) throws -> (Channel, owned: Bool) {
        let records = try database.read { db in try ChannelRecord.fetchAll(db) }
        let ownerPrefix = owner.map { $0.uppercased().filter { $0 != "-" } }
        let matches = records.filter { record in
            (record.name == nameOrID || record.id.hexString == nameOrID.lowercased())
                && ownerPrefix.map { record.ownerFingerprint.filter { $0 != "-" }.hasPrefix($0) } ?? true
        }
        guard let first = matches.first else { throw StoreError.channelNotFound(nameOrID) }
        guard matches.count == 1 else { throw StoreError.ambiguousChannel(nameOrID) }
        return (try Self.channel(first), first.owned)
    }

    /// Subscribes from a scanned share: opens it, refuses shares used before, stores the channel.
    public func subscribe(share bytes: [UInt8], identity: PrivateIdentity) throws -> Channel {
        let channel = try ChannelShareCode.decode(bytes, for: identity)
        let digest = Self.spentShareDigest(bytes)
        try database.write { db in
            for spent in [digest, Self.legacySpentShareDigest(bytes)] where try SpentShareRecord.fetchOne(db, key: spent) != nil {
                throw StoreError.shareAlreadyUsed
            }
            // Keyed by owner and id: a stranger's share under the same id is another channel.
            if try ChannelRecord.fetchOne(db, key: Self.key(channel)) != nil { throw StoreError.alreadySubscribed(channel.name) }
            try Self.record(channel, owned: false).insert(db)
            try SpentShareRecord(digest: digest, used: Date()).insert(db)
        }
        return channel
    }

    /// What makes a share "the same share": the bytes the owner signed, never the signature.
    /// An ECDSA signature (r, s) has a twin (r, n − s) that verifies too, so a digest over the
    /// signature would let an old share subscribe again after an unsubscribe.
    static func spentShareDigest(_ share: [UInt8]) -> Data {
        Data(SHA256.hash(data: Data("seqr spent share v2".utf8) + share.dropLast(64)))
    }

    /// Digests written before spentShareDigest covered the whole share, signature included; they
    /// are still honoured (but do not catch the malleated twin of a share spent back then).
    static func legacySpentShareDigest(_ share: [UInt8]) -> Data { Data(SHA256.hash(data: share)) }

    /// Deletes a subscription and its secret (its history stays, for the record).
    public func unsubscribe(_ nameOrID: String, owner: String? = nil) throws -> Channel {
        let (channel, owned) = try channel(named: nameOrID, owner: owner)
        guard !owned else { throw StoreError.notOwner(channel.name) }  // owners delete nothing this way
        _ = try database.write { db in try ChannelRecord.deleteOne(db, key: Self.key(channel)) }
        return channel
    }

    // MARK: Messages

    public func publish(_ message: ChannelMessage, in nameOrID: String, owner: PrivateIdentity) throws -> (MessageRecord, [UInt8]) {
        let (channel, owned) = try channel(named: nameOrID)
        guard owned else { throw StoreError.notOwner(channel.name) }
        let encoded = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        var record = Self.record(message, channel: channel, encoded: encoded, published: true, latitude: nil, longitude: nil)
        try database.write { db in try record.insert(db) }
        return (record, encoded)
    }

    /// Reads a scanned message of a known channel (signature first, then decryption) and
    /// records it. Several owners' channels may share an id (anyone can use a public id): the
    /// message belongs to the one whose owner's signature verifies. Nothing is stored when
    /// anything fails.
    public func receive(_ bytes: [UInt8], latitude: Double? = nil, longitude: Double? = nil) throws -> (ChannelMessage, Channel) {
        let id = try ChannelMessageCode.channelID(bytes)
        let candidates = try database.read { db in try ChannelRecord.filter(Column("id") == id).fetchAll(db) }.map(Self.channel)
        guard !candidates.isEmpty else { throw ChannelError.unknownChannel(id) }
        var firstFailure: Error?
        var opened: (ChannelMessage, Channel)?
        for candidate in candidates {
            do {
                opened = (try ChannelMessageCode.decode(bytes, channel: candidate), candidate)
                break
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        guard let (message, channel) = opened else { throw firstFailure! }
        var stored = Self.record(message, channel: channel, encoded: bytes, published: false, latitude: latitude, longitude: longitude)
        try database.write { db in try stored.insert(db) }
        return (message, channel)
    }

    public func history(channel nameOrID: String? = nil, owner: String? = nil) throws -> [MessageRecord] {
        let selected = try nameOrID.map { try self.channel(named: $0, owner: owner).0 }
        return try database.read { db in
            var request = MessageRecord.order(Column("recorded"), Column("id"))
            if let selected {
                request = request.filter(Column("channelID") == selected.id && Column("ownerFingerprint") == selected.owner.fingerprint)
            }
            return try request.fetchAll(db)
        }
    }

    public func message(id: Int64) throws -> MessageRecord? {
        try database.read { try MessageRecord.fetchOne($0, key: id) }
    }

    // MARK: Mapping

    static func key(_ channel: Channel) -> [String: any DatabaseValueConvertible] {
        ["ownerFingerprint": channel.owner.fingerprint, "id": channel.id]
    }

    static func record(_ channel: Channel, owned: Bool) -> ChannelRecord {
        ChannelRecord(ownerFingerprint: channel.owner.fingerprint, id: channel.id, name: channel.name, secret: channel.secret,
                      owner: Data(PublicKeyCode.encode(channel.owner).dropFirst(4)), owned: owned, created: channel.created)
    }

    static func channel(_ record: ChannelRecord) throws -> Channel {
        // Rows written before names were checked still load; their names are shown escaped.
        let owner = try PublicKeyCode.decode(SeqrCodeType.publicKey.header + [UInt8](record.owner), checkingName: false)
        return Channel(id: record.id, name: record.name, secret: record.secret, owner: owner, created: record.created)
    }

    static func record(_ message: ChannelMessage, channel: Channel, encoded: [UInt8], published: Bool, latitude: Double?, longitude: Double?) -> MessageRecord {
        MessageRecord(id: nil, channelID: channel.id, ownerFingerprint: channel.owner.fingerprint, kind: message.kind == .url ? "url" : "text", created: message.created, expires: message.expires,
                      content: message.content, latitude: latitude, longitude: longitude, encoded: Data(encoded), published: published, recorded: Date())
    }
}

extension Data {
    public var hexString: String { map { String(format: "%02x", $0) }.joined() }
}
