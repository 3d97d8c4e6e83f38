/// Why brotli (PaperVault documents) or raw DEFLATE (SMART Health Cards) refused a stream.
public enum CompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input is not a valid stream (or is truncated).
    case corrupt
    /// Decompressing would exceed the caller's limit (a decompression bomb, or a huge file).
    case tooLarge(limit: Int)
    case compressorFailed
    /// zlib reported this status.
    case zlib(Int32)

    public var description: String {
        switch self {
        case .corrupt: "the compressed data is corrupt or truncated"
        case .tooLarge(let limit): "the data would decompress to more than \(limit) bytes"
        case .compressorFailed: "the compressor failed"
        case .zlib(let status): "zlib failed (status \(status))"
        }
    }
}
