import Crypto
import Foundation
import GRDB
import SeqrCore

/// Channels this store owns or follows, and the history of their messages.
extension LocalStore {
    /// Creates a channel; its name is non-empty and unique among the owner's channels, so that
    /// `post NAME` always names one channel.
    public func createChannel(name: String, owner: PrivateIdentity) throws -> Channel {
        try DisplayName.validate(name)
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else { throw StoreError.emptyChannelName }
        let channel = Channel.create(name: name, owner: owner.publicIdentity)
        let record = try Self.record(channel, owned: true, key: secretsKey())
        try database.write { db in
            // Checked in the writing transaction, so two concurrent creates cannot both pass.
            if try ChannelRecord.named(name, ownedBy: channel.owner.fingerprint).fetchCount(db) > 0 {
                throw StoreError.channelNameTaken(name)
            }
            try record.insert(db)
        }
        return channel
    }

    /// The channels, without their secrets (listing needs no passphrase).
    public func channels(owned: Bool? = nil) throws -> [StoredChannel] {
        try database.read { db in
            var request = ChannelRecord.order(Column("created"), Column("name"))
            if let owned { request = request.filter(Column("owned") == owned) }
            return try request.fetchAll(db)
        }.map(Self.listing)
    }

    /// A channel with its secret, by name or id (hex, any unambiguous prefix: `channel list`
    /// prints 8 characters), and, where several owners' channels match, by a prefix of the
    /// owner's fingerprint (dashes optional). A name and another channel's id prefix alike are
    /// ambiguous, never silently resolved one way.
    public func channel(named nameOrID: String, owner: String? = nil) throws -> (Channel, owned: Bool) {
        let record = try channelRecord(named: nameOrID, owner: owner)
        return (try channel(record), record.owned)
    }

    func channelRecord(named nameOrID: String, owner: String?) throws -> ChannelRecord {
        let records = try database.read { db in try ChannelRecord.fetchAll(db) }
        let ownerPrefix = owner.map { $0.uppercased().filter { $0 != "-" } }
        let idPrefix = nameOrID.lowercased()
        let isIDPrefix = !idPrefix.isEmpty && idPrefix.allSatisfy(\.isHexDigit)
        let matches = records.filter { record in
            (record.name == nameOrID || (isIDPrefix && record.id.hexString.hasPrefix(idPrefix)))
                && ownerPrefix.map { record.ownerFingerprint.filter { $0 != "-" }.hasPrefix($0) } ?? true
        }
        guard let first = matches.first else { throw StoreError.channelNotFound(nameOrID) }
        guard matches.count == 1 else { throw StoreError.ambiguousChannel(nameOrID) }
        return first
    }

    /// Subscribes from a scanned share: opens it, refuses shares used before, stores the channel.
    public func subscribe(share bytes: [UInt8], identity: PrivateIdentity) throws -> Channel {
        let channel = try ChannelShareCode.decode(bytes, for: identity)
        let digest = Self.spentShareDigest(bytes)
        let record = try Self.record(channel, owned: false, key: secretsKey())
        try database.write { db in
            for spent in [digest, Self.legacySpentShareDigest(bytes)] where try SpentShareRecord.fetchOne(db, key: spent) != nil {
                throw StoreError.shareAlreadyUsed
            }
            // Keyed by owner and id: a stranger's share under the same id is another channel.
            if try ChannelRecord.fetchOne(db, key: Self.key(channel)) != nil { throw StoreError.alreadySubscribed(channel.name) }
            try record.insert(db)
            try SpentShareRecord(digest: digest, used: Date()).insert(db)
        }
        return channel
    }

    /// Opens a share made for `identity` without subscribing: the channel it holds, its signature verified.
    public func openShare(_ bytes: [UInt8], identity: PrivateIdentity) throws -> Channel {
        try ChannelShareCode.decode(bytes, for: identity)
    }

