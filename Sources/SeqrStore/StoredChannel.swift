import Foundation
import SeqrCore

/// A channel as listed: who owns it and what it is called, without its secret, so that listing
/// channels never needs the identity's passphrase.
public struct StoredChannel: Sendable, Equatable {
    public let id: Data
    public let name: String
    public let owner: PublicIdentity
    /// Whether this store owns the channel (else it is subscribed).
    public let owned: Bool
    public let created: Date
}
