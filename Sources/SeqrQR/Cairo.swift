import CCairo
import Foundation

/// The cairo library, loaded the first time a PDF is drawn.
enum Cairo {
    static func load() throws(PDFRenderingError) -> seqr_cairo_api {
        var message = [CChar](repeating: 0, count: 256)
        guard let api = seqr_cairo_load(&message, message.count) else {
            throw PDFRenderingError(message: cErrorMessage(message))
        }
        return api.pointee
    }
}

extension Cairo {
    /// A PDF of `pages` pages of `width` × `height` points; `draw` paints page `index` on `context`.
    static func pdf(width: Double, height: Double, pages: Int,
                    draw: (_ context: OpaquePointer?, _ cairo: seqr_cairo_api, _ index: Int) throws -> Void) throws -> Data {
        let cairo = try load()
        seqr_cairo_begin_drawing()
        defer { seqr_cairo_end_drawing() }
        let sink = PDFByteSink()
        let unmanaged = Unmanaged.passRetained(sink)
        defer { unmanaged.release() }
        guard let surface = cairo.cairo_pdf_surface_create_for_stream(PDFByteSink.write, unmanaged.toOpaque(), width, height) else {
            throw PDFRenderingError(message: "cannot create a PDF surface")
        }
        let context = cairo.cairo_create(surface)
        for index in 0..<pages {
            try draw(context, cairo, index)
            cairo.cairo_show_page(context)
        }
        try finish(context: context, surface: surface, cairo: cairo)
        return sink.data
    }

    /// One page of `width` × `height` points as gray pixels at `dpi` dots per inch; `draw` paints it
    /// in points. Each call has its own surface, so pages may be drawn on several threads at once.
    static func grayImage(width: Double, height: Double, dpi: Int,
                          draw: (_ context: OpaquePointer?, _ cairo: seqr_cairo_api) throws -> Void) throws -> GrayImage {
        let cairo = try load()
        seqr_cairo_begin_drawing()
        defer { seqr_cairo_end_drawing() }
        let scale = Double(dpi) / 72
        let pixelWidth = Int((width * scale).rounded()), pixelHeight = Int((height * scale).rounded())
        guard let surface = cairo.cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(pixelWidth), Int32(pixelHeight)) else {
            throw PDFRenderingError(message: "cannot create an image surface")
        }
        let context = cairo.cairo_create(surface)
        cairo.cairo_scale(context, scale, scale)
        try draw(context, cairo)
        cairo.cairo_surface_flush(surface)
        let stride = Int(cairo.cairo_image_surface_get_stride(surface))
        guard let data = cairo.cairo_image_surface_get_data(surface) else { throw PDFRenderingError(message: "no image data") }
        var gray = [UInt8](repeating: 255, count: pixelWidth * pixelHeight)
        gray.withUnsafeMutableBufferPointer { out in
            for y in 0..<pixelHeight {
                let row = data + y * stride
                for x in 0..<pixelWidth {
                    // RGB24 is 32-bit native-endian xRGB; the drawing is black and white, so green will do.
                    out[y * pixelWidth + x] = row[x * 4 + 1]
                }
            }
        }
        try finish(context: context, surface: surface, cairo: cairo)
        return GrayImage(width: pixelWidth, height: pixelHeight, pixels: gray)
    }

    /// Destroys a context and its surface, reporting the first error cairo recorded.
    static func finish(context: OpaquePointer?, surface: OpaquePointer?, cairo: seqr_cairo_api) throws(PDFRenderingError) {
        let drawStatus = cairo.cairo_status(context)
        cairo.cairo_destroy(context)
        cairo.cairo_surface_finish(surface)
        let surfaceStatus = cairo.cairo_surface_status(surface)
        cairo.cairo_surface_destroy(surface)
        for status in [drawStatus, surfaceStatus] where status != CAIRO_STATUS_SUCCESS {
            throw PDFRenderingError(message: cairo.cairo_status_to_string(status).map { String(cString: $0) } ?? "cairo status \(status.rawValue)")
        }
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
