import CImageCodecs
import Foundation

/// The geometry shared by every renderer: module size and quiet zone.
public struct QRRenderStyle: Sendable, Equatable {
    /// Pixels (PNG), user units (SVG) or points (PDF) per module.
    public var scale: Int
    /// Quiet-zone width in modules; the standard asks for 4.
    public var margin: Int

    public init(scale: Int = 8, margin: Int = 4) {
        precondition(scale >= 1 && margin >= 0, "scale must be at least 1 and margin not negative")
        self.scale = scale
        self.margin = margin
    }

    /// Modules along one side including the quiet zone on both sides.
    public func totalModules(_ symbol: QRSymbol) -> Int { symbol.size + 2 * margin }
}

extension QRSymbol {
    /// The symbol as a black-on-white raster with a quiet zone.
    public func rasterized(_ style: QRRenderStyle = QRRenderStyle()) -> GrayImage {
        let side = style.totalModules(self) * style.scale
        var pixels = [UInt8](repeating: 255, count: side * side)
        for my in 0..<size {
            for mx in 0..<size where modules[my * size + mx] {
                let x0 = (mx + style.margin) * style.scale
                let y0 = (my + style.margin) * style.scale
                for y in y0..<(y0 + style.scale) {
                    let row = y * side
                    for x in x0..<(x0 + style.scale) { pixels[row + x] = 0 }
                }
            }
        }
        return GrayImage(width: side, height: side, pixels: pixels)
    }

    /// A 1-bit PNG of the symbol, written straight from the modules.
    public func pngData(_ style: QRRenderStyle = QRRenderStyle()) throws(ImageCodec.Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let bytes = modules.map { $0 ? UInt8(1) : 0 }
        let status = seqr_png_encode_modules(bytes, Int32(size), Int32(style.scale), Int32(style.margin), &out, &count, &message, message.count)
        guard status == 0, let out else {
            throw ImageCodec.Failure(codec: .png, message: cErrorMessage(message))
        }
        defer { seqr_codec_free(out) }
        return Data(bytes: out, count: count)
    }
}

