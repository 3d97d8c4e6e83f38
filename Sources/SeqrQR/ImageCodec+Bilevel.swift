import CImageCodecs
import Foundation

extension ImageCodec {
    /// A 1-bit PNG of a black-and-white drawing (pixels below `threshold` dark): vault pages,
    /// whose 8-bit PNGs spent most of a backup's time in deflate (docs/benchmarks.md).
    static func bilevelPNG(_ image: GrayImage, threshold: UInt8 = 128) throws(Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            seqr_png_encode_bilevel(buffer.baseAddress, Int32(image.width), Int32(image.height), threshold, &out, &size, &message, message.count)
        }
        guard status == 0, let out else { throw Failure(codec: .png, status: status, message: cErrorMessage(message)) }
        defer { seqr_codec_free(out) }
        return Data(bytes: out, count: size)
    }
}
