import Foundation
import SeqrQR

/// The ways a photograph differs from a clean render, each as a pure function on a gray image.
public enum ImageDistortion {
    /// Draws `source` into a `width`×`height` canvas of `background`, mapping the source
    /// through `transform` (source coordinates → canvas coordinates), with bilinear sampling.
    public static func warp(_ source: GrayImage, into canvas: GrayImage, transform: Homography) -> GrayImage {
        var out = canvas
        let inverse = transform.inverse
        // Only the canvas pixels under the transformed source need work.
        let corners = [(0.0, 0.0), (Double(source.width), 0), (Double(source.width), Double(source.height)), (0, Double(source.height))]
            .map { transform.apply($0.0, $0.1) }
        let minX = max(0, Int(corners.map(\.0).min()!.rounded(.down)))
        let maxX = min(canvas.width - 1, Int(corners.map(\.0).max()!.rounded(.up)))
        let minY = max(0, Int(corners.map(\.1).min()!.rounded(.down)))
        let maxY = min(canvas.height - 1, Int(corners.map(\.1).max()!.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return out }
        for y in minY...maxY {
            for x in minX...maxX {
                let (sx, sy) = inverse.apply(Double(x) + 0.5, Double(y) + 0.5)
                let fx = sx - 0.5, fy = sy - 0.5
                guard fx >= -0.5, fy >= -0.5, fx <= Double(source.width) - 0.5, fy <= Double(source.height) - 0.5 else { continue }
                let x0 = Int(fx.rounded(.down)), y0 = Int(fy.rounded(.down))
                let tx = fx - Double(x0), ty = fy - Double(y0)
                func at(_ px: Int, _ py: Int) -> Double {
                    Double(source[min(max(px, 0), source.width - 1), min(max(py, 0), source.height - 1)])
                }
                let top = at(x0, y0) * (1 - tx) + at(x0 + 1, y0) * tx
                let bottom = at(x0, y0 + 1) * (1 - tx) + at(x0 + 1, y0 + 1) * tx
                out[x, y] = UInt8(clamping: Int((top * (1 - ty) + bottom * ty).rounded()))
            }
        }
        return out
    }

    /// An exact Gaussian blur (a lens out of focus) with standard deviation `sigma` pixels;
    /// separable, edges clamped. Slower than `GrayImage.blurred`, which the decoder uses.
    public static func blur(_ image: GrayImage, sigma: Double) -> GrayImage {
        guard sigma > 0 else { return image }
        let radius = max(1, Int((sigma * 3).rounded(.up)))
        var kernel = (-radius...radius).map { exp(-Double($0 * $0) / (2 * sigma * sigma)) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (w, h) = (image.width, image.height)
        var horizontal = [Double](repeating: 0, count: w * h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius { sum += kernel[k + radius] * Double(image.pixels[y * w + min(max(x + k, 0), w - 1)]) }
                horizontal[y * w + x] = sum
            }
        }
        var out = image
        for y in 0..<h {
            for x in 0..<w {
                var sum = 0.0
                for k in -radius...radius { sum += kernel[k + radius] * horizontal[min(max(y + k, 0), h - 1) * w + x] }
                out.pixels[y * w + x] = UInt8(clamping: Int(sum.rounded()))
            }
        }
        return out
    }

    /// Adds Gaussian sensor noise of `deviation` gray levels.
    public static func noise(_ image: GrayImage, deviation: Double, using generator: inout SeededGenerator) -> GrayImage {
        var out = image
        for i in out.pixels.indices {
            out.pixels[i] = UInt8(clamping: Int((Double(out.pixels[i]) + generator.gaussian(deviation: deviation)).rounded()))
        }
        return out
    }

    /// Uneven light: brightness falls linearly from 1 at one side to `darkest` at the other,
    /// along `angle` degrees, like a shadow across a sheet of paper.
    public static func shade(_ image: GrayImage, darkest: Double, angle: Double) -> GrayImage {
        let (dx, dy) = (cos(angle * .pi / 180), sin(angle * .pi / 180))
        let span = abs(dx) * Double(image.width) + abs(dy) * Double(image.height)
        let offset = min(0, dx * Double(image.width)) + min(0, dy * Double(image.height))
        var out = image
        for y in 0..<image.height {
            for x in 0..<image.width {
                let t = (dx * Double(x) + dy * Double(y) - offset) / span
                let gain = 1 - (1 - darkest) * t
                out[x, y] = UInt8(clamping: Int((Double(image[x, y]) * gain).rounded()))
            }
        }
        return out
    }

    /// Round trip through a JPEG at `quality`, as a camera or a messenger app would.
    public static func jpeg(_ image: GrayImage, quality: Int) throws -> GrayImage {
        try ImageCodec.jpeg.decode(ImageCodec.jpeg.encode(image, quality: quality))
    }
}
