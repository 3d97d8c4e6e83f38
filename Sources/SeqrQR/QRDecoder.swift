import CZBar
import CZXing
import Foundation
import SeqrCore

/// Finds and decodes every QR symbol (or, when asked, every barcode of `formats`) in an image
/// with zxing-cpp 3, vendored in CZXing.
///
/// Each zxing-cpp call already looks at the image turned, inverted and shrunk; the decoder adds
/// passes only where `seqr-bench qr` shows they find codes zxing-cpp alone misses: a fixed
/// threshold (blur), an unsharp-masked copy (out-of-focus photos), an enlarged copy (tiny
/// codes) and a global histogram threshold. By default the first pass that finds anything ends
/// the read, so a picture zxing-cpp reads costs one zxing-cpp call; given a count of the codes
/// expected (`holdsNoMore`) it goes on until a pass adds nothing new, then paints over the codes
/// found and looks again; `thorough` runs every pass, merges the results, paints over the
/// codes found and looks again until nothing new turns up, reads each area that still looks
/// like a code on its own, and finally asks ZBar.
public struct QRDecoder: Sendable {
    /// One way of looking at an image: a binarizer, and optionally upscaling and sharpening first.
    public struct Pass: Sendable, Equatable {
        /// How gray pixels become black and white: zxing-cpp's local average, its global histogram, or a fixed threshold.
        public enum Binarizer: Sendable, Equatable { case localAverage, globalHistogram, fixedThreshold }
        /// How gray becomes black and white in this pass.
        public var binarizer: Binarizer
        /// Upscale factor applied before detection (1 = as is).
        public var scale: Int
        /// Unsharp-mask radius (Gaussian sigma in pixels) applied before detection, if any.
        public var sharpen: Double?
        /// A pass with `binarizer`, upscaled by `scale`, sharpened when `sharpen` is given.
        public init(_ binarizer: Binarizer, scale: Int = 1, sharpen: Double? = nil) {
            self.binarizer = binarizer
            self.scale = scale
            self.sharpen = sharpen
        }
    }

    /// The passes a default read tries, in order (it stops at the first that finds a code, ``endsAtFirstFind``).
    public static let defaultPasses: [Pass] = [
        Pass(.localAverage),
        Pass(.fixedThreshold),
        Pass(.localAverage, sharpen: 3),
        Pass(.fixedThreshold, sharpen: 3),
        Pass(.localAverage, scale: 2),
        Pass(.globalHistogram),
    ]

    /// What the painted-over image is read with, in turn until one pass finds something.
    /// The global histogram differs most from the first two passes and costs no preparation.
    static let rescuePasses: [Pass] = [Pass(.localAverage), Pass(.globalHistogram)]
    static let thoroughRescuePasses: [Pass] = [Pass(.localAverage), Pass(.fixedThreshold), Pass(.globalHistogram),
                                               Pass(.localAverage, sharpen: 3)]

    /// At most this many code-like areas are read one by one (largest first).
    static let regionLimit = 12

    /// The passes tried, in order.
    public var passes: [Pass]
    /// Run every pass and merge, instead of stopping once a pass adds nothing new.
    public var thorough: Bool
    /// What to look for; the QR family unless told otherwise.
    public var formats: Set<BarcodeFormat>
    /// Also look for light-on-dark codes (zxing-cpp inverts the image itself).
    public var tryInvert: Bool
    /// In thorough mode, ask ZBar last for QR codes zxing-cpp missed.
    public var secondOpinion: Bool
    /// The caller's count of the codes the image holds (a vault page's codes say how many codes a
    /// page holds): once the symbols found make it true, decoding stops, with no further pass,
    /// rescue or second opinion. Never a timer: only what was found ends the search early.
    package var holdsNoMore: (@Sendable ([DecodedSymbol]) -> Bool)?
    /// Give up when the first pass finds nothing, for a caller with other images to read first
    /// that reads this one again without the flag if it still needs codes (pages of text beside
    /// pages of codes cost one pass instead of all of them).
    package var givesUpWhenFirstPassFindsNothing = false
    /// End a (not thorough) read with the first pass that finds anything. Off for a caller that
    /// has reason to expect more codes than one pass shows (a vault page read again because codes
    /// are missing): the passes then go on until one adds nothing new, and once two codes turned
    /// up, the codes found are painted over and the rest read again.
    public var endsAtFirstFind = true
    /// How many symbols the caller expects the picture to hold at most (a vault page's codes):
    /// the first pass stops once it has found that many, instead of going through every layer of
    /// zxing-cpp's image pyramid, normal and inverted, whatever it already found. Later passes
    /// look for every symbol, so a wrong guess costs time, never codes; for that reason it applies
    /// only to a read that goes on after a find (``endsAtFirstFind`` off, ``holdsNoMore`` or ``thorough``).
    package var expectedSymbols: Int?

