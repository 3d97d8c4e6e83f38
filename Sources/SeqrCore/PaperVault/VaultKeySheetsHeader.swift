/// What a backup keyed by key sheets records in clear beside its ciphertext, so that a restore
/// can ask for the right sheets and name a sheet of another backup before any key is tried.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 2 | the sheets' SLIP-0039 identifier (UInt16 BE, 0–32767) |
/// | 2 | 1 | sheets needed, k (1–16) |
/// | 3 | 1 | sheets made, n (k–16) |
///
/// The fields are authenticated (the whole clear header is the AEAD's associated data): a changed
/// threshold or count makes the restore fail. The identifier is compared with the sheets before
/// decryption, to name a sheet of another backup; an altered identifier can therefore only make
/// genuine sheets look foreign (a denial of service, like any damaged code), never open the backup.
public struct VaultKeySheetsHeader: Equatable, Sendable {
    public static let length = 4

    public var identifier: Int
    public var threshold: Int
    public var count: Int

    /// The header of a backup whose key is split into `count` sheets, any `threshold` of which restore it.
    public init(identifier: Int, threshold: Int, count: Int) {
        self.identifier = identifier
        self.threshold = threshold
        self.count = count
    }

    func serialized() -> [UInt8] {
        [UInt8(identifier >> 8), UInt8(identifier & 0xFF), UInt8(threshold), UInt8(count)]
    }

    init(reading reader: inout ByteReader<PaperVaultError>) throws(PaperVaultError) {
        identifier = Int(try reader.uint16())
        threshold = Int(try reader.uint8())
        count = Int(try reader.uint8())
        guard identifier < 0x8000, (1...16).contains(threshold), (threshold...16).contains(count) else {
            throw .invalidKeySheetsHeader
        }
    }
}
