import CImageCodecs
import Foundation

extension ImageCodec {
    /// The most pages Seqr reads from one TIFF, and the most pixels in all of them (each page
    /// also within `maximumPixels`): a few hundred bytes can declare many pages of the largest size.
    public static let maximumPages = Int(SEQR_MAX_PAGES)
    public static let maximumPixelsInAll = Int(SEQR_MAX_PIXELS_IN_ALL)

    /// Every page of a TIFF (a scanner's or fax's multi-page file), or only the first, each turned
    /// upright as its Orientation tag says (the same eight orientations as a JPEG's EXIF tag).
    static func tiffPages(_ data: Data, firstOnly: Bool, pixelLimit: Int = defaultPixelLimit) throws(Failure) -> [GrayImage] {
        final class Collector { var pages: [GrayImage] = [] }
        let collector = Collector()
        var width: Int32 = 0
        var height: Int32 = 0
        var pages: Int32 = 0
        var pixels: UInt64 = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = data.withUnsafeBytes { raw -> Int32 in
            seqr_tiff_decode_pages(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, Swift.max(pixelLimit, 0), firstOnly ? 1 : 0, { context, _, gray, width, height, orientation in
                let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                let stored = GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: gray, count: Int(width) * Int(height))))
                collector.pages.append(stored.oriented(ExifOrientation(rawValue: Int(orientation)) ?? .up))
                return 0
            }, Unmanaged.passUnretained(collector).toOpaque(), &width, &height, &pages, &pixels, &message, message.count)
        }
        switch Int(status) {
        case SEQR_CODEC_OK:
            guard !collector.pages.isEmpty else { throw Failure(codec: .tiff, message: "it has no pages") }
            return collector.pages
        case SEQR_CODEC_TOO_MANY_PAGES:
            throw Failure(codec: .tiff, message: cErrorMessage(message), kind: .tooManyPages)
        case SEQR_CODEC_TOO_MANY_PIXELS_IN_ALL:
            throw Failure(codec: .tiff, message: cErrorMessage(message), kind: .tooManyPixelsInAll(pages: Int(pages), pixels: Int(pixels)))
        default:
            throw Failure(codec: .tiff, status: status, message: cErrorMessage(message), width: width, height: height)
        }
    }
}
