extension GrayImage {
    /// Paints `symbol`'s dark modules black, each `modulePixels` pixels square (not necessarily
    /// whole), with the symbol's top-left corner (its quiet zone of `quietModules` included) at
    /// `x`, `y`. Each module edge is rounded to the nearest pixel edge, as a pixel more than half
    /// covered counts as covered; what falls outside the image is clipped.
    mutating func paint(_ symbol: QRSymbol, quietModules: Int, x: Double, y: Double, modulePixels: Double) {
        precondition(modulePixels > 0 && quietModules >= 0)
        let span = symbol.size + 2 * quietModules
        // Pixel edges of module columns and rows 0…span (quiet zone included), clamped to the image.
        func edge(_ origin: Double, _ module: Int, limit: Int) -> Int {
            Int(min(Double(limit), max(0, (origin + Double(module) * modulePixels).rounded())))
        }
        let columnEdges = (0...span).map { edge(x, $0, limit: self.width) }
        let rowEdges = (0...span).map { edge(y, $0, limit: self.height) }
        let width = self.width
        pixels.withUnsafeMutableBufferPointer { target in
            for run in symbol.darkRuns {
                let left = columnEdges[run.x + quietModules], right = columnEdges[run.x + quietModules + run.length]
                let top = rowEdges[run.y + quietModules], bottom = rowEdges[run.y + quietModules + 1]
                guard left < right else { continue }
                for row in top..<bottom {
                    let start = row * width
                    for column in left..<right { target[start + column] = 0 }
                }
            }
        }
    }
}
