import Foundation

/// What a scanned QR payload is, decided once by its first bytes (docs/formats/channels.md):
/// one of Seqr's own codes, told by the "SQ" header and its type byte, or a web link or
/// anything else from anyone else.
///
/// A public key is parsed whole here. A channel share and a channel message stay sealed:
/// only their header is checked, and they are opened by whoever holds the key
/// (``ChannelShareCode/decode(_:for:)``, ``ChannelMessageCode/decode(_:channel:)``), which
/// verify the signature before anything inside is believed.
public enum SeqrCode: Equatable, Sendable {
    /// Someone's public identity (type 1), to share a channel with them.
    case publicKey(PublicIdentity)
    /// A channel's secret sealed to one subscriber (type 2).
    case channelShare([UInt8])
    /// A signed, encrypted message on a channel (type 3).
    case channelMessage([UInt8])
    /// Not a Seqr code: an http or https link, as its text.
    case url(String)
    /// Not a Seqr code and not a web link: text, or another app's bytes.
    case other([UInt8])

    /// Parses `bytes`. Anything without the Seqr header is a `url` or `other`, never an error;
    /// a payload with the header but of an unknown version or type, truncated, or (for a public
    /// key) malformed throws the `ChannelError` that says so.
    public init(parsing bytes: [UInt8]) throws(ChannelError) {
        let type: SeqrCodeType
        do {
            type = try SeqrCodeType.classify(bytes)
        } catch .notASeqrCode {
            self = Self.foreign(bytes)
            return
        }
        switch type {
        case .publicKey: self = .publicKey(try PublicKeyCode.decode(bytes))
        case .channelShare: self = .channelShare(bytes)
        case .message: self = .channelMessage(bytes)
        }
    }

    /// A link when the bytes are the text of an http or https URL; anything else as it is.
    static func foreign(_ bytes: [UInt8]) -> SeqrCode {
        let text = String(decoding: bytes, as: UTF8.self)
        let isWebLink = URL(string: text)?.scheme.map { ["http", "https"].contains($0.lowercased()) } ?? false
        return isWebLink ? .url(text) : .other(bytes)
    }
}
