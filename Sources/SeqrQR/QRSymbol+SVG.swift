import Foundation

extension QRSymbol {
    /// A standalone SVG: one path of horizontal runs of dark modules on a white square.
    ///
    /// Coordinates are in modules and the image is scaled with `width`/`height`,
    /// so the file stays small and edges stay crisp at any zoom.
    public func svg(_ style: QRRenderStyle = QRRenderStyle()) -> String {
        let side = style.totalModules(self)
        let pixels = side * style.scale
        let path = darkRuns.map { "M\($0.x + style.margin) \($0.y + style.margin)h\($0.length)v1h-\($0.length)z" }.joined()
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(pixels)" height="\(pixels)" \
        viewBox="0 0 \(side) \(side)" shape-rendering="crispEdges">
        <rect width="\(side)" height="\(side)" fill="\(style.isBlackOnWhite ? "#fff" : style.background.description)"/>
        <path fill="\(style.isBlackOnWhite ? "#000" : style.foreground.description)" d="\(path)"/>
        </svg>

        """
    }
}
