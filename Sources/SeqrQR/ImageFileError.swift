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
    /// A PDF, or an SVG file, whose drawing took more than `seconds` of processor time in all, stopped at
    /// page `page` (from 1): `PDFPages.defaultDocumentTimeLimit`, `SVGPicture.defaultTimeLimit`, or what the
    /// run's budget had left (`DrawingTimeBudget`, 0 when it was spent before this file).
    case tooSlowToDraw(path: String, format: String, page: Int, seconds: Int)
    /// A file larger than its format allows (``ImageFileFormat/maximumFileBytes(pixelLimit:)``), refused
    /// from its size before it is read whole.
    case tooManyBytes(path: String, format: String, bytes: Int, limit: Int)
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
            seconds == 0
                ? "\(path): not drawn: this run has already spent the processor time it allows for drawing documents; read the \(format) file in a run of its own"
                : "\(path): the \(format) file takes more than \(seconds) s of processor time to draw\(format == "SVG" ? "" : " (stopped at page \(page))"), more than Seqr spends on a file"
                + (format == "SVG" ? " (nested <use> or filters?)" : " (deeply nested forms?)")
        case let .tooManyBytes(path, format, bytes, limit):
            "\(path): the \(format) file is \(bytes.formatted()) bytes, more than Seqr reads for one (at most \(limit.formatted()) bytes)"
        case .tooManyScans(let path, let format):
            "\(path): the \(format) image has more than \(ImageCodec.maximumJPEGScans) scans, more than Seqr reads (cameras and editors write a dozen or so; save it again)"
        case .unsupportedColorSpace(let path, let format, let colorSpace):
            "\(path): the \(format) image is in the \(colorSpace) colour space, which Seqr does not read (save it as RGB or grayscale)"
        }
    }
}
