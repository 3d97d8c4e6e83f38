extension DecodedSymbol {
    /// The area of the symbol's quadrilateral in square pixels (shoelace formula).
    var area: Double {
        guard corners.count >= 3 else { return 0 }
        var twice = 0.0
        for (index, a) in corners.enumerated() {
            let b = corners[(index + 1) % corners.count]
            twice += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        return abs(twice) / 2
    }

    /// Whether `point` lies strictly inside the symbol's (convex) quadrilateral, in either winding.
    func encloses(_ point: PixelPoint) -> Bool {
        guard corners.count >= 3 else { return false }
        var sign = 0.0
        for (index, a) in corners.enumerated() {
            let b = corners[(index + 1) % corners.count]
            let cross = Double(b.x - a.x) * Double(point.y - a.y) - Double(b.y - a.y) * Double(point.x - a.x)
            if cross == 0 { return false }
            if sign == 0 { sign = cross } else if (cross > 0) != (sign > 0) { return false }
        }
        return true
    }
}

extension [DecodedSymbol] {
    /// Without the symbols whose centre lies inside a larger symbol. Printed codes do not overlap,
    /// so such a symbol is part of the larger code misread: in photos zxing-cpp now and then reads
    /// a QR code's finder pattern and the modules beside it as a Micro QR code, with a payload of
    /// a few digits that is not on the page (`seqr-bench second-opinion` met one in twelve photos
    /// of vault pages).
    func droppingSymbolsInsideLargerOnes() -> [DecodedSymbol] {
        guard count > 1 else { return self }
        let areas = map(\.area)
        return indices.compactMap { index in
            let center = self[index].center
            let inside = indices.contains { other in
                other != index && areas[other] > areas[index] && self[other].encloses(center)
            }
            return inside ? nil : self[index]
        }
    }
}
