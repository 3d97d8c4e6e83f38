import CImageCodecs
import Foundation

/// The raster file formats Seqr reads: PNG and JPEG (also written, through libpng and libjpeg),
/// WebP, HEIF (HEIC), TIFF and GIF (libwebp, libheif, libtiff, giflib) and BMP (`BMPDecoder`).
/// PDF pages are read through poppler instead (`PDFPages`).
public enum ImageCodec: String, Sendable, CaseIterable {
    case png = "PNG"
    case jpeg = "JPEG"
    case webp = "WebP"
    case heif = "HEIF"
    case tiff = "TIFF"
    case bmp = "BMP"
    case gif = "GIF"

    /// The formats Seqr writes as well as reads.
    public var isWritable: Bool { self == .png || self == .jpeg }

    /// The most pixels a decode may be allowed (`--max-pixels` goes no higher), and the most Seqr encodes.
    public static let maximumPixels = Int(SEQR_MAX_PIXELS)

    /// The pixels a decode allows unless told otherwise: a phone photo is at most 50 megapixels, a
    /// 600-dpi A4 scan 35. Decoders allocate several bytes per declared pixel before they find the
    /// data missing, so this is what a tiny file can cost (docs/security.md).
    public static let defaultPixelLimit = Int(SEQR_DEFAULT_MAX_PIXELS)

    /// The most scans Seqr reads from a progressive JPEG (a guard against files that keep the decoder busy).
    public static let maximumJPEGScans = Int(SEQR_MAX_JPEG_SCANS)

    /// A decoding or encoding failure reported by the C library.
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// What kind of failure: a damaged file, or one of the limits a hostile file would meet.
        public enum Kind: Sendable, Equatable {
            /// Truncated, corrupt, or another failure of the library.
            case failed
            /// More than the decode's pixel limit; the size when the file states it.
            case tooLarge(width: Int, height: Int)
            /// A colour space Seqr does not read, named ("CMYK").
            case unsupportedColorSpace(String)
            /// A JPEG whose EXIF orientation cannot be read, so its pixels' upright is unknown.
            case malformedExif(ExifOrientationError)
            /// A TIFF of more than `maximumPages` pages.
            case tooManyPages
            /// A TIFF whose pages hold more than `maximumPixelsInAll` pixels: counting stopped at `pages`, `pixels`.
            case tooManyPixelsInAll(pages: Int, pixels: Int)
            /// A JPEG of more than `maximumJPEGScans` scans.
            case tooManyScans
        }

        /// The format whose library failed.
        public let codec: ImageCodec
        /// The library's message.
        public let message: String
        /// What kind of failure.
        public let kind: Kind
        public var description: String { "\(codec.rawValue): \(message)" }

        /// A failure of `codec`, with the library's message.
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
            case SEQR_CODEC_TOO_MANY_SCANS: .tooManyScans
            default: .failed
            }
            self.init(codec: codec, message: message, kind: kind)
        }
    }

    /// Recognises the format from the first bytes of a file (its magic number), never its name.
    public static func sniff<Bytes: Collection>(_ bytes: Bytes) -> ImageCodec? where Bytes.Element == UInt8 {
        let head = Array(bytes.prefix(32))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        // Classic TIFF, little- and big-endian (BigTIFF, 43, is not read).
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        // An ISO base media file whose first box is 'ftyp' with a HEIF brand.
        if starts(Array("ftyp".utf8), at: 4), head.count >= 12, Self.heifBrands.contains(String(decoding: head[8..<12], as: UTF8.self)) {
            return .heif
        }
        if BMPDecoder.hasSignature(head) { return .bmp }
        return nil
    }

    /// The major brands of HEIF still images (ISO/IEC 23008-12) and of AVIF, which libheif also reads.
    static let heifBrands: Set<String> = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif", "avis"]

    /// Decodes a whole file's bytes into gray pixels, upright: a JPEG's EXIF orientation, a
    /// TIFF's Orientation tag and a HEIF's rotation and mirroring are applied.
    /// Files declaring more than `pixelLimit` pixels (at most ``maximumPixels``) are refused before any is decoded.
    public func decode(_ data: Data, pixelLimit: Int = defaultPixelLimit) throws(Failure) -> GrayImage {
        switch self {
        case .bmp:
            do { return try BMPDecoder.decode(data, pixelLimit: pixelLimit) } catch { throw Failure(bmp: error) }
        case .jpeg:
            // Pixels first: a truncated file is reported as libjpeg sees it, not as bad EXIF.
            let stored = try decodeWithC(data, pixelLimit: pixelLimit)
            do { return try stored.oriented(ExifOrientation(jpeg: data)) } catch {
                throw Failure(codec: .jpeg, message: error.description, kind: .malformedExif(error))
            }
        case .tiff:
            return try Self.tiffPages(data, firstOnly: true, pixelLimit: pixelLimit)[0]
        case .png, .webp, .heif, .gif:
            return try decodeWithC(data, pixelLimit: pixelLimit)
        }
    }

    private func decodeWithC(_ data: Data, pixelLimit: Int) throws(Failure) -> GrayImage {
        let limit = Swift.min(Swift.max(pixelLimit, 0), Self.maximumPixels)
        var pixels: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0
        var height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            let base = raw.bindMemory(to: UInt8.self).baseAddress
            switch self {
            case .png: return seqr_png_decode_gray(base, raw.count, limit, &pixels, &width, &height, &message, message.count)
            case .jpeg: return seqr_jpeg_decode_gray(base, raw.count, limit, &pixels, &width, &height, &message, message.count)
            case .webp: return seqr_webp_decode_gray(base, raw.count, limit, &pixels, &width, &height, &message, message.count)
            case .heif: return seqr_heif_decode_gray(base, raw.count, limit, &pixels, &width, &height, &message, message.count)
            case .gif: return seqr_gif_decode_gray(base, raw.count, limit, &pixels, &width, &height, &message, message.count)
            case .bmp, .tiff: return Int32(SEQR_CODEC_FAILED)
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
            case .webp, .heif, .tiff, .bmp, .gif:
                message = Array("Seqr writes only PNG and JPEG".utf8CString)
                return Int32(SEQR_CODEC_FAILED)
            }
        }
        guard status == 0, let out else { throw Failure(codec: self, status: status, message: cErrorMessage(message)) }
        defer { seqr_codec_free(out) }
        return Data(bytes: out, count: size)
    }

}
