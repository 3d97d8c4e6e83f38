import CImageCodecs
import Foundation

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

    /// A 1-bit PNG of the symbol, written straight from the modules (gray for black on white, else a
    /// two-colour palette); refused (`.tooLarge`) beyond `ImageCodec.maximumPixels`, which Seqr would not read back.
    public func pngData(_ style: QRRenderStyle = QRRenderStyle()) throws(ImageCodec.Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let bytes = modules.map { $0 ? UInt8(1) : 0 }
        let (dark, light) = (style.foreground, style.background)
        let palette: [UInt8]? = style.isBlackOnWhite ? nil : [dark.red, dark.green, dark.blue, light.red, light.green, light.blue]
        let status = palette.withOptionalPointer { colors in
            seqr_png_encode_modules(bytes, Int32(size), Int32(style.scale), Int32(style.margin), colors, &out, &count, &message, message.count)
        }
        guard status == 0, let out else {
            let side = Int32(style.totalModules(self) * style.scale)
            throw ImageCodec.Failure(codec: .png, status: status, message: cErrorMessage(message), width: side, height: side)
        }
        defer { seqr_codec_free(out) }
        return Data(bytes: out, count: count)
    }
}

private extension Optional where Wrapped == [UInt8] {
    /// The bytes' address for a C call, or NULL.
    func withOptionalPointer<R>(_ body: (UnsafePointer<UInt8>?) -> R) -> R {
        switch self {
        case .some(let bytes): bytes.withUnsafeBufferPointer { body($0.baseAddress) }
        case .none: body(nil)
        }
    }
}
