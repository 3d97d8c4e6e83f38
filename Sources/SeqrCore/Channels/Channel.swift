import Foundation

/// A broadcast channel: its id, name, the 32-byte secret of its current epoch, and its owner's
/// public identity. The suite names its ciphers; the epoch counts rekeys (removals) since it was created.
public struct Channel: Equatable, Sendable {
    /// 16 random bytes naming the channel in every code; not secret.
    public let id: Data
    /// The name the owner gave it, shown escaped.
    public let name: String
    /// The current epoch's 32-byte secret: whoever holds it reads the channel's messages. Keep it
    /// sealed at rest; it travels only inside share and rekey codes, sealed to each subscriber.
    public let secret: Data
    /// The owner's public identity: only messages signed with its key are accepted.
    public let owner: PublicIdentity
    /// When the owner created the channel.
    public let created: Date
    /// The ciphers of its codes.
    public let suite: ChannelSuite
    /// How many times the channel has been rekeyed (a subscriber removed); 0 at first.
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
