import CImageCodecs
import Foundation

/// The raster file formats Seqr reads and writes, through libpng and libjpeg.
public enum ImageCodec: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"

    /// The most pixels Seqr decodes (a decompression-bomb guard), and so the most it encodes.
    public static let maximumPixels = Int(SEQR_MAX_PIXELS)

    /// A decoding or encoding failure reported by the C library.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        public enum Kind: Sendable, Equatable {
            /// Truncated, corrupt, or another failure of the library.
            case failed
            /// More than `maximumPixels`; the size when the file states it.
            case tooLarge(width: Int, height: Int)
            /// A colour space Seqr does not read, named ("CMYK").
            case unsupportedColorSpace(String)
        }

        public let codec: ImageCodec
        public let message: String
        public let kind: Kind
        public var description: String { "\(codec.rawValue): \(message)" }

        public init(codec: ImageCodec, message: String, kind: Kind = .failed) {
            self.codec = codec
            self.message = message
            self.kind = kind
        }

        /// The failure a C function's status (SEQR_CODEC_…) and message describe.
        init(codec: ImageCodec, status: Int32, message: String, width: Int32 = 0, height: Int32 = 0) {
            let kind: Kind = switch Int(status) {
            case SEQR_CODEC_TOO_LARGE: .tooLarge(width: Int(width), height: Int(height))
            case SEQR_CODEC_UNSUPPORTED_COLOR_SPACE: .unsupportedColorSpace(message)
            default: .failed
            }
            self.init(codec: codec, message: message, kind: kind)
        }
    }

    /// Recognises the format from the first bytes of a file.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageCodec? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(8))
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        return nil
    }

    /// Decodes a whole file's bytes into gray pixels.
    public func decode(_ data: Data) throws(Failure) -> GrayImage {
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            switch self {
            case .png: return seqr_png_decode_gray(base, raw.count, &pixels, &width, &height, &message, message.count)
            case .jpeg: return seqr_jpeg_decode_gray(base, raw.count, &pixels, &width, &height, &message, message.count)
            }
        }
        guard status == 0, let pixels else {
            throw Failure(codec: self, status: status, message: cErrorMessage(message), width: width, height: height)
        }
        defer { seqr_codec_free(pixels) }
        let count = Int(width) * Int(height)
        return GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: pixels, count: count)))
    }

    /// Encodes a gray image; `quality` is the JPEG quality from 1 to 100 (ignored for PNG).
    public func encode(_ image: GrayImage, quality: Int = 90) throws(Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { buffer -> Int32 in
            switch self {
            case .png:
                return seqr_png_encode_gray(buffer.baseAddress, Int32(image.width), Int32(image.height), &out, &size, &message, message.count)
            case .jpeg:
                return seqr_jpeg_encode_gray(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(quality), &out, &size, &message, message.count)
            }
        }
        guard status == 0, let out else { throw Failure(codec: self, status: status, message: cErrorMessage(message)) }
        defer { seqr_codec_free(out) }
        return Data(bytes: out, count: size)
    }

}
