import Foundation

/// A broadcast channel: its id, name, 32-byte secret, and its owner's public identity.
public struct Channel: Equatable, Sendable {
    public let id: Data
    public let name: String
    public let secret: Data
    public let owner: PublicIdentity
    public let created: Date

    public init(id: Data, name: String, secret: Data, owner: PublicIdentity, created: Date) {
        self.id = id
        self.name = name
        self.secret = secret
        self.owner = owner
        self.created = created
    }

    /// A new channel with a random 16-byte id and 32-byte secret (system generator).
    public static func create(name: String, owner: PublicIdentity, now: Date = Date()) -> Channel {
        Channel(id: SecureRandom.data(16), name: name, secret: SecureRandom.data(32), owner: owner,
                created: Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down)))
    }
}
