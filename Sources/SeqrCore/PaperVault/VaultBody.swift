/// The padded plaintext's body: a control-flags byte and the (perhaps compressed) document.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 1 | control flags: 0 plain, 1 brotli; anything else is an error |
/// | 1 | rest | serialized ``VaultDocument``, brotli-compressed when the flag is 1 |
public enum VaultBody {
    /// Restores refuse to decompress past this size.
    public static let maximumDocumentSize = 64 * 1024 * 1024
    /// Larger documents are compressed at brotli quality 9 rather than 11.
    public static let bestQualityLimit = 256 * 1024
    /// The quality that decides whether to compress at all (about 8 ms per MiB of random bytes).
    public static let probeQuality: Int32 = 5

    /// Compresses with brotli only when that makes the data smaller.
    ///
    /// A fast brotli quality (``probeQuality``) looks first: when it cannot shrink the document at
    /// all (random bytes, keys, archives, photos), the highest quality will not either, and it
    /// would spend about a second per megabyte finding that out. (Quality 5, not 1: qualities 0–1
    /// never look back further than 256 KiB, so they miss a large block repeated further apart.) Documents up to ``bestQualityLimit`` get
    /// brotli's highest quality; larger ones quality 9, about 10 % larger output for a fifteenth
    /// of the time (2.3 s against 0.15 s for a megabyte of text).
    public static func encode(_ document: VaultDocument, allowCompression: Bool = true) throws -> [UInt8] {
        let plain = document.serialized()
        guard allowCompression, let quick = try? Brotli.compress(plain, quality: probeQuality), quick.count < plain.count else {
            return [0] + plain
        }
        let quality: Int32 = plain.count <= bestQualityLimit ? 11 : 9
        if let best = try? Brotli.compress(plain, quality: quality), best.count < quick.count {
            return [1] + best
        }
        return [1] + quick
    }

    /// The document in a decrypted, unpadded body, inflated with a size limit if it was compressed.
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
