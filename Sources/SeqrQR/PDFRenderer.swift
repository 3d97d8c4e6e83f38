import CCairo
import Foundation

/// A failure reported by cairo while drawing a PDF (or cairo missing altogether).
public struct PDFRenderingError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "PDF rendering failed: \(message)" }
}

/// The cairo library, loaded the first time a PDF is drawn.
enum Cairo {
    static func load() throws(PDFRenderingError) -> seqr_cairo_api {
        var message = [CChar](repeating: 0, count: 256)
        guard let api = seqr_cairo_load(&message, message.count) else {
            throw PDFRenderingError(message: String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        return api.pointee
    }
}

extension QRSymbol {
    /// A one-page PDF, drawn with cairo, whose page is exactly the symbol and its quiet zone;
    /// `style.scale` is points per module.
    public func pdfData(_ style: QRRenderStyle = QRRenderStyle()) throws(PDFRenderingError) -> Data {
        let cairo = try Cairo.load()
        let side = Double(style.totalModules(self) * style.scale)
        let sink = PDFByteSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        guard let surface = cairo.cairo_pdf_surface_create_for_stream(PDFByteSink.write, unmanaged.toOpaque(), side, side) else {
            throw PDFRenderingError(message: "cannot create a PDF surface")
        }
        let context = cairo.cairo_create(surface)
        cairo.cairo_set_source_rgb(context, 1, 1, 1)
        cairo.cairo_paint(context)
        cairo.cairo_set_source_rgb(context, 0, 0, 0)
        let unit = Double(style.scale)
        for run in darkRuns {
            cairo.cairo_rectangle(context, Double(run.x + style.margin) * unit, Double(run.y + style.margin) * unit, Double(run.length) * unit, unit)
        }
        cairo.cairo_fill(context)
        cairo.cairo_show_page(context)
        let drawStatus = cairo.cairo_status(context)
        cairo.cairo_destroy(context)
        cairo.cairo_surface_finish(surface)
        let surfaceStatus = cairo.cairo_surface_status(surface)
        cairo.cairo_surface_destroy(surface)
        for status in [drawStatus, surfaceStatus] where status != CAIRO_STATUS_SUCCESS {
            throw PDFRenderingError(message: cairo.cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)")
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
