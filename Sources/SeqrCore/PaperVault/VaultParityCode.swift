import Crypto

/// A Seqr parity code: Reed–Solomon parity over a group of data codes, so that a backup
/// survives lost or unreadable codes (`seqr vault backup`, planned by ``VaultParityPlan``). A Seqr extension, invisible to a
/// strict PaperVault reader: its checksum is salted with "SEQR-PARITY", so such a reader
/// sees a mismatch and ignores it like any other foreign QR code.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 38 | transport header: digest, rows, columns, total *data* codes, parity number (from 0) |
/// | 38 | 1 | parity format version: 1 |
/// | 39 | 2 | first data code of the group (UInt16 BE) |
/// | 41 | 1 | data codes in the group, k (UInt8) |
/// | 42 | 1 | parity codes in the group, m (UInt8) |
/// | 43 | 1 | this code's index among the group's parity codes (UInt8) |
/// | 44 | 4 | message length (UInt32 BE), to trim a rebuilt last code |
/// | 48 | n − 50 | parity shard (data payloads zero-padded to this length) |
/// | n − 2 | 2 | first 2 bytes of SHA-256("SEQR-PARITY" ‖ bytes 0 ..< n − 2) |
public struct VaultParityCode: Equatable, Sendable {
    public static let overhead = VaultTransportHeader.size + 10 + 2
    static let checksumSalt = Array("SEQR-PARITY".utf8)

    public var header: VaultTransportHeader
    public var firstDataCode: Int
    public var groupDataCodes: Int
    public var groupParityCodes: Int
    public var indexInGroup: Int
    public var messageLength: Int
    public var shard: [UInt8]

    /// A parity code from its parts.
    public init(header: VaultTransportHeader, firstDataCode: Int, groupDataCodes: Int, groupParityCodes: Int, indexInGroup: Int, messageLength: Int, shard: [UInt8]) {
        self.header = header
        self.firstDataCode = firstDataCode
        self.groupDataCodes = groupDataCodes
        self.groupParityCodes = groupParityCodes
        self.indexInGroup = indexInGroup
        self.messageLength = messageLength
        self.shard = shard
    }

    /// The code's bytes: what the QR code holds.
    public func serialized() -> [UInt8] {
        var out = header.serialized()
        out.append(1)
        out.appendBigEndian(UInt16(firstDataCode))
        out.append(UInt8(groupDataCodes))
        out.append(UInt8(groupParityCodes))
        out.append(UInt8(indexInGroup))
        out.appendBigEndian(UInt32(messageLength))
        out += shard
        return out + Self.checksum(out)
    }

    /// Reads a parity code; throws for a payload that is not one.
    public init(parsing bytes: [UInt8]) throws(PaperVaultError) {
        var reader = try VaultCode.reader(for: bytes, overhead: Self.overhead, checksum: Self.checksum)
        header = try VaultTransportHeader(reading: &reader)
        guard try reader.uint8() == 1 else { throw .notAVaultCode }
        firstDataCode = Int(try reader.uint16())
        groupDataCodes = Int(try reader.uint8())
        groupParityCodes = Int(try reader.uint8())
        indexInGroup = Int(try reader.uint8())
        messageLength = Int(try reader.uint32())
        shard = reader.rest()
        guard groupDataCodes >= 1, groupParityCodes >= 1, indexInGroup < groupParityCodes, groupDataCodes + groupParityCodes <= 255,
              firstDataCode + groupDataCodes <= Int(header.totalCodes) else {
            throw .invalidHeader(codeNumber: Int(header.codeNumber), totalCodes: Int(header.totalCodes))
        }
    }

    static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: checksumSalt + bytes).prefix(2))
    }

    /// True for the one parity code in 65,536 whose bytes also pass the plain (unsalted)
    /// PaperVault checksum, which a strict reader would mistake for a data code. Seqr never
    /// prints one (``PaperVault/backup(_:password:options:)`` seals again), and its own reader
    /// tries the parity reading first (``VaultAssembler``).
    public var passesPlainChecksum: Bool {
        let bytes = serialized()
        return VaultCode.checksum(Array(bytes.dropLast(2))) == Array(bytes.suffix(2))
    }
}
