import Foundation
import GRDB
import SeqrCore

/// What `seqr id export` writes and `seqr id import` reads (docs/formats/identity-backup.md): the
/// identity and every channel with every epoch's secret held, the same document the web app keeps.
extension LocalStore {
    /// What a restore changed.
    public struct RestoreSummary: Sendable, Equatable {
        /// Whether the store had no identity and now holds the backup's.
        public var identityRestored: Bool
        /// Channels the store did not have.
        public var channelsAdded: Int
        /// Epoch secrets added to channels the store had.
        public var epochsAdded: Int
    }

    /// The identity (unlocked through the passphrase source) and every channel, for a backup.
    public func identityBackup(now: Date = Date()) throws -> IdentityBackup {
        let identity = try identity()
        let records = try database.read { db in try ChannelRecord.order(Column("created"), Column("name")).fetchAll(db) }
        let channels = try records.map { record in
            let current = try channel(record)
            var secrets = [current.epoch: current.secret]
            for older in try epochRecords(record) where older.epoch != Int64(current.epoch) {
                secrets[UInt32(clamping: older.epoch)] = try secret(in: older.secret, .channelSecret, rowKey: older.secretRowKey)
            }
            let subscribers = record.owned ? try database.read { db in try ChannelSubscriberRecord.of(record).fetchAll(db) } : []
            return IdentityBackupChannel(
                id: record.id, name: record.name, owner: current.owner, owned: record.owned, created: record.created, suite: current.suite,
                epoch: current.epoch, secrets: secrets, removed: record.removed,
                subscribers: try subscribers.map { .init(name: $0.name, identity: try Self.identity($0), removed: $0.removed != nil) })
        }
        return IdentityBackup(identity: identity, channels: channels, exported: now)
    }

    /// Restores `backup` into this store. With no identity here, the backup's becomes the store's,
    /// sealed under `passphrase`; with the same identity, the channels and epochs it lacks are added
    /// (what it holds already is kept as it is). A store holding another identity is refused
    /// (`otherIdentity`) before anything is written: a backup never replaces an identity.
    public func restore(_ backup: IdentityBackup, passphrase: String?) throws -> RestoreSummary {
        let restoredFingerprint = backup.identity.publicIdentity.fingerprint
        let hadIdentity = try database.read { db in try IdentityRecord.fetchCount(db) > 0 }
        if hadIdentity {
            let held = try publicIdentity()
            guard held.fingerprint == restoredFingerprint else { throw StoreError.otherIdentity(backup: restoredFingerprint, store: held.fingerprint) }
            _ = try identity()  // unlocked, so that the secrets are sealed as the store's are
        } else {
            _ = try keep(backup.identity, passphrase: passphrase)
        }
        let key = try secretsKey()
        var summary = RestoreSummary(identityRestored: !hadIdentity, channelsAdded: 0, epochsAdded: 0)
        try database.write { db in
            for channel in backup.channels {
                let rowKey: [String: any DatabaseValueConvertible] = ["ownerFingerprint": channel.owner.fingerprint, "id": channel.id]
                if let held = try ChannelRecord.fetchOne(db, key: rowKey) {
                    summary.epochsAdded += try merge(channel, into: held, db, key: key, exported: backup.exported)
                } else {
                    try insert(channel, db, key: key, exported: backup.exported)
                    summary.channelsAdded += 1
                }
            }
        }
        return summary
    }

    private func epochRecords(_ record: ChannelRecord) throws -> [ChannelEpochRecord] {
        try database.read { db in
            try ChannelEpochRecord.filter(Column("ownerFingerprint") == record.ownerFingerprint && Column("channelID") == record.id).fetchAll(db)
        }
    }

    private func current(_ channel: IdentityBackupChannel, epoch: UInt32, secret: Data, suite: ChannelSuite) -> Channel {
        Channel(id: channel.id, name: channel.name, secret: secret, owner: channel.owner, created: channel.created, suite: suite, epoch: epoch)
    }

