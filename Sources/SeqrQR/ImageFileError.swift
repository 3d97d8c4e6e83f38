/// Why an image file could not be read. Each case names the file, so that the
/// command line can print exactly one line about it.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    /// No image format Seqr reads (`ImageCodec`, and PDF where pages are read).
    case unsupportedFormat(path: String)
    /// The file starts like an image Seqr reads but cannot be decoded (truncated, corrupt, malformed EXIF).
    case corrupt(path: String, format: String, detail: String)
    /// More pixels than the read allowed (`limit`: ``ImageCodec/defaultPixelLimit`` unless raised).
    case tooLarge(path: String, format: String, width: Int, height: Int, limit: Int)
    /// A multi-page file (TIFF) of more than `ImageCodec.maximumPages` pages.
    case tooManyPages(path: String, format: String)
    /// A multi-page file (TIFF) whose pages hold more than `ImageCodec.maximumPixelsInAll` pixels;
    /// `pages` and `pixels` say where counting stopped.
    case tooManyPixelsInAll(path: String, format: String, pages: Int, pixels: Int)
    /// A PDF page (from 1), or an SVG file (page 1), that took more than `seconds` of processor time to draw
    /// (`PDFPages.defaultPageTimeLimit`, `SVGPicture.defaultTimeLimit`).
    case tooSlowToDraw(path: String, format: String, page: Int, seconds: Int)
    /// A progressive JPEG of more than `ImageCodec.maximumJPEGScans` scans.
    case tooManyScans(path: String, format: String)
    /// A colour space Seqr does not read (a CMYK JPEG).
    case unsupportedColorSpace(path: String, format: String, colorSpace: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .empty(let path): "\(path): the file is empty"
        case .unsupportedFormat(let path): "\(path): not an image Seqr reads (PNG, JPEG, WebP, HEIC/HEIF, TIFF, BMP, GIF, SVG or PDF)"
        case .corrupt(let path, let format, let detail): "\(path): truncated or corrupt \(format) image (\(detail))"
        case let .tooLarge(path, format, width, height, limit):
            "\(path): the \(format) image is too large to read (\(width)×\(height) pixels; Seqr reads at most \(limit.formatted()) pixels"
                + (limit < ImageCodec.maximumPixels ? ", or up to \(ImageCodec.maximumPixels.formatted()) with --max-pixels)" : ")")
        case .tooManyPages(let path, let format):
            "\(path): the \(format) file has more than \(ImageCodec.maximumPages.formatted()) pages, more than Seqr reads from one file (split it)"
        case .tooManyPixelsInAll(let path, let format, let pages, let pixels):
            "\(path): the \(format) file's first \(pages) pages hold \(pixels.formatted()) pixels; Seqr reads at most \(ImageCodec.maximumPixelsInAll.formatted()) pixels from one file (split it)"
        case let .tooSlowToDraw(path, format, page, seconds):
            "\(path): page \(page) of the \(format) file takes more than \(seconds) s of processor time to draw, more than Seqr spends on a page"
                + (format == "SVG" ? " (nested <use> or filters?)" : " (deeply nested forms?)")
        case .tooManyScans(let path, let format):
            "\(path): the \(format) image has more than \(ImageCodec.maximumJPEGScans) scans, more than Seqr reads (cameras and editors write a dozen or so; save it again)"
        case .unsupportedColorSpace(let path, let format, let colorSpace):
            "\(path): the \(format) image is in the \(colorSpace) colour space, which Seqr does not read (save it as RGB or grayscale)"
        }
    }
}