    /// A decoder of the `formats` given (QR, Micro QR and rMQR by default), also reading inverted codes
    /// when `tryInvert`, and asking ZBar in a thorough read when `secondOpinion`.
    public init(passes: [Pass] = QRDecoder.defaultPasses, thorough: Bool = false,
                formats: Set<BarcodeFormat> = BarcodeFormat.qrFamily, tryInvert: Bool = true, secondOpinion: Bool = true) {
        self.passes = passes
        self.thorough = thorough
        self.formats = formats
        self.tryInvert = tryInvert
        self.secondOpinion = secondOpinion
    }

    /// Every code found in `image`; a symbol inside a larger one is
    /// dropped (printed codes do not overlap). An empty array when there is none.
    public func decode(_ image: GrayImage) throws(QRDecodingError) -> [DecodedSymbol] {
        try decode(image, readingRegions: thorough).droppingSymbolsInsideLargerOnes()
    }

    /// `readingRegions`: whether areas left unread are cut out and decoded on their own
    /// (thoroughly, but without looking for regions again inside them).
    private func decode(_ image: GrayImage, readingRegions: Bool) throws(QRDecodingError) -> [DecodedSymbol] {
        var found: [DecodedSymbol] = []
        // Passes that differ only in binarizer share their prepared image.
        var prepared: [PreparationKey: GrayImage] = [:]
        func complete() -> Bool { self.holdsNoMore?(found) ?? false }
        for (number, pass) in passes.enumerated() {
            // Enlarging only helps small images; large ones already have enough pixels per module.
            if pass.scale > 1 && image.width * image.height > Self.enlargeLimit { continue }
            let key = PreparationKey(sharpen: pass.sharpen, scale: pass.scale)
            let source: GrayImage
            if let cached = prepared[key] {
                source = cached
            } else {
                var variant = image
                if let sigma = pass.sharpen { variant = variant.sharpened(sigma: sigma, amount: 3) }
                if pass.scale > 1 { variant = variant.scaledUp(by: pass.scale) }
                prepared[key] = variant
                source = variant
            }
            // The limit only where later passes follow: a read that ends at its first find would lose codes to it.
            let limited = number == 0 && (!endsAtFirstFind || holdsNoMore != nil || thorough)
            let symbols = try read(source, binarizer: pass.binarizer, scale: pass.scale, limit: limited ? expectedSymbols : nil)
            let before = found.count
            for symbol in symbols where !found.contains(where: { $0.isSameSymbol(as: symbol) }) {
                found.append(symbol)
            }
            if complete() { return found }
            if number == 0 && found.isEmpty && givesUpWhenFirstPassFindsNothing { return found }
            // A quick read ends with the first pass that finds anything: zxing-cpp's own call
            // finds every code of almost every picture it reads at all, and each further pass
            // cost as much again (docs/benchmarks.md). A caller that knows more codes are there
            // (`holdsNoMore`) goes on, as does `thorough`.
            if !thorough && endsAtFirstFind && holdsNoMore == nil && !found.isEmpty && !found.holdsPartialSequence { return found }
            // Stop once a pass adds nothing to what earlier passes found: in a picture of
            // several codes one binarization often catches some and the next the rest.
            if !thorough && before > 0 && found.count == before { break }
        }
        // Codes with modules under ~3.5 px are hard to sample; when one turned up, others as
        // small may have been missed, and a smoothly enlarged copy shows them.
        if found.contains(where: { $0.moduleSize < 3.5 }), image.width * image.height <= Self.enlargeLimit {
            for symbol in try read(image.doubledSmoothly(), binarizer: .localAverage, scale: 2)
            where !found.contains(where: { $0.isSameSymbol(as: symbol) }) {
                found.append(symbol)
            }
            if complete() { return found }
        }
        // Many codes on one page can confuse the detector (finder patterns of neighbours
        // get paired), and a code whose modules fall awkwardly on the pixel grid can defeat
        // both of the first two binarizations while they read its neighbours, so the early
        // stop above ends the search. So once two codes turned up, the codes read are painted
        // over and what is left is read again, with other preparations in turn until one
        // finds something new.
        if thorough || found.count >= 2 {
            var remaining = image
            var erased = 0
            while erased < found.count {
                for symbol in found[erased...] { remaining.erase(symbol.corners, inverted: symbol.inverted) }
                erased = found.count
                var sharpened: GrayImage?
                for pass in thorough ? Self.thoroughRescuePasses : Self.rescuePasses {
                    let source: GrayImage
                    if let sigma = pass.sharpen {
                        if sharpened == nil { sharpened = remaining.sharpened(sigma: sigma, amount: 3) }
                        source = sharpened!
                    } else {
                        source = remaining
                    }
                    for symbol in try read(source, binarizer: pass.binarizer, scale: 1)
                    where !found.contains(where: { $0.isSameSymbol(as: symbol) }) {
                        found.append(symbol)
                    }
                    if found.count > erased { break }
                }
                if complete() { return found }
            }
            // Last, every area still looking like a code is read on its own: in a photo of a
            // page of dense codes the detector sometimes reads from a crop what it cannot read
            // from the whole page (and a crop is small enough to be tried enlarged).
            // Only areas nothing was read from are cut out, so a page read whole costs no more.
            if readingRegions {
                var inner = self
                inner.thorough = true
                // A crop holds part of the page: the page's count says nothing about it.
                inner.holdsNoMore = nil
                inner.givesUpWhenFirstPassFindsNothing = false
                for region in remaining.codeLikeRegions().prefix(Self.regionLimit) {
                    let margin = max(region.width, region.height) / 8 + 16
                    let area = PixelRect(x: max(0, region.x - margin), y: max(0, region.y - margin),
                                         width: region.width + 2 * margin, height: region.height + 2 * margin)
                    for symbol in try inner.decode(remaining.cropped(to: area), readingRegions: false) {
                        let placed = symbol.moved(by: area.x, area.y)
                        if !found.contains(where: { $0.isSameSymbol(as: placed) }) { found.append(placed) }
                    }
                    if complete() { return found }
                }
            }
        }
        // A QR code that holds nothing (`encode --text ""`) is valid, but zxing-cpp 3 drops every
        // result without content: when nothing else was found, ZBar is asked for such codes only
        // (it costs a picture without any code one ZBar scan, and adds nothing where zxing-cpp read).
        if found.isEmpty && !thorough && secondOpinion && formats.contains(.qr) && !givesUpWhenFirstPassFindsNothing {
            found = ((try? Self.readWithZBar(image)) ?? []).filter { $0.payload.isEmpty }
        }
        // Last, a second opinion: ZBar samples some dense codes seen at a slight angle that
        // zxing-cpp misses. (Its payloads are byte-exact with ZBAR_CFG_BINARY.)
        if thorough && secondOpinion && formats.contains(.qr) {
            for symbol in (try? Self.readWithZBar(image)) ?? [] where !found.contains(where: { $0.payload == symbol.payload }) {
                found.append(symbol)
            }
        }
        return found
    }