    private func insert(_ channel: IdentityBackupChannel, _ db: Database, key: StoreSecretsKey?, exported: Date) throws {
        var record = Self.record(current(channel, epoch: channel.epoch, secret: channel.secrets[channel.epoch]!, suite: channel.suite), owned: channel.owned, key: key)
        record.removed = channel.removed
        try record.insert(db)
        for (epoch, secret) in channel.secrets where epoch != channel.epoch {
            try epochRecord(record, epoch: epoch, secret: secret, key: key).insert(db)
        }
        for subscriber in channel.subscribers {
            try ChannelSubscriberRecord(ownerFingerprint: record.ownerFingerprint, channelID: record.id, fingerprint: subscriber.identity.fingerprint,
                                        name: subscriber.name, publicKey: Data(PublicKeyCode.encode(subscriber.identity).dropFirst(4)),
                                        shared: exported, removed: subscriber.removed ? exported : nil).insert(db)
        }
    }

    /// Adds the epochs `held` lacks; moves it to the backup's epoch when that is later. Returns how many epochs were added.
    private func merge(_ channel: IdentityBackupChannel, into held: ChannelRecord, _ db: Database, key: StoreSecretsKey?, exported: Date) throws -> Int {
        var heldEpochs = Set(try ChannelEpochRecord.filter(Column("ownerFingerprint") == held.ownerFingerprint && Column("channelID") == held.id)
            .fetchAll(db).map { UInt32(clamping: $0.epoch) })
        heldEpochs.insert(UInt32(clamping: held.epoch))
        var added = 0
        for (epoch, secret) in channel.secrets.sorted(by: { $0.key < $1.key }) where !heldEpochs.contains(epoch) {
            added += 1
            if epoch > UInt32(clamping: held.epoch) && epoch == channel.epoch {
                // The backup is further on: its epoch becomes current, the one held so far an older one.
                // Opened with the key at hand: the store's own unlock would read the database inside this write.
                var heldSecret = held.secret
                if SealedStoreSecret.isSealed(held.secret) {
                    guard let key else { throw StoreError.sealedWithoutPassphrase }
                    heldSecret = Data(try SealedStoreSecret(parsing: held.secret).open(key: key, purpose: StoreSecretPurpose.channelSecret.rawValue, rowKey: held.secretRowKey))
                }
                try epochRecord(held, epoch: UInt32(clamping: held.epoch), secret: heldSecret, key: key).save(db)
                var moved = Self.record(current(channel, epoch: epoch, secret: secret, suite: channel.suite), owned: held.owned, key: key)
                moved.name = held.name
                moved.created = held.created
                moved.removed = channel.removed
                try moved.update(db)
            } else {
                try epochRecord(held, epoch: epoch, secret: secret, key: key).insert(db)
            }
        }
        if held.owned {
            let later = channel.epoch > UInt32(clamping: held.epoch)
            let known = Dictionary(try ChannelSubscriberRecord.of(held).fetchAll(db).map { ($0.fingerprint, $0) }, uniquingKeysWith: { a, _ in a })
            for subscriber in channel.subscribers {
                if var record = known[subscriber.identity.fingerprint] {
                    // A later backup's removals count: a rekey here must not reach whom the owner removed since.
                    if later && subscriber.removed && record.removed == nil {
                        record.removed = exported
                        try record.update(db)
                    }
                    continue
                }
                try ChannelSubscriberRecord(ownerFingerprint: held.ownerFingerprint, channelID: held.id, fingerprint: subscriber.identity.fingerprint,
                                            name: subscriber.name, publicKey: Data(PublicKeyCode.encode(subscriber.identity).dropFirst(4)),
                                            shared: exported, removed: subscriber.removed ? exported : nil).insert(db)
            }
        }
        return added
    }

    private func epochRecord(_ record: ChannelRecord, epoch: UInt32, secret: Data, key: StoreSecretsKey?) throws -> ChannelEpochRecord {
        var epochRecord = ChannelEpochRecord(ownerFingerprint: record.ownerFingerprint, channelID: record.id, epoch: Int64(epoch), secret: secret)
        epochRecord.secret = Self.stored(secret, .channelSecret, rowKey: epochRecord.secretRowKey, key: key)
        return epochRecord
    }
}
