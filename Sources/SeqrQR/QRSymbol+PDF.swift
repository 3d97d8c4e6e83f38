import CCairo
import Foundation

extension QRSymbol {
    /// PDF's largest page side (ISO 32000-1, annex C: 14,400 user units, 200 inches); viewers refuse larger pages.
    public static let maximumPDFPagePoints = 14_400

    /// A one-page PDF, drawn with cairo, whose page is exactly the symbol and its quiet zone;
    /// `style.scale` is points per module.
    /// Refused beyond `maximumPDFPagePoints`, a page PDF viewers would not open.
    public func pdfData(_ style: QRRenderStyle = QRRenderStyle()) throws -> Data {
        let points = style.totalModules(self) * style.scale
        guard points <= Self.maximumPDFPagePoints else {
            throw PDFRenderingError(message: "a page of \(points)×\(points) points is larger than PDF allows (at most \(Self.maximumPDFPagePoints.formatted()) points a side)")
        }
        let side = Double(points)
        let unit = Double(style.scale)
        return try Cairo.pdf(width: side, height: side, pages: 1) { context, cairo, _ in
            let (light, dark) = (style.background, style.foreground)
            cairo.cairo_set_source_rgb(context, Double(light.red) / 255, Double(light.green) / 255, Double(light.blue) / 255)
            cairo.cairo_paint(context)
            cairo.cairo_set_source_rgb(context, Double(dark.red) / 255, Double(dark.green) / 255, Double(dark.blue) / 255)
            for run in darkRuns {
                cairo.cairo_rectangle(context, Double(run.x + style.margin) * unit, Double(run.y + style.margin) * unit, Double(run.length) * unit, unit)
            }
            cairo.cairo_fill(context)
        }
    }
}
