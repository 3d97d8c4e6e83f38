import CPoppler
import Foundation

/// Reads the pages of a PDF (a printed-and-scanned vault, or one Seqr wrote) as gray
/// images, through poppler.
///
/// What a PDF can cost is bounded before any page is drawn: at most ``maximumPages`` pages and
/// ``maximumPixelsInAll`` pixels in all, each page drawn at the resolution asked or lower, so that
/// it holds at most the pixel limit (a page's size in points is the author's to choose: ten pages
/// of 4,070 pt at 250 dpi were 3.7 GB). Pages are drawn one at a time, each handed on before the next,
/// in a child process that may spend at most ``defaultDocumentTimeLimit`` seconds of processor time on
/// the whole document (not per page: a page tree listing one costly page 1,000 times would otherwise
/// cost 1,000 times the limit), and no more than the run has left (``DrawingTimeBudget``). A page object
/// the page tree lists again (the same object number and generation, drawn with the same boxes and
/// rotation) is drawn once: its later listings are handed the same picture (CPopplerPageKeys).
public enum PDFPages {
    /// The most pages read from one PDF, and the most pixels all its pages may hold: as for TIFF.
    public static let maximumPages = ImageCodec.maximumPages
    public static let maximumPixelsInAll = ImageCodec.maximumPixelsInAll

    /// Processor seconds all the pages of one document may take to draw (in a child process; 0 draws in
    /// this process without a limit, for the fuzzer). A page Seqr prints draws in well under a second;
    /// nested form XObjects make poppler's work grow exponentially (depth 8 in 2 KB: past a minute;
    /// depth 12: days), and one page object may be listed as every page of the document.
    public static let defaultDocumentTimeLimit = 30

    /// A PDF refused from its page sizes, before any page was drawn.
    public enum Refusal: Error, Equatable, Sendable {
        case tooManyPages(Int)
        case tooManyPixelsInAll(pages: Int, pixels: Int)
        /// The pages took more than `seconds` of processor time in all to draw; `page` (from 1) was being drawn.
        case tooSlowToDraw(page: Int, seconds: Int)
    }

    /// Pages poppler drew in this process (a `timeLimit` of 0) since it started: a page object listed
    /// again is not drawn again. For tests; the child process's drawings are not counted.
    static var pagesDrawnInProcess: Int { Int(seqr_pdf_pages_drawn_in_process_count()) }

    /// True when `data` starts like a PDF file.
    public static func isPDF(_ data: Data) -> Bool { data.starts(with: Array("%PDF-".utf8)) }

    /// Every page rendered at `dpi` (or lower for a page of more than `pixelLimit` pixels).
    public static func render(_ data: Data, dpi: Double = 250, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(PDFRenderingError) -> [GrayImage] {
        var pages: [GrayImage] = []
        do {
            try forEachPage(data, dpi: dpi, pixelLimit: pixelLimit) { pages.append($0) }
        } catch let error as PDFRenderingError {
            throw error
        } catch let refusal as Refusal {
            throw PDFRenderingError(message: "\(refusal)")
        } catch {
            throw PDFRenderingError(message: "\(error)")
        }
        return pages
    }

    /// Draws the pages one at a time and hands each to `body` before the next is drawn; an error
    /// `body` throws stops the drawing and is thrown here. Throws ``Refusal`` for a document beyond
    /// the limits, ``PDFRenderingError`` for one poppler cannot read.
    public static func forEachPage(_ data: Data, dpi: Double = 250, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                                   timeLimit: Int = defaultDocumentTimeLimit, _ body: (GrayImage) throws -> Void) throws {
        // What the run's budget leaves of the document's (0 stays 0: drawn here, unbounded).
        let seconds = timeLimit > 0 ? DrawingTimeBudget.seconds(for: timeLimit) : 0
        if timeLimit > 0, seconds == 0 { throw Refusal.tooSlowToDraw(page: 1, seconds: 0) }
        try withoutActuallyEscaping(body) { body in
            final class Sink {
                let body: (GrayImage) throws -> Void
                var failure: Error?
                init(_ body: @escaping (GrayImage) throws -> Void) { self.body = body }
            }
            let sink = Sink(body)
            var message = [CChar](repeating: 0, count: 256)
            var pages: Int32 = 0
            var pixels: UInt64 = 0
            let limit = max(1, min(pixelLimit, ImageCodec.maximumPixels))
            let result = data.withUnsafeBytes { raw -> Int32 in
                guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
                return seqr_pdf_render(base, raw.count, dpi, limit, Int32(maximumPages), UInt64(maximumPixelsInAll), Int32(clamping: seconds), { context, _, gray, width, height in
                    let sink = Unmanaged<Sink>.fromOpaque(context!).takeUnretainedValue()
                    let count = Int(width) * Int(height)
                    do {
                        try sink.body(GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: gray, count: count))))
                        return 0
                    } catch {
                        sink.failure = error
                        return 1
                    }
                }, Unmanaged.passUnretained(sink).toOpaque(), &pages, &pixels, &message, message.count)
            }
            if let failure = sink.failure { throw failure }
            switch Int(result) {
            case SEQR_PDF_TOO_MANY_PAGES: throw Refusal.tooManyPages(Int(pages))
            case SEQR_PDF_TOO_MANY_PIXELS_IN_ALL: throw Refusal.tooManyPixelsInAll(pages: Int(pages), pixels: Int(pixels))
            case SEQR_PDF_TOO_SLOW: throw Refusal.tooSlowToDraw(page: Int(pages), seconds: seconds)
            case ..<0: throw PDFRenderingError(message: cErrorMessage(message, fallback: "not a readable PDF"))
            default: return
            }
        }
    }
}
