import Foundation

/// Why a Seqr channel code (public key, channel share, message) was not accepted.
public enum ChannelError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not starting with the Seqr magic: a URL, text or another app's code.
    case notASeqrCode
    /// A Seqr code of a format version this build does not know.
    case unsupportedVersion(UInt8)
    case unknownType(UInt8)
    case truncated
    case invalidKey
    /// The signature does not verify with the key it must be checked against.
    case badSignature
    /// A channel share sealed to another identity.
    case notForThisRecipient
    /// The ciphertext does not open (altered, or a different channel secret).
    case decryptionFailed
    /// A message of a channel this store is not subscribed to.
    case unknownChannel(Data)
    case invalidContent(String)
    /// A name (of an identity or a channel) holding a control or bidirectional character,
    /// which could disguise what a terminal shows beside it.
    case unsafeName(UInt32)
    /// A message of an epoch whose secret this store does not have: a rekey code not scanned yet.
    case epochNotReached(UInt32)
    /// A rekey code or later message of a channel whose owner removed this subscriber.
    case removedFromChannel(String)
    /// A rekey code in several parts, this subscriber's new secret being in another one.
    case inAnotherRekeyPart(part: UInt8, of: UInt8)
    /// A rekey code of an epoch this store already has.
    case staleRekey(UInt32)
    /// A link base or a link that is not what ``SeqrCodeLink`` reads.
    case invalidLink(String)
    /// A link too long for the largest QR code (version 40 at the level asked for).
    case linkTooLong(bytes: Int, capacity: Int)

    public var description: String {
        switch self {
        case .notASeqrCode: "not a Seqr code"
        case .unsupportedVersion(let version): "a Seqr code of format version \(version), which this version of Seqr does not read; update Seqr"
        case .unknownType(let type): "an unknown kind of Seqr code (type \(type))"
        case .truncated: "the Seqr code is truncated"
        case .invalidKey: "the code holds an invalid key"
        case .badSignature: "the signature does not verify: the code was altered or not made by the channel's owner"
        case .notForThisRecipient: "this channel share was made for someone else"
        case .decryptionFailed: "the message does not decrypt"
        case .unknownChannel: "a message of an unknown channel (not subscribed)"
        case .invalidContent(let detail): "invalid content: \(detail)"
        case .unsafeName(let scalar):
            "the name holds U+\(String(format: "%04X", scalar)), a control or text-direction character that could disguise it on screen; refused"
        case .epochNotReached(let epoch): "a message of the channel's epoch \(epoch), which this store has not reached: scan the channel's latest rekey code"
        case .removedFromChannel(let name): "you were removed from \(DisplayName.escaped(name))"
        case .inAnotherRekeyPart(let part, let count): "this is part \(part) of \(count) of a rekey code, and your new key is in another part: scan the others"
        case .staleRekey(let epoch): "a rekey code of epoch \(epoch), which this store has already"
        case .invalidLink(let detail): "invalid link: \(detail)"
        case .linkTooLong(let bytes, let capacity):
            "the link is \(bytes) bytes, more than the \(capacity) a version-40 QR code holds: use a shorter host, or no --link"
        }
    }
}
