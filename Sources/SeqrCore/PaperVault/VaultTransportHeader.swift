/// The 38-byte header at the start of every PaperVault code.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 32 | document digest: SHA-256 of the whole message buffer |
/// | 32 | 1 | rows of codes per page (UInt8, only guides the scanning UI) |
/// | 33 | 1 | columns of codes per page (UInt8) |
/// | 34 | 2 | total number of codes (UInt16 BE) |
/// | 36 | 2 | code number (UInt16 BE), counted from 0 |
public struct VaultTransportHeader: Equatable, Sendable {
    public static let size = 38

    public var documentDigest: [UInt8]
    public var rows: UInt8
    public var columns: UInt8
    public var totalCodes: UInt16
    public var codeNumber: UInt16

    /// A header from its fields.
    public init(documentDigest: [UInt8], rows: UInt8, columns: UInt8, totalCodes: UInt16, codeNumber: UInt16) {
        precondition(documentDigest.count == 32, "the document digest is a SHA-256 (32 bytes)")
        self.documentDigest = documentDigest
        self.rows = rows
        self.columns = columns
        self.totalCodes = totalCodes
        self.codeNumber = codeNumber
    }

    /// The header's bytes.
    public func serialized() -> [UInt8] {
        var out = documentDigest
        out.reserveCapacity(Self.size)
        out.append(rows)
        out.append(columns)
        out.appendBigEndian(totalCodes)
        out.appendBigEndian(codeNumber)
        return out
    }

    init(reading reader: inout ByteReader<PaperVaultError>) throws(PaperVaultError) {
        documentDigest = try reader.take(32)
        rows = try reader.uint8()
        columns = try reader.uint8()
        totalCodes = try reader.uint16()
        codeNumber = try reader.uint16()
    }
}
