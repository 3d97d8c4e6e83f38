/// The padded plaintext's body: a control-flags byte and the (perhaps compressed) document.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 1 | control flags: 0 plain, 1 brotli; anything else is an error |
/// | 1 | rest | serialized ``VaultDocument``, brotli-compressed when the flag is 1 |
public enum VaultBody {
    /// Restores refuse to decompress past this size.
    public static let maximumDocumentSize = 64 * 1024 * 1024

    /// Compresses with brotli only when that makes the data smaller.
    public static func encode(_ document: VaultDocument, allowCompression: Bool = true) throws -> [UInt8] {
        let plain = document.serialized()
        if allowCompression, let compressed = try? Brotli.compress(plain), compressed.count < plain.count {
            return [1] + compressed
        }
        return [0] + plain
    }

    public static func decode(_ body: [UInt8]) throws(PaperVaultError) -> VaultDocument {
        guard let flags = body.first else { throw .truncatedDocument }
        let data = Array(body.dropFirst())
        switch flags {
        case 0:
            return try VaultDocument(parsing: data)
        case 1:
            let plain: [UInt8]
            do {
                plain = try Brotli.decompress(data, limit: maximumDocumentSize)
            } catch .tooLarge {
                throw .documentTooLarge(limit: maximumDocumentSize)
            } catch {
                throw .decompressionFailed
            }
            return try VaultDocument(parsing: plain)
        default:
            throw .unsupportedControlFlags(flags)
        }
    }
}
