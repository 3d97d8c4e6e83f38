import Foundation

extension GrayImage {
    /// An approximate Gaussian blur with standard deviation `sigma` pixels: three box
    /// blurs in a row (Wells, 1986), each a running sum, so the cost does not grow with
    /// `sigma`. Edges are clamped.
    public func blurred(sigma: Double) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        // Float in between, so that six passes of rounding do not add visible noise
        // (sharpening amplifies it).
        var buffer = pixels.map(Float.init)
        var scratch = [Float](repeating: 0, count: pixels.count)
        for radius in Self.boxRadii(sigma: sigma) {
            Self.boxBlurRows(&buffer, into: &scratch, width: width, height: height, radius: radius)
            Self.boxBlurColumns(&scratch, into: &buffer, width: width, height: height, radius: radius)
        }
        return GrayImage(width: width, height: height, pixels: buffer.map { UInt8(clamping: Int($0.rounded())) })
    }

    /// Unsharp masking: adds back `amount` times the detail a blur of `sigma` removes,
    /// which restores the contrast of single modules in an out-of-focus photo.
    public func sharpened(sigma: Double, amount: Double) -> GrayImage {
        let soft = blurred(sigma: sigma)
        var out = pixels
        let gain = Int((1 + amount) * 256), loss = Int(amount * 256)
        for i in out.indices {
            let value = (Int(pixels[i]) * gain - Int(soft.pixels[i]) * loss + 128) >> 8
            out[i] = UInt8(clamping: value)
        }
        return GrayImage(width: width, height: height, pixels: out)
    }

    /// Radii of three boxes whose combined variance is closest to sigma² (Kovesi's method).
    static func boxRadii(sigma: Double) -> [Int] {
        let ideal = (12 * sigma * sigma / 3 + 1).squareRoot()
        var lower = Int(ideal.rounded(.down))
        if lower % 2 == 0 { lower -= 1 }
        lower = max(lower, 1)
        let upper = lower + 2
        let m = Int(((12 * sigma * sigma - Double(3 * lower * lower) - Double(12 * lower) - 9) / Double(-4 * lower - 4)).rounded())
        return (0..<3).map { ($0 < m ? lower : upper) / 2 }
    }

    private static func boxBlurRows(_ source: inout [Float], into target: inout [Float], width: Int, height: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                for y in 0..<height {
                    let row = y * width
                    func at(_ x: Int) -> Float { src[row + min(max(x, 0), width - 1)] }
                    var sum: Float = 0
                    for x in -radius...radius { sum += at(x) }
                    for x in 0..<width {
                        dst[row + x] = sum * scale
                        sum += at(x + radius + 1) - at(x - radius)
                    }
                }
            }
        }
    }

    private static func boxBlurColumns(_ source: inout [Float], into target: inout [Float], width: Int, height: Int, radius: Int) {
        let scale = 1 / Float(2 * radius + 1)
        source.withUnsafeBufferPointer { src in
            target.withUnsafeMutableBufferPointer { dst in
                var sums = [Float](repeating: 0, count: width)
                func row(_ y: Int) -> Int { min(max(y, 0), height - 1) * width }
                for y in -radius...radius {
                    let r = row(y)
                    for x in 0..<width { sums[x] += src[r + x] }
                }
                for y in 0..<height {
                    let out = y * width, add = row(y + radius + 1), remove = row(y - radius)
                    for x in 0..<width {
                        dst[out + x] = sums[x] * scale
                        sums[x] += src[add + x] - src[remove + x]
                    }
                }
            }
        }
    }
}