    private static func readWithZBar(_ image: GrayImage) throws(QRDecodingError) -> [DecodedSymbol] {
        var symbols: UnsafeMutablePointer<seqr_zbar_symbol>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = image.pixels.withUnsafeBufferPointer { buffer in
            seqr_zbar_read(buffer.baseAddress!, Int32(image.width), Int32(image.height), &symbols, &count, &message, message.count)
        }
        guard status == 0 else {
            throw .decoderFailure(cErrorMessage(message))
        }
        defer { seqr_zbar_free(symbols, count) }
        guard let symbols else { return [] }
        return (0..<count).map { index in
            let raw = symbols[index]
            let c = raw.corners
            let xy = [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7].map(Int.init)
            return DecodedSymbol(
                payload: raw.length > 0 ? Data(bytes: raw.bytes!, count: raw.length) : Data(),
                corners: stride(from: 0, to: 8, by: 2).map { PixelPoint(x: xy[$0], y: xy[$0 + 1]) },
                version: nil, errorCorrection: nil, inverted: false)
        }
    }

    private struct PreparationKey: Hashable {
        let sharpen: Double?
        let scale: Int
    }

    /// Images up to this many pixels are also tried enlarged.
    static let enlargeLimit = 1_000_000

    /// One zxing-cpp call; it stops once it found `limit` symbols, if given.
    private func read(_ image: GrayImage, binarizer: Pass.Binarizer, scale: Int, limit: Int? = nil) throws(QRDecodingError) -> [DecodedSymbol] {
        var options = seqr_zx_options()
        options.binarizer = switch binarizer {
        case .localAverage: SEQR_ZX_BINARIZER_LOCAL_AVERAGE
        case .globalHistogram: SEQR_ZX_BINARIZER_GLOBAL_HISTOGRAM
        case .fixedThreshold: SEQR_ZX_BINARIZER_FIXED_THRESHOLD
        }
        // tryHarder scans every row; an enlarged copy has modules big enough for the usual
        // row skipping, at a quarter of the cost.
        options.try_harder = scale > 1 ? 0 : 1
        options.try_rotate = 1
        options.try_invert = tryInvert ? 1 : 0
        // An enlarged copy exists to give modules more pixels; scanning it shrunk again is wasted work.
        options.try_downscale = scale > 1 ? 0 : 1
        options.max_symbols = Int32(clamping: max(0, limit ?? 0))
        let zxingFormats = formats.sorted().map(\.zxingFormat)

        var symbols: UnsafeMutablePointer<seqr_zx_symbol>?
        var count = 0
        var message = [CChar](repeating: 0, count: 256)
        let status = zxingFormats.withUnsafeBufferPointer { formatList in
            options.formats = formatList.baseAddress
            options.format_count = formatList.count
            return image.pixels.withUnsafeBufferPointer { buffer in
                seqr_zx_read(buffer.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width),
                             &options, &symbols, &count, &message, message.count)
            }
        }
        guard status == 0 else {
            throw .decoderFailure(cErrorMessage(message))
        }
        defer { seqr_zx_free(symbols, count) }
        guard let symbols else { return [] }
        return (0..<count).compactMap { index in
            let raw = symbols[index]
            // A format Seqr has no name for is not reported (zxing-cpp only reads what it was asked for).
            guard let format = BarcodeFormat(zxing: raw.format) else { return nil }
            let payload = raw.length > 0 ? Data(bytes: raw.bytes, count: raw.length) : Data()
            let c = raw.corners
            let xy = [c.0, c.1, c.2, c.3, c.4, c.5, c.6, c.7].map { Int($0) / scale }
            let corners = stride(from: 0, to: 8, by: 2).map { PixelPoint(x: xy[$0], y: xy[$0 + 1]) }
            let level = QRErrorCorrectionLevel(rawValue: cString(raw.ec_level))
            // Micro QR ("M3") and rMQR ("R7x43") versions are not QR versions.
            let version = format == .qr ? Int(cString(raw.version)).flatMap { QRCapacity.versions.contains($0) ? $0 : nil } : nil
            let sequence = raw.sequence_size > 0 && raw.sequence_index >= 0
                ? StructuredAppend(index: Int(raw.sequence_index), count: Int(raw.sequence_size), id: cString(raw.sequence_id)) : nil
            let blocks = (0..<raw.encoding_count).map { TextEncodingBlocks.Block(eci: raw.encodings[$0].eci, position: Int(raw.encodings[$0].position)) }
            return DecodedSymbol(payload: payload, corners: corners, version: version, errorCorrection: level,
                                 inverted: raw.inverted != 0, format: format, sequence: sequence,
                                 encodingBlocks: TextEncodingBlocks(blocks: blocks, fromECI: raw.has_eci != 0))
        }
    }
}