    /// The channels held under `channel`'s id, or from an owner of its owner's name, whose owner key is
    /// another one (``OwnerKeyConflict``), channel id first: to say before subscribing to a look-alike share.
    public func ownerKeyConflicts(with channel: Channel) throws -> [OwnerKeyConflict] {
        let records = try database.read { db in try ChannelRecord.order(Column("created")).fetchAll(db) }
        var conflicts: [OwnerKeyConflict] = []
        for record in records where record.ownerFingerprint != channel.owner.fingerprint {
            let held = try Self.listing(record)
            let reason: OwnerKeyConflict.Reason
            if record.id == channel.id { reason = .sameChannelID
            } else if held.owner.name == channel.owner.name { reason = .sameOwnerName
            } else { continue }
            conflicts.append(OwnerKeyConflict(reason: reason, channelName: held.name, ownerName: held.owner.name, ownerFingerprint: held.owner.fingerprint))
        }
        return conflicts.filter { $0.reason == .sameChannelID } + conflicts.filter { $0.reason == .sameOwnerName }
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
    public func unsubscribe(_ nameOrID: String, owner: String? = nil) throws -> StoredChannel {
        let record = try channelRecord(named: nameOrID, owner: owner)
        guard !record.owned else { throw StoreError.notOwner(record.name) }  // owners delete nothing this way
        _ = try database.write { db in try record.delete(db) }
        return try Self.listing(record)
    }

    // MARK: Messages

    /// Seals and signs `message`, hands its code to `deliver` (which writes it out), and only
    /// then records it as published: a code that was never written is not in the history.
    public func publish(_ message: ChannelMessage, in nameOrID: String, owner: PrivateIdentity,
                        deliver: ([UInt8]) throws -> Void = { _ in }) throws -> (MessageRecord, [UInt8]) {
        let (channel, owned) = try channel(named: nameOrID)
        guard owned else { throw StoreError.notOwner(channel.name) }
        let encoded = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        try deliver(encoded)
        var record = Self.record(message, channel: channel, encoded: encoded, published: true, latitude: nil, longitude: nil)
        try database.write { db in try record.insert(db) }
        return (record, encoded)
    }

    /// Reads a scanned message of a known channel (signature first, then decryption) and
    /// records it: a new message with its first sighting, or, rescanned, one more sighting of it. Several owners' channels may share an id (anyone can use a public id): the
    /// message belongs to the one whose owner's signature verifies. Nothing is stored when
    /// anything fails.
    public func receive(_ bytes: [UInt8], latitude: Double? = nil, longitude: Double? = nil) throws -> (ChannelMessage, Channel) {
        let id = try ChannelMessageCode.channelID(bytes)
        let records = try database.read { db in try ChannelRecord.filter(Column("id") == id).fetchAll(db) }
        guard !records.isEmpty else { throw ChannelError.unknownChannel(id) }
        let epoch = try ChannelMessageCode.header(bytes).epoch
        var firstFailure: Error?
        var opened: (ChannelMessage, Channel)?
        for record in records {
            let candidate = try channel(record, epoch: epoch)
            do {
                opened = (try ChannelMessageCode.decode(bytes, channel: candidate), candidate)
                break
            } catch ChannelError.epochNotReached(let epoch) where record.removed && epoch > record.epoch {
                // Signed by the owner, of an epoch after the rekey that left this subscriber out.
                firstFailure = firstFailure ?? ChannelError.removedFromChannel(record.name)
            } catch {
                firstFailure = firstFailure ?? error
            }
        }
        guard let (message, channel) = opened else { throw firstFailure! }
        var stored = Self.record(message, channel: channel, encoded: bytes, published: false, latitude: latitude, longitude: longitude)
        try database.write { db in
            if let known = try MessageRecord.same(as: stored).fetchOne(db) { stored = known } else { try stored.insert(db) }
            var sighting = SightingRecord(id: nil, messageID: stored.id!, latitude: latitude, longitude: longitude, seen: Date())
            try sighting.insert(db)
        }
        return (message, channel)
    }

    public func history(channel nameOrID: String? = nil, owner: String? = nil) throws -> [MessageRecord] {
        // The channel's record, not its secret: history is read without the passphrase.
        let selected = try nameOrID.map { try channelRecord(named: $0, owner: owner) }
        return try database.read { db in
            var request = MessageRecord.order(Column("recorded"), Column("id"))
            if let selected {
                request = request.filter(Column("channelID") == selected.id && Column("ownerFingerprint") == selected.ownerFingerprint)
            }
            return try request.fetchAll(db)
        }
    }

    /// The sightings of each of these messages, oldest first (none for a message only published).
    public func sightings(of messages: [MessageRecord]) throws -> [Int64: [SightingRecord]] {
        try database.read { db in
            try Dictionary(grouping: SightingRecord.of(messages: messages.compactMap(\.id)).fetchAll(db), by: \.messageID)
        }
    }

    public func message(id: Int64) throws -> MessageRecord? {
        try database.read { try MessageRecord.fetchOne($0, key: id) }
    }

    // MARK: Mapping

    static func key(_ channel: Channel) -> [String: any DatabaseValueConvertible] {
        ["ownerFingerprint": channel.owner.fingerprint, "id": channel.id]
    }

    static func record(_ channel: Channel, owned: Bool, key: StoreSecretsKey?) -> ChannelRecord {
        var record = ChannelRecord(ownerFingerprint: channel.owner.fingerprint, id: channel.id, name: channel.name, secret: channel.secret,
                                   owner: Data(PublicKeyCode.encode(channel.owner).dropFirst(4)), owned: owned, created: channel.created,
                                   suite: Int(channel.suite.rawValue), epoch: Int64(channel.epoch))
        record.secret = stored(channel.secret, .channelSecret, rowKey: record.secretRowKey, key: key)
        return record
    }

    static func listing(_ record: ChannelRecord) throws -> StoredChannel {
        // Rows written before names were checked still load; their names are shown escaped.
        let owner = try PublicKeyCode.decode(SeqrCodeType.publicKey.header + [UInt8](record.owner), checkingName: false)
        // The row's key names the owner; the key stored beside it must be that owner's.
        guard owner.fingerprint == record.ownerFingerprint else { throw StoreError.ownerMismatch(record.name) }
        return StoredChannel(id: record.id, name: record.name, owner: owner, owned: record.owned, created: record.created)
    }

    /// The channel with its secret opened.
    func channel(_ record: ChannelRecord) throws -> Channel {
        let listed = try Self.listing(record)
        let secret = try secret(in: record.secret, .channelSecret, rowKey: record.secretRowKey)
        return Channel(id: record.id, name: record.name, secret: secret, owner: listed.owner, created: record.created,
                       suite: ChannelSuite(rawValue: UInt8(clamping: record.suite)) ?? .v1, epoch: UInt32(clamping: record.epoch))
    }

    static func record(_ message: ChannelMessage, channel: Channel, encoded: [UInt8], published: Bool, latitude: Double?, longitude: Double?) -> MessageRecord {
        MessageRecord(id: nil, channelID: channel.id, ownerFingerprint: channel.owner.fingerprint, kind: message.kind == .url ? "url" : "text", created: message.created, expires: message.expires,
                      content: message.content, latitude: latitude, longitude: longitude, encoded: Data(encoded), published: published, recorded: Date())
    }
}
