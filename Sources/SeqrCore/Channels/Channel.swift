import Foundation

/// A broadcast channel: its id, name, the 32-byte secret of its current epoch, and its owner's
/// public identity. The suite names its ciphers; the epoch counts rekeys (removals) since it was created.
public struct Channel: Equatable, Sendable {
    public let id: Data
    public let name: String
    public let secret: Data
    public let owner: PublicIdentity
    public let created: Date
    public let suite: ChannelSuite
    public let epoch: UInt32

    /// A channel as stored or received; ``create(name:owner:now:suite:)`` makes a new one.
    public init(id: Data, name: String, secret: Data, owner: PublicIdentity, created: Date, suite: ChannelSuite = .v1, epoch: UInt32 = 0) {
        self.id = id
        self.name = name
        self.secret = secret
        self.owner = owner
        self.created = created
        self.suite = suite
        self.epoch = epoch
    }

    /// A new channel with a random 16-byte id and 32-byte secret (system generator).
    public static func create(name: String, owner: PublicIdentity, now: Date = Date(), suite: ChannelSuite = .current) -> Channel {
        Channel(id: SecureRandom.data(16), name: name, secret: SecureRandom.data(32), owner: owner,
                created: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)), suite: suite)
    }

    /// The same channel at another epoch with that epoch's secret. Epochs exist from suite 2 on:
    /// a suite-1 channel moving past epoch 0 moves to suite 2.
    public func at(epoch: UInt32, secret: Data) -> Channel {
        Channel(id: id, name: name, secret: secret, owner: owner, created: created, suite: epoch == 0 ? suite : .v2, epoch: epoch)
    }
}
