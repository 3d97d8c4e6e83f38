/// The four bytes that start every Seqr channel QR code, so a scanner tells them from
/// URLs and text and refuses versions it does not know (docs/formats/channels.md).
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 2 | magic "SQ" (0x53 0x51) |
/// | 2 | 1 | format version = channel suite: 1 or 2 (``ChannelSuite``); public keys are always 1, rekey codes 2 |
/// | 3 | 1 | type: 1 public key, 2 channel share, 3 message, 4 rekey |
public enum SeqrCodeType: UInt8, Sendable {
    case publicKey = 1
    case channelShare = 2
    case message = 3
    case rekey = 4

    public static let magic: [UInt8] = [0x53, 0x51]
    /// The version of public-key codes, which hold no cipher.
    public static let version: UInt8 = 1

    /// The header of a suite-1 code (public keys).
    public var header: [UInt8] { header(.v1) }

    /// The four header bytes of a code of this type in `suite`.
    public func header(_ suite: ChannelSuite) -> [UInt8] { Self.magic + [suite.rawValue, rawValue] }

    /// The type of a scanned payload, or why it is not a Seqr code this build reads.
    public static func classify(_ bytes: [UInt8]) throws(ChannelError) -> SeqrCodeType {
        try read(bytes).type
    }

    /// The type and suite of a scanned payload. Public keys exist only as version 1 and rekey codes only as
    /// version 2: any other pairing is a version this build does not read.
    public static func read(_ bytes: [UInt8]) throws(ChannelError) -> (type: SeqrCodeType, suite: ChannelSuite) {
        guard bytes.count >= 2, Array(bytes.prefix(2)) == magic else { throw .notASeqrCode }
        guard bytes.count >= 4 else { throw .truncated }
        guard let suite = ChannelSuite(rawValue: bytes[2]) else { throw .unsupportedVersion(bytes[2]) }
        guard let type = SeqrCodeType(rawValue: bytes[3]) else { throw .unknownType(bytes[3]) }
        if type == .publicKey, suite != .v1 { throw .unsupportedVersion(bytes[2]) }
        if type == .rekey, suite == .v1 { throw .unsupportedVersion(bytes[2]) }
        return (type, suite)
    }
}
