import Crypto

/// The contents of one PaperVault QR code: header, a slice of the message, checksum.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 38 | ``VaultTransportHeader`` |
/// | 38 | n − 40 | payload: the next slice of the message buffer |
/// | n − 2 | 2 | checksum: the first two bytes of SHA-256 over bytes 0 ..< n − 2 |
///
/// The checksum only tells vault codes from other QR codes; integrity comes from the
/// document digest and the AEAD tag.
public struct VaultCode: Equatable, Sendable {
    public static let overhead = VaultTransportHeader.size + 2

    public var header: VaultTransportHeader
    public var payload: [UInt8]

    /// A code from its header and its slice of the message.
    public init(header: VaultTransportHeader, payload: [UInt8]) {
        self.header = header
        self.payload = payload
    }

    /// The code's bytes, checksum included: what the QR code holds.
    public func serialized() -> [UInt8] {
        var out = header.serialized() + payload
        out += Self.checksum(out)
        return out
    }

    /// Parses the bytes of a scanned QR code.
    public init(parsing bytes: [UInt8]) throws(PaperVaultError) {
        var reader = try Self.reader(for: bytes, overhead: Self.overhead, checksum: Self.checksum)
        header = try VaultTransportHeader(reading: &reader)
        payload = reader.rest()
        // Numbered from 0 (0…total−1) or from 1 (1…total): the format does not say which.
        guard header.totalCodes > 0, header.codeNumber <= header.totalCodes else {
            throw .invalidHeader(codeNumber: Int(header.codeNumber), totalCodes: Int(header.totalCodes))
        }
    }

    /// A reader over the bytes before the checksum, once length and checksum are right.
    static func reader(for bytes: [UInt8], overhead: Int, checksum: ([UInt8]) -> [UInt8]) throws(PaperVaultError) -> ByteReader<PaperVaultError> {
        guard bytes.count >= overhead else { throw .truncatedCode(length: bytes.count) }
        let body = Array(bytes.dropLast(2))
        guard checksum(body) == Array(bytes.suffix(2)) else { throw .notAVaultCode }
        return ByteReader(body, truncated: PaperVaultError.truncatedCode(length: bytes.count))
    }

    static func checksum(_ bytes: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: bytes).prefix(2))
    }
}
