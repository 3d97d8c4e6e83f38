import CCairo
import Foundation

extension QRSymbol {
    /// A one-page PDF, drawn with cairo, whose page is exactly the symbol and its quiet zone;
    /// `style.scale` is points per module.
    public func pdfData(_ style: QRRenderStyle = QRRenderStyle()) throws -> Data {
        let side = Double(style.totalModules(self) * style.scale)
        let unit = Double(style.scale)
        return try Cairo.pdf(width: side, height: side, pages: 1) { context, cairo, _ in
            cairo.cairo_set_source_rgb(context, 1, 1, 1)
            cairo.cairo_paint(context)
            cairo.cairo_set_source_rgb(context, 0, 0, 0)
            for run in darkRuns {
                cairo.cairo_rectangle(context, Double(run.x + style.margin) * unit, Double(run.y + style.margin) * unit, Double(run.length) * unit, unit)
            }
            cairo.cairo_fill(context)
        }
    }
}
