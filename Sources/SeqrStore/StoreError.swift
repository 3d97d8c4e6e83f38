import Foundation
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
    /// The owner has a channel of this name already.
    case channelNameTaken(String)
    /// A channel name that is empty or only spaces.
    case emptyChannelName
    /// The store's directory or file cannot be created or made private.
    case unusableStore(String)
    /// A secret is sealed, but the identity has no passphrase (the identity was replaced).
    case sealedWithoutPassphrase
    /// An identity name longer than the 255 UTF-8 bytes an identity keeps.
    case nameTooLong(Int)
    /// A channel row whose owner key is not the owner it is filed under: the store was changed.
    case ownerMismatch(String)
    /// No active subscriber of that name or fingerprint on the channel.
    case subscriberNotFound(String)
    /// Several active subscribers match a name or fingerprint prefix.
    case ambiguousSubscriber(String)
    /// A backup of another identity than the store's (its fingerprint, the store's): never replaced silently.
    case otherIdentity(backup: String, store: String)

    public var description: String {
        switch self {
        case .noIdentity: "no identity yet: run `seqr id init`"
        case .identityExists: "an identity exists already (use another --store for another one)"
        case .passphraseRequired: "the identity and the secrets it guards are sealed with a passphrase: set SEQR_PASSPHRASE (or give --passphrase-file where a command offers it)"
        case .wrongPassphrase: "wrong passphrase for the identity"
        case .channelNotFound(let name): "no channel \"\(name)\""
        case .ambiguousChannel(let name): "several channels match \"\(name)\" (same name or id, other owners): add --owner FINGERPRINT"
        case .alreadySubscribed(let name): "already subscribed to \"\(name)\""
        case .shareAlreadyUsed: "this channel share was used before (after an unsubscribe, ask the owner for a new one)"
        case .notOwner(let name): "you do not own \"\(name)\""
        case .channelNameTaken(let name): "you have a channel named \"\(DisplayName.escaped(name))\" already: choose another name"
        case .emptyChannelName: "a channel needs a name (not empty, not only spaces)"
        case .unusableStore(let detail): detail
        case .sealedWithoutPassphrase: "a secret in the store is sealed, but the identity has no passphrase: the store was changed"
        case .nameTooLong(let bytes): "the name is \(bytes) bytes of UTF-8; an identity's name holds at most 255"
        case .subscriberNotFound(let name): "no subscriber \"\(DisplayName.escaped(name))\" on this channel (see `seqr channel subscribers`)"
        case .ambiguousSubscriber(let name): "several subscribers match \"\(DisplayName.escaped(name))\": give the name in its exact case, or more of the fingerprint"
        case .otherIdentity(let backup, let store): "the backup is of identity \(backup), but this store holds \(store); nothing was restored (restore into another --store)"
        case .ownerMismatch(let name): "channel \"\(DisplayName.escaped(name))\": its owner key does not match the owner it is filed under; the store was changed"
        }
    }
}
