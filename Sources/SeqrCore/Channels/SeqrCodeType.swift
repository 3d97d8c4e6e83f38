/// The four bytes that start every Seqr channel QR code, so a scanner tells them from
/// URLs and text and refuses versions it does not know (docs/formats/channels.md).
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 2 | magic "SQ" (0x53 0x51) |
/// | 2 | 1 | format version: 1 |
/// | 3 | 1 | type: 1 public key, 2 channel share, 3 message |
public enum SeqrCodeType: UInt8, Sendable {
    case publicKey = 1
    case channelShare = 2
    case message = 3

    public static let magic: [UInt8] = [0x53, 0x51]
    public static let version: UInt8 = 1

    public var header: [UInt8] { Self.magic + [Self.version, rawValue] }

    /// The type of a scanned payload, or why it is not a Seqr code this build reads.
    public static func classify(_ bytes: [UInt8]) throws(ChannelError) -> SeqrCodeType {
        guard bytes.count >= 2, Array(bytes.prefix(2)) == magic else { throw .notASeqrCode }
        guard bytes.count >= 4 else { throw .truncated }
        guard bytes[2] == version else { throw .unsupportedVersion(bytes[2]) }
        guard let type = SeqrCodeType(rawValue: bytes[3]) else { throw .unknownType(bytes[3]) }
        return type
    }
}
