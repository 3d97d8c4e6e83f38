import Foundation
import GRDB
import SeqrCore

/// Who an owner shared each channel with, and the epochs a removal moves a channel through
/// (docs/formats/channels.md, "Type 4: rekey").
extension LocalStore {
    /// A share of an owned channel for `recipient`, recorded so that a later rekey reaches them.
    /// Sharing again with a removed subscriber adds them back.
    public func share(_ channel: Channel, to recipient: PublicIdentity, signedBy owner: PrivateIdentity) throws -> [UInt8] {
        let code = try ChannelShareCode.encode(channel, to: recipient, signedBy: owner)
        let subscriber = ChannelSubscriberRecord(ownerFingerprint: channel.owner.fingerprint, channelID: channel.id, fingerprint: recipient.fingerprint,
                                                 name: recipient.name, publicKey: Data(PublicKeyCode.encode(recipient).dropFirst(4)), shared: Date(), removed: nil)
        try database.write { db in try subscriber.save(db) }
        return code
    }

    /// Everyone an owned channel was shared with, removed ones included, oldest share first.
    public func subscribers(of nameOrID: String) throws -> [ChannelSubscriberRecord] {
        let record = try channelRecord(named: nameOrID, owner: nil)
        guard record.owned else { throw StoreError.notOwner(record.name) }
        return try database.read { db in try ChannelSubscriberRecord.of(record).fetchAll(db) }
    }

    /// Removes a subscriber, named by name or fingerprint (a prefix will do, dashes optional), from an
    /// owned channel: the channel moves to its next epoch with a fresh secret, sealed to every other
    /// subscriber in the returned rekey codes. Messages posted from now on use the new epoch.
    /// The codes go to `deliver` (which writes them out) before the store moves: a rekey whose codes
    /// were never written leaves the channel where it was.
    public func removeSubscriber(_ nameOrFingerprint: String, from nameOrID: String, owner: PrivateIdentity,
                                 deliver: ([[UInt8]]) throws -> Void = { _ in })
        throws -> (removed: ChannelSubscriberRecord, channel: Channel, codes: [[UInt8]]) {
        let record: ChannelRecord
        do {
            record = try channelRecord(named: nameOrID, owner: owner.publicIdentity.fingerprint)
        } catch StoreError.channelNotFound {
            record = try channelRecord(named: nameOrID, owner: nil)  // someone else's: says so below
        }
        guard record.owned else { throw StoreError.notOwner(record.name) }
        let current = try channel(record)
        let active = try database.read { db in try ChannelSubscriberRecord.of(record).filter(Column("removed") == nil).fetchAll(db) }
        let wanted = nameOrFingerprint.uppercased().filter { $0 != "-" }
        // The exact name first; else the name in any case ("carol" for "Carol"), which is ambiguous
        // when two names differ only in case; else a fingerprint prefix.
        var matches = active.filter { $0.name == nameOrFingerprint }
        if matches.isEmpty { matches = active.filter { $0.name.caseInsensitiveCompare(nameOrFingerprint) == .orderedSame } }
        if matches.isEmpty, !wanted.isEmpty { matches = active.filter { $0.fingerprint.filter { $0 != "-" }.hasPrefix(wanted) } }
        guard var removed = matches.first else { throw StoreError.subscriberNotFound(nameOrFingerprint) }
        guard matches.count == 1 else { throw StoreError.ambiguousSubscriber(nameOrFingerprint) }
        let remaining = try active.filter { $0.fingerprint != removed.fingerprint }.map(Self.identity)
        let next = current.at(epoch: current.epoch + 1, secret: SecureRandom.data(32))
        let codes = try ChannelRekeyCode.encode(next, to: remaining, removed: [Self.identity(removed)], signedBy: owner)
        try deliver(codes)
        removed.removed = Date()
        try moveToEpoch(record, next: next) { db in try removed.update(db) }
        return (removed, next, codes)
    }