extension [DecodedSymbol] {
    /// Whether a structured-append part was found without all the other parts of its sequence:
    /// the rest may be in the picture, so a quick read goes on.
    var holdsPartialSequence: Bool {
        contains { symbol in
            guard let sequence = symbol.sequence else { return false }
            let parts = Set(filter { $0.sequence?.id == sequence.id && $0.sequence?.count == sequence.count }.compactMap { $0.sequence?.index })
            return parts.count < sequence.count
        }
    }
}

extension DecodedSymbol {
    /// The same symbol with its corners shifted, from a crop's coordinates to the image's.
    func moved(by dx: Int, _ dy: Int) -> DecodedSymbol {
        DecodedSymbol(payload: payload, corners: corners.map { PixelPoint(x: $0.x + dx, y: $0.y + dy) },
                      version: version, errorCorrection: errorCorrection, inverted: inverted, format: format, sequence: sequence,
                      encodingBlocks: encodingBlocks)
    }

    /// Two detections are the same symbol when they carry the same payload near the same place.
    func isSameSymbol(as other: DecodedSymbol) -> Bool {
        guard payload == other.payload, format == other.format else { return false }
        let a = center, b = other.center
        let span = max(abs(corners[0].x - corners[2].x), abs(corners[0].y - corners[2].y), 8)
        return abs(a.x - b.x) <= span && abs(a.y - b.y) <= span
    }
}

