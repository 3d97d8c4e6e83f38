/// Random padding inside the ciphertext, so that a backup's size does not give away the
/// document's exact length.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | n − p − 1 | body: control flags and document |
/// | n − p − 1 | p | random bytes |
/// | n − 1 | 1 | p (UInt8) |
public enum VaultPadding {
    /// Appends `count` random bytes and the count; by default a random count from 0 to 255.
    public static func pad(_ body: [UInt8], count: UInt8? = nil) -> [UInt8] {
        let padding = count ?? SecureRandom.byte()
        return body + SecureRandom.bytes(Int(padding)) + [padding]
    }

    /// The body without its padding; throws when the padding length is out of range.
    public static func unpad(_ padded: [UInt8]) throws(PaperVaultError) -> [UInt8] {
        guard let last = padded.last, Int(last) + 1 <= padded.count else { throw .invalidPadding }
        return Array(padded.dropLast(Int(last) + 1))
    }
}
