/// A projective transform of the plane, used to photograph a flat code from an angle.
public struct Homography: Sendable, Equatable {
    /// Row-major 3×3 matrix.
    public var m: [Double]

    public static let identity = Homography(m: [1, 0, 0, 0, 1, 0, 0, 0, 1])

    /// The transform that maps each of four `from` points onto the matching `to` point,
    /// or `nil` when the points are degenerate (three on a line).
    public init?(from: [(Double, Double)], to: [(Double, Double)]) {
        precondition(from.count == 4 && to.count == 4, "a homography needs four point pairs")
        // Solve the 8×8 system A·h = b for h = (h0…h7), h8 = 1.
        var a = [[Double]]()
        for i in 0..<4 {
            let (x, y) = from[i], (u, v) = to[i]
            a.append([x, y, 1, 0, 0, 0, -u * x, -u * y, u])
            a.append([0, 0, 0, x, y, 1, -v * x, -v * y, v])
        }
        for column in 0..<8 {
            guard let pivot = (column..<8).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }),
                  abs(a[pivot][column]) > 1e-12 else { return nil }
            a.swapAt(column, pivot)
            for row in 0..<8 where row != column {
                let factor = a[row][column] / a[column][column]
                if factor != 0 { for k in column...8 { a[row][k] -= factor * a[column][k] } }
            }
        }
        m = (0..<8).map { a[$0][8] / a[$0][$0] } + [1]
    }

    public init(m: [Double]) { self.m = m }

    public func apply(_ x: Double, _ y: Double) -> (Double, Double) {
        let w = m[6] * x + m[7] * y + m[8]
        return ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    public var inverse: Homography {
        let (a, b, c, d, e, f, g, h, i) = (m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8])
        let det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
        return Homography(m: [
            (e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det,
            (f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det,
            (d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det,
        ])
    }
}