extension GrayImage {
    /// Paints the quadrilateral `corners` (grown by a sixth, to cover the quiet zone) with the
    /// background: white, or black behind a light-on-dark code.
    mutating func erase(_ corners: [PixelPoint], inverted: Bool = false) {
        guard corners.count == 4 else { return }
        let cx = Double(corners.map(\.x).reduce(0, +)) / 4, cy = Double(corners.map(\.y).reduce(0, +)) / 4
        let quad = corners.map { (cx + (Double($0.x) - cx) * 1.17, cy + (Double($0.y) - cy) * 1.17) }
        let minX = max(0, Int(quad.map(\.0).min()!)), maxX = min(width - 1, Int(quad.map(\.0).max()!.rounded(.up)))
        let minY = max(0, Int(quad.map(\.1).min()!)), maxY = min(height - 1, Int(quad.map(\.1).max()!.rounded(.up)))
        guard minX <= maxX, minY <= maxY else { return }
        for y in minY...maxY {
            for x in minX...maxX {
                // Inside a convex quadrilateral: on the same side of all four edges.
                var positive = 0, negative = 0
                for i in 0..<4 {
                    let (a, b) = (quad[i], quad[(i + 1) % 4])
                    let cross = (b.0 - a.0) * (Double(y) - a.1) - (b.1 - a.1) * (Double(x) - a.0)
                    if cross >= 0 { positive += 1 }
                    if cross <= 0 { negative += 1 }
                }
                if positive == 4 || negative == 4 { pixels[y * width + x] = inverted ? 0 : 255 }
            }
        }
    }

    /// Nearest-neighbour enlargement: bigger modules for the detector's fixed-size windows.
    func scaledUp(by factor: Int) -> GrayImage {
        let w = width * factor, h = height * factor
        var out = [UInt8](repeating: 255, count: w * h)
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                for y in 0..<h {
                    let sourceRow = (y / factor) * width
                    for x in 0..<w { target[y * w + x] = source[sourceRow + x / factor] }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }

    /// Bilinear doubling in fixed point (weights 3/4 and 1/4). Interpolated pixels let the
    /// detector sample modules only two or three pixels wide, which it cannot do at 1×.
    func doubledSmoothly() -> GrayImage {
        let w = width * 2, h = height * 2
        var out = [UInt8](repeating: 255, count: w * h)
        // Output column x samples source columns `near[x]` (weight 3) and `far[x]` (weight 1).
        let near = (0..<w).map { min($0 / 2, width - 1) }
        let far = (0..<w).map { $0 % 2 == 0 ? max($0 / 2 - 1, 0) : min($0 / 2 + 1, width - 1) }
        pixels.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { target in
                near.withUnsafeBufferPointer { nearX in
                    far.withUnsafeBufferPointer { farX in
                        for y in 0..<h {
                            let nearRow = min(y / 2, height - 1) * width
                            let farRow = (y % 2 == 0 ? max(y / 2 - 1, 0) : min(y / 2 + 1, height - 1)) * width
                            let row = y * w
                            for x in 0..<w {
                                let a = Int(source[nearRow + nearX[x]]) * 3 + Int(source[nearRow + farX[x]])
                                let b = Int(source[farRow + nearX[x]]) * 3 + Int(source[farRow + farX[x]])
                                target[row + x] = UInt8(truncatingIfNeeded: (a * 3 + b + 8) >> 4)
                            }
                        }
                    }
                }
            }
        }
        return GrayImage(width: w, height: h, pixels: out)
    }
}
