import SeqrCore

/// A channel this store holds under the same channel id, or from an owner of the same name, as a
/// share about to be subscribed to, but whose owner key is another one. Anyone can make a share under
/// a channel id they saw, with the channel's name and the owner's name: the store keeps it as another
/// owner's channel, but its messages would then read "signed by Alice" with a fingerprint not
/// Alice's. Said before subscribing (``LocalStore/ownerKeyConflicts(with:)``), never silently accepted.
public struct OwnerKeyConflict: Equatable, Sendable {
    public enum Reason: String, Sendable {
        /// A channel of this id is known with another owner key.
        case sameChannelID
        /// An owner of this name is known with another key.
        case sameOwnerName
    }

    public let reason: Reason
    /// The channel already held, and its owner.
    public let channelName: String
    public let ownerName: String
    public let ownerFingerprint: String

    /// The sentence the command line shows, naming both fingerprints.
    public func sentence(newFingerprint: String) -> String {
        let known = "\"\(DisplayName.escaped(channelName))\" from \(DisplayName.escaped(ownerName)) (\(ownerFingerprint))"
        let what = reason == .sameChannelID ? "the same channel id as" : "the same owner name as"
        return "this share has \(what) \(known) but another owner key (\(newFingerprint)): it may be a look-alike; compare the fingerprint with the owner's"
    }
}
