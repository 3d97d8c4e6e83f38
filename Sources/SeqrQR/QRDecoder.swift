import CZXing
import Foundation
import SeqrCore

/// A point in image pixel coordinates.
public struct PixelPoint: Equatable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

/// A QR symbol found in an image.
public struct DecodedSymbol: Equatable, Sendable {
    /// The payload exactly as stored in the symbol.
    public let payload: Data
    /// Top-left, top-right, bottom-right, bottom-left corners, in the symbol's own orientation.
    public let corners: [PixelPoint]
    public let version: Int?
    public let errorCorrection: QRErrorCorrectionLevel?
    /// Whether the symbol was found in the inverted image (light modules on dark).
    public let inverted: Bool

    public var center: PixelPoint {
        PixelPoint(x: corners.map(\.x).reduce(0, +) / max(corners.count, 1),
                   y: corners.map(\.y).reduce(0, +) / max(corners.count, 1))
    }
}

/// Why decoding failed (an image without a QR code is not a failure: it yields no symbols).
public enum QRDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case decoderFailure(String)
    public var description: String {
        switch self {
        case .decoderFailure(let message): "the QR decoder failed: \(message)"
        }
    }
}

/// Finds and decodes every QR symbol in an image with zxing-cpp.
///
/// zxing-cpp 1.4 reads one binarization per call, so the decoder runs a few passes:
/// local-average thresholding (uneven light), a fixed threshold (blur), the same on
/// the inverted image (light-on-dark codes, which 1.4 cannot read by itself), an
/// unsharp-masked copy (out-of-focus photos), an enlarged copy (tiny codes) and a
/// global histogram threshold. By default it stops after the first pass that finds anything; `thorough`
/// runs them all and merges the results, for images with many codes.
public struct QRDecoder: Sendable {
    public struct Pass: Sendable, Equatable {
        public enum Binarizer: Sendable, Equatable { case localAverage, globalHistogram, fixedThreshold }
        public var binarizer: Binarizer
        public var inverted: Bool
        /// Upscale factor applied before detection (1 = as is).
        public var scale: Int
        /// Unsharp-mask radius (Gaussian sigma in pixels) applied before detection, if any.
        public var sharpen: Double?
        public init(_ binarizer: Binarizer, inverted: Bool = false, scale: Int = 1, sharpen: Double? = nil) {
            self.binarizer = binarizer
            self.inverted = inverted
            self.scale = scale
            self.sharpen = sharpen
        }
    }

    public static let defaultPasses: [Pass] = [
        Pass(.localAverage),
        Pass(.fixedThreshold),
        Pass(.localAverage, inverted: true),
        Pass(.fixedThreshold, inverted: true),
        Pass(.fixedThreshold, sharpen: 3),
        Pass(.localAverage, sharpen: 3),
        Pass(.localAverage, scale: 2),
        Pass(.globalHistogram),
    ]

    public var passes: [Pass]
    /// Run every pass and merge, instead of stopping at the first pass with a result.
    public var thorough: Bool

    public init(passes: [Pass] = QRDecoder.defaultPasses, thorough: Bool = false) {
        self.passes = passes
        self.thorough = thorough
    }

    public func decode(_ image: GrayImage) throws(QRDecodingError) -> [DecodedSymbol] {
        var found: [DecodedSymbol] = []
        var inverted: GrayImage?
        for pass in passes {
            var source: GrayImage
            if pass.inverted {
                if inverted == nil { inverted = image.inverted() }
                source = inverted!
            } else {
                source = image
            }
            if let sigma = pass.sharpen {
                source = source.sharpened(sigma: sigma, amount: 3)
            }
            // Enlarging only helps small images; large ones already have enough pixels per module.
            if pass.scale > 1 {
                guard image.width * image.height <= 1_000_000 else { continue }
                source = source.scaledUp(by: pass.scale)
            }
            let symbols = try Self.read(source, binarizer: pass.binarizer, inverted: pass.inverted, scale: pass.scale)
            for symbol in symbols where !found.contains(where: { $0.isSameSymbol(as: symbol) }) {
                found.append(symbol)
            }
            if !thorough && !found.isEmpty { break }
        }
        return found
    }

    private static func read(_ image: GrayImage, binarizer: Pass.Binarizer, inverted: Bool, scale: Int) throws(QRDecodingError) -> [DecodedSymbol] {
        var options = seqr_zx_options()
        options.binarizer = switch binarizer {
        case .localAverage: SEQR_ZX_BINARIZER_LOCAL_AVERAGE
        case .globalHistogram: SEQR_ZX_BINARIZER_GLOBAL_HISTOGRAM
        case .fixedThreshold: SEQR_ZX_BINARIZER_FIXED_THRESHOLD
        }
        options.try_harder = 1
        options.try_rotate = 1
        options.try_downscale = 1
        options.max_symbols = 0

        var symbols: UnsafeMutablePointer<seqr_zx_symbol>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            seqr_zx_read(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
                         &options, &symbols, &count, &message, message.count)
        }
        guard status == 0 else {
            throw .decoderFailure(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        defer { seqr_zx_free(symbols, count) }
        guard let symbols else { return [] }
        return (0..<count).map { index in
            let raw = symbols[index]
            let payload = raw.length > 0 ? Data(bytes: raw.bytes, count: raw.length) : Data()
            let c = raw.corners
            let xy = [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7].map { Int($0) / scale }
            let corners = stride(from: 0, to: 8, by: 2).map { PixelPoint(x: xy[$0], y: xy[$0 + 1]) }
            let level = QRErrorCorrectionLevel(rawValue: String(UnicodeScalar(UInt8(bitPattern: raw.ec_level))))
            let version = level.flatMap { QRCapacity.version(dataCodewords: Int(raw.data_codewords), level: $0) }
            return DecodedSymbol(payload: payload, corners: corners, version: version, errorCorrection: level, inverted: inverted)
        }
    }
}

extension DecodedSymbol {
    /// Two detections are the same symbol when they carry the same payload near the same place.
    func isSameSymbol(as other: DecodedSymbol) -> Bool {
        guard payload == other.payload else { return false }
        let a = center, b = other.center
        let span = max(abs(corners[0].x - corners[2].x), abs(corners[0].y - corners[2].y), 8)
        return abs(a.x - b.x) <= span && abs(a.y - b.y) <= span
    }
}

extension GrayImage {
    /// Nearest-neighbour enlargement, which keeps module edges sharp.
    func scaledUp(by factor: Int) -> GrayImage {
        let w = width * factor, h = height * factor
        var out = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let sourceRow = (y / factor) * width
            for x in 0..<w { out[y * w + x] = pixels[sourceRow + x / factor] }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
