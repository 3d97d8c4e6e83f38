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
    /// A channel's next epoch secret sealed to its remaining subscribers (type 4).
    case channelRekey([UInt8])
    /// Not a Seqr code: an http or https link, as its text.
    case url(String)
    /// One code of a PaperVault backup, data or parity (``VaultCode``, ``VaultParityCode``): `seqr vault restore` reads it.
    case vaultCode
    /// A bare compact JWS (three base64url parts, a JSON header with "alg"), not yet verified: `seqr jws verify` reads it.
    case jws(String)
    /// A SMART Health Card chunk ("shc:/…"), not yet verified: `seqr shc verify` reads it.
    case smartHealthCard(String)
    /// Not a Seqr code and not a web link: text, or another app's bytes.
    case other([UInt8])

    /// Parses `bytes`, raw or as a Seqr link (``SeqrCodeLink``). Anything else without the Seqr header is a `url` or `other`, never an error;
    /// a payload with the header but of an unknown version or type, truncated, or (for a public
    /// key) malformed throws the `ChannelError` that says so.
    public init(parsing bytes: [UInt8]) throws(ChannelError) {
        let type: SeqrCodeType
        do {
            type = try SeqrCodeType.classify(bytes)
        } catch .notASeqrCode {
            // The link form (https://HOST/app/#CODE) holds the same code; it is read like the raw one.
            if let code = SeqrCodeLink.code(in: bytes) {
                try self.init(parsing: code)
            } else {
                self = Self.foreign(bytes)
            }
            return
        }
        switch type {
        case .publicKey: self = .publicKey(try PublicKeyCode.decode(bytes))
        case .channelShare: self = .channelShare(bytes)
        case .message: self = .channelMessage(bytes)
        case .rekey: self = .channelRekey(bytes)
        }
    }

    /// A vault code, a SMART Health Card, a compact JWS or a web link when the bytes are one;
    /// anything else as it is. Nothing is verified here: the command named for each kind does that.
    static func foreign(_ bytes: [UInt8]) -> SeqrCode {
        // A vault code is binary; its 2-byte SHA-256 checksum tells it from other codes.
        if (try? VaultCode(parsing: bytes)) != nil || (try? VaultParityCode(parsing: bytes)) != nil { return .vaultCode }
        guard let text = String(validating: bytes, as: UTF8.self) else { return .other(bytes) }
        if text.lowercased().hasPrefix("shc:/") { return .smartHealthCard(text) }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.filter({ $0 == "." }).count == 2, (try? CompactJWS.split(trimmed)) != nil { return .jws(trimmed) }
        let isWebLink = URL(string: text)?.scheme.map { ["http", "https"].contains($0.lowercased()) } ?? false
        return isWebLink ? .url(text) : .other(bytes)
    }
}