    /// Reads a scanned rekey code of a subscribed channel: verifies the owner's signature, then keeps
    /// the new epoch's secret (older epochs stay readable). Throws `removedFromChannel`, after noting
    /// it, when the owner removed this subscriber at an epoch later than the one this store holds;
    /// `staleRekey` for a removal at or before it (a code replayed after the channel was shared again).
    public func applyRekey(_ bytes: [UInt8], identity: PrivateIdentity) throws -> Channel {
        let code = try ChannelRekeyCode(parsing: bytes)
        let records = try database.read { db in try ChannelRecord.filter(Column("id") == code.channelID).fetchAll(db) }
        guard !records.isEmpty else { throw ChannelError.unknownChannel(code.channelID) }
        var firstFailure: Error?
        for record in records {
            let current = try channel(record)
            let next: Channel
            do {
                if record.owned {
                    // The owner's own code: verified like any other, and the owner is past it already.
                    try ChannelRekeyCode.verify(bytes, owner: current.owner)
                    throw ChannelError.staleRekey(code.epoch)
                }
                next = try ChannelRekeyCode.open(bytes, channel: current, for: identity)
            } catch ChannelError.removedFromChannel(let name) {
                // A removal applies to the epoch it names, and only to a subscriber holding no share of
                // that epoch or a later one: replayed after the owner shared the channel again, it is stale.
                guard current.epoch < code.epoch else {
                    firstFailure = firstFailure ?? ChannelError.staleRekey(code.epoch)
                    continue
                }
                // Signed by this channel's owner: only then is the removal believed and noted.
                var marked = record
                marked.removed = true
                try database.write { db in try marked.update(db) }
                throw ChannelError.removedFromChannel(name)
            } catch {
                firstFailure = firstFailure ?? error
                continue
            }
            if next.epoch > current.epoch {
                try moveToEpoch(record, next: next) { _ in }
            } else if try epochSecret(record, epoch: next.epoch) == nil, next.epoch != current.epoch {
                // An older rekey scanned late: its epoch's messages become readable.
                try database.write { db in try self.epochRecord(record, epoch: next.epoch, secret: next.secret).insert(db) }
            } else {
                throw ChannelError.staleRekey(code.epoch)
            }
            return next
        }
        throw firstFailure!
    }

    /// The channel at `epoch` when this store has that epoch's secret, else at its current epoch.
    func channel(_ record: ChannelRecord, epoch: UInt32) throws -> Channel {
        let current = try channel(record)
        guard epoch != current.epoch, let secret = try epochSecret(record, epoch: epoch) else { return current }
        // A suite-1 channel's epoch 0 is read as suite 1: a message says its suite in its version byte.
        return current.at(epoch: epoch, secret: secret)
    }

    private func epochSecret(_ record: ChannelRecord, epoch: UInt32) throws -> Data? {
        let key: [String: any DatabaseValueConvertible] = ["ownerFingerprint": record.ownerFingerprint, "channelID": record.id, "epoch": Int64(epoch)]
        guard let stored = try database.read({ db in try ChannelEpochRecord.fetchOne(db, key: key) }) else { return nil }
        return try secret(in: stored.secret, .channelSecret, rowKey: stored.secretRowKey)
    }

    /// Keeps the current epoch's secret as an older one and makes `next` current, with `also` in the same transaction.
    private func moveToEpoch(_ record: ChannelRecord, next: Channel, also: (Database) throws -> Void) throws {
        let current = try channel(record)
        let old = try epochRecord(record, epoch: current.epoch, secret: current.secret)
        var moved = Self.record(next, owned: record.owned, key: try secretsKey())
        moved.removed = record.removed
        try database.write { db in
            try old.save(db)
            try moved.update(db)
            try also(db)
        }
    }

    private func epochRecord(_ record: ChannelRecord, epoch: UInt32, secret: Data) throws -> ChannelEpochRecord {
        var epochRecord = ChannelEpochRecord(ownerFingerprint: record.ownerFingerprint, channelID: record.id, epoch: Int64(epoch), secret: secret)
        epochRecord.secret = Self.stored(secret, .channelSecret, rowKey: epochRecord.secretRowKey, key: try secretsKey())
        return epochRecord
    }

    static func identity(_ subscriber: ChannelSubscriberRecord) throws -> PublicIdentity {
        try PublicKeyCode.decode(SeqrCodeType.publicKey.header + [UInt8](subscriber.publicKey), checkingName: false)
    }
}
