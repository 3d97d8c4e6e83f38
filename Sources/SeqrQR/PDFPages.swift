import CPoppler
import Foundation

/// Reads the pages of a PDF (a printed-and-scanned vault, or one Seqr wrote) as gray
/// images, through poppler.
public enum PDFPages {
    /// True when `data` starts like a PDF file.
    public static func isPDF(_ data: Data) -> Bool { data.starts(with: Array("%PDF-".utf8)) }

    /// Every page rendered at `dpi`.
    public static func render(_ data: Data, dpi: Double = 250) throws(PDFRenderingError) -> [GrayImage] {
        final class Collector { var pages: [GrayImage] = [] }
        let collector = Collector()
        var message = [CChar](repeating: 0, count: 256)
        let result = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return seqr_pdf_render(base, raw.count, dpi, { context, _, gray, width, height in
                let collector = Unmanaged<Collector>.fromOpaque(context!).takeUnretainedValue()
                let count = Int(width) * Int(height)
                collector.pages.append(GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: gray, count: count))))
                return 0
            }, Unmanaged.passUnretained(collector).toOpaque(), &message, message.count)
        }
        guard result >= 0 else {
            throw PDFRenderingError(message: cErrorMessage(message, fallback: "not a readable PDF"))
        }
        return collector.pages
    }
}
