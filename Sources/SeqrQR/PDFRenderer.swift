import CCairo
import Foundation

/// A failure reported by cairo while drawing a PDF.
public struct PDFRenderingError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "PDF rendering failed: \(message)" }
}

extension QRSymbol {
    /// A one-page PDF, drawn with cairo, whose page is exactly the symbol and its quiet zone;
    /// `style.scale` is points per module.
    public func pdfData(_ style: QRRenderStyle = QRRenderStyle()) throws(PDFRenderingError) -> Data {
        let side = Double(style.totalModules(self) * style.scale)
        let sink = PDFByteSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        guard let surface = cairo_pdf_surface_create_for_stream(PDFByteSink.write, unmanaged.toOpaque(), side, side) else {
            throw PDFRenderingError(message: "cannot create a PDF surface")
        }
        let context = cairo_create(surface)
        cairo_set_source_rgb(context, 1, 1, 1)
        cairo_paint(context)
        cairo_set_source_rgb(context, 0, 0, 0)
        let unit = Double(style.scale)
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                cairo_rectangle(context, Double(start + style.margin) * unit, Double(y + style.margin) * unit, Double(x - start) * unit, unit)
            }
        }
        cairo_fill(context)
        cairo_show_page(context)
        let drawStatus = cairo_status(context)
        cairo_destroy(context)
        cairo_surface_finish(surface)
        let surfaceStatus = cairo_surface_status(surface)
        cairo_surface_destroy(surface)
        for status in [drawStatus, surfaceStatus] where status != CAIRO_STATUS_SUCCESS {
            throw PDFRenderingError(message: String(cString: cairo_status_to_string(status)))
        }
        return sink.data
    }
}

/// Collects what cairo writes, so that a PDF can go to a file or to standard output.
final class PDFByteSink {
    var data = Data()

    static let write: cairo_write_func_t = { closure, bytes, length in
        guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<PDFByteSink>.fromOpaque(closure).takeUnretainedValue()
        sink.data.append(bytes, count: Int(length))
        return CAIRO_STATUS_SUCCESS
    }
}
