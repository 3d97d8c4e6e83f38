extension GrayImage {
    /// A Gaussian blur with standard deviation `sigma` pixels (separable, edges clamped).
    public func blurred(sigma: Double) -> GrayImage {
        guard sigma > 0, width > 0, height > 0 else { return self }
        let radius = max(1, Int((sigma * 3).rounded(.up)))
        var kernel = (-radius...radius).map { Float(exp(-Double($0 * $0) / (2 * sigma * sigma))) }
        let total = kernel.reduce(0, +)
        kernel = kernel.map { $0 / total }
        let (w, h) = (width, height)
        var horizontal = [Float](repeating: 0, count: w * h)
        var out = [UInt8](repeating: 0, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            kernel.withUnsafeBufferPointer { k in
                horizontal.withUnsafeMutableBufferPointer { mid in
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w {
                            var sum: Float = 0
                            for i in -radius...radius {
                                sum += k[i + radius] * Float(source[row + min(max(x + i, 0), w - 1)])
                            }
                            mid[row + x] = sum
                        }
                    }
                }
            }
        }
        horizontal.withUnsafeBufferPointer { mid in
            kernel.withUnsafeBufferPointer { k in
                out.withUnsafeMutableBufferPointer { target in
                    for y in 0..<h {
                        for x in 0..<w {
                            var sum: Float = 0
                            for i in -radius...radius {
                                sum += k[i + radius] * mid[min(max(y + i, 0), h - 1) * w + x]
                            }
                            target[y * w + x] = UInt8(clamping: Int(sum.rounded()))
                        }
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Unsharp masking: adds back `amount` times the detail a blur of `sigma` removes,
    /// which restores the contrast of single modules in an out-of-focus photo.
    public func sharpened(sigma: Double, amount: Double) -> GrayImage {
        let soft = blurred(sigma: sigma)
        var out = self
        let gain = Float(1 + amount), loss = Float(amount)
        for i in out.pixels.indices {
            out.pixels[i] = UInt8(clamping: Int((Float(pixels[i]) * gain - Float(soft.pixels[i]) * loss).rounded()))
        }
        return out
    }
}

import Foundation
