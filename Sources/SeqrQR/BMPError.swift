/// Why bytes that start like a BMP cannot be read as one.
public enum BMPError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file ends before its headers, colour table or pixel rows do.
    case truncated(String)
    /// A header field holds a value no BMP writer produces (the field named).
    case invalidHeader(String)
    /// RLE, JPEG- or PNG-in-BMP compression, which Seqr does not read.
    case unsupportedCompression(UInt32)
    case unsupportedBitDepth(Int)
    /// More pixels than the decode's pixel limit, refused before any row is read.
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .truncated(let what): "the file ends inside its \(what)"
        case .invalidHeader(let field): "invalid header: \(field)"
        case .unsupportedCompression(let method):
            "compression method \(method) (\([1: "RLE8", 2: "RLE4", 4: "JPEG", 5: "PNG"][method] ?? "unknown")) is not read; save it uncompressed"
        case .unsupportedBitDepth(let bits): "\(bits) bits per pixel is not a BMP depth Seqr reads"
        case let .tooLarge(width, height): "\(width)×\(height) pixels is too many"
        }
    }
}

extension ImageCodec.Failure {
    init(bmp error: BMPError) {
        if case let .tooLarge(width, height) = error {
            self.init(codec: .bmp, message: "image has too many pixels", kind: .tooLarge(width: width, height: height))
        } else {
            self.init(codec: .bmp, message: error.description)
        }
    }
}
