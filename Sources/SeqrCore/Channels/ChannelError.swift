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
        }
    }
}
