import CRsvg
import Foundation

/// Reads an SVG file (what `seqr encode --format svg` writes) as a gray picture, drawn by librsvg.
///
/// A vector picture has no pixels of its own: it is drawn with its longer side at least
/// ``minimumSide`` pixels (QR modules big enough to read) and at most ``maximumSide``, whatever size
/// it states, so a stated size cannot make it cost more. librsvg loads no external resource for
/// bytes without a base file. It is parsed and drawn in a child process allowed
/// ``defaultTimeLimit`` seconds of processor time, as PDF pages are: librsvg cannot be stopped, and
/// a kilobyte of filtered `<use>` chains draws for minutes.
public enum SVGPicture {
    public static let minimumSide = 1_000
    public static let maximumSide = 4_000
    /// Seconds of processor time to parse and draw one SVG file (0: in this process, unbounded — the fuzzer).
    public static let defaultTimeLimit = 10

    /// True when `data` starts like an SVG document (after an XML declaration, comments, a DOCTYPE).
    public static func isSVG(_ data: Data) -> Bool {
        data.withUnsafeBytes { raw in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return false }
            return seqr_svg_sniff(base, raw.count) != 0
        }
    }

    /// The picture drawn on white, or the reason librsvg gave why not.
    public static func render(_ data: Data, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                              timeLimit: Int = defaultTimeLimit) throws(SVGRenderingError) -> GrayImage {
        var gray: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 256)
        let limit = max(1, min(pixelLimit, ImageCodec.maximumPixels))
        // What the run's budget leaves of the file's (``DrawingTimeBudget``; 0 stays 0: drawn here, unbounded).
        let seconds = timeLimit > 0 ? DrawingTimeBudget.seconds(for: timeLimit) : 0
        if timeLimit > 0, seconds == 0 { throw .tooSlow(seconds: 0) }
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return -1 }
            return seqr_svg_render(base, raw.count, Int32(minimumSide), Int32(maximumSide), limit, Int32(clamping: seconds),
                                   &gray, &width, &height, &message, message.count)
        }
        defer { free(gray) }
        if status == SEQR_SVG_TOO_SLOW { throw .tooSlow(seconds: seconds) }
        guard status == 0, let gray else {
            // librsvg's (libxml2's) messages run over several lines; an error is one.
            let text = cErrorMessage(message, fallback: "not an SVG document")
            throw .failed(message: text.split(whereSeparator: { $0.isNewline }).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " "))
        }
        return GrayImage(width: Int(width), height: Int(height), pixels: Array(UnsafeBufferPointer(start: gray, count: Int(width) * Int(height))))
    }
}

