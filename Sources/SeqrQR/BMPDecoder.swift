import Foundation

/// Uncompressed Windows and OS/2 bitmaps (1, 4, 8, 16, 24 and 32 bits per pixel, palettes and
/// bit-field masks) to gray. Written in Swift rather than bound from C: Debian has no BMP
/// library, and bounds-checked reads make a hand-written parser of hostile input safe.
///
///     offset  size  field
///     0       2     "BM"
///     2       4     file size (not trusted)
///     6       4     reserved, 0
///     10      4     offset of the pixel rows
///     14      4     header size: 12 (OS/2: 16-bit width and height), 40, 52, 56, 108 or 124
///     18      4+4   width, height (negative height: rows top-down)
///     26      2     planes, 1
///     28      2     bits per pixel
///     30      4     compression: 0 none, 3 or 6 bit fields (masks after a 40-byte header)
///     46      4     colours used (0: 2^bits)
///     54      4×4   red, green, blue, alpha masks (headers of 52 bytes and more)
enum BMPDecoder {
    static let headerSizes: Set<UInt32> = [12, 40, 52, 56, 64, 108, 124]

    /// "BM", the reserved word zero and a known header size: two letters alone would claim text files.
    static func hasSignature(_ head: [UInt8]) -> Bool {
        guard head.count >= 18, head[0] == 0x42, head[1] == 0x4D, head[6..<10].allSatisfy({ $0 == 0 }) else { return false }
        return headerSizes.contains(UInt32(head[14]) | UInt32(head[15]) << 8 | UInt32(head[16]) << 16 | UInt32(head[17]) << 24)
    }

    static func decode(_ data: Data, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(BMPError) -> GrayImage {
        let bytes = [UInt8](data)
        func u16(_ offset: Int) throws(BMPError) -> UInt32 {
            guard offset >= 0, offset + 2 <= bytes.count else { throw .truncated("header") }
            return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8
        }
        func u32(_ offset: Int) throws(BMPError) -> UInt32 {
            try u16(offset) | (try u16(offset + 2)) << 16
        }
        guard hasSignature(Array(bytes.prefix(18))) else { throw .invalidHeader("no BM signature") }
        let headerSize = Int(try u32(14))
        let pixelOffset = Int(try u32(10))
        let isCore = headerSize == 12
        let width = isCore ? Int(try u16(18)) : Int(Int32(bitPattern: try u32(18)))
        let rawHeight = isCore ? Int(try u16(20)) : Int(Int32(bitPattern: try u32(22)))
        let planes = try u16(isCore ? 22 : 26)
        let bits = Int(try u16(isCore ? 24 : 28))
        let compression = isCore ? 0 : try u32(30)
        guard planes == 1 else { throw .invalidHeader("\(planes) planes") }
        guard width > 0, rawHeight != 0, rawHeight != Int(Int32.min) else { throw .invalidHeader("\(width)×\(rawHeight) pixels") }
        let height = abs(rawHeight)
        let topDown = rawHeight < 0
        guard width * height <= min(pixelLimit, ImageCodec.maximumPixels) else { throw .tooLarge(width: width, height: height) }
        guard [1, 4, 8, 16, 24, 32].contains(bits) else { throw .unsupportedBitDepth(bits) }

        // Masks: from the header (52 bytes and more), after a 40-byte header, or the defaults.
        var masks: [UInt32] = bits == 16 ? [0x7C00, 0x03E0, 0x001F, 0] : [0xFF_0000, 0xFF00, 0xFF, 0]
        switch compression {
        case 0: break
        case 3, 6:
            guard bits == 16 || bits == 32 else { throw .invalidHeader("bit fields with \(bits) bits per pixel") }
            // Inside the header from 52 bytes on, else right after it; alpha from 56 bytes or with method 6.
            let count = compression == 6 || headerSize >= 56 ? 4 : 3
            for index in 0..<count { masks[index] = try u32(54 + 4 * index) }
        default: throw .unsupportedCompression(compression)
        }
        if bits == 32, compression == 0, headerSize >= 56 { masks[3] = try u32(66) }

        // The colour table, as gray, right after the header.
        var palette: [UInt8] = []
        if bits <= 8 {
            let declared = isCore ? 0 : Int(try u32(46))
            let entries = declared == 0 || declared > 1 << bits ? 1 << bits : declared
            let entrySize = isCore ? 3 : 4
            let start = 14 + headerSize
            guard start + entries * entrySize <= bytes.count else { throw .truncated("colour table") }
            palette = (0..<entries).map { index in
                let entry = start + index * entrySize
                return luma(red: bytes[entry + 2], green: bytes[entry + 1], blue: bytes[entry])
            }
        }

        let rowBytes = (width * bits + 31) / 32 * 4
        guard pixelOffset >= 14 + headerSize, pixelOffset <= bytes.count,
              (bytes.count - pixelOffset) / rowBytes >= height
        else { throw .truncated("pixel rows") }

        let channels = masks.map(MaskChannel.init)
        let hasAlpha = channels[3].isPresent && Self.anyAlpha(bytes, from: pixelOffset, rowBytes: rowBytes, width: width, height: height, bits: bits, alpha: channels[3])
        var pixels = [UInt8](repeating: 255, count: width * height)
        for row in 0..<height {
            let source = pixelOffset + row * rowBytes
            let y = topDown ? row : height - 1 - row
            for x in 0..<width {
                let gray: UInt8
                switch bits {
                case 1, 4, 8:
                    let bit = x * bits
                    let index = Int(bytes[source + bit / 8] >> (8 - bits - bit % 8)) & (1 << bits - 1)
                    guard index < palette.count else { throw .invalidHeader("colour index \(index) beyond a table of \(palette.count)") }
                    gray = palette[index]
                case 24:
                    let p = source + 3 * x
                    gray = luma(red: bytes[p + 2], green: bytes[p + 1], blue: bytes[p])
                default:
                    let value = word(bytes, at: source + bits / 8 * x, bits: bits)
                    let level = luma(red: channels[0].level(value), green: channels[1].level(value), blue: channels[2].level(value))
                    gray = hasAlpha ? overWhite(level, alpha: channels[3].level(value)) : level
                }
                pixels[y * width + x] = gray
            }
        }
        return GrayImage(width: width, height: height, pixels: pixels)
    }

    /// Many writers leave the alpha byte zero throughout: then it means "no alpha", not "all transparent".
    private static func anyAlpha(_ bytes: [UInt8], from offset: Int, rowBytes: Int, width: Int, height: Int, bits: Int, alpha: MaskChannel) -> Bool {
        guard bits == 16 || bits == 32 else { return false }
        for row in 0..<height {
            for x in 0..<width {
                let value = word(bytes, at: offset + row * rowBytes + bits / 8 * x, bits: bits)
                if alpha.level(value) != 0 { return true }
            }
        }
        return false
    }

    /// A 16- or 32-bit little-endian pixel.
    private static func word(_ bytes: [UInt8], at p: Int, bits: Int) -> UInt32 {
        let low = UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8
        guard bits == 32 else { return low }
        let high = UInt32(bytes[p + 2]) | UInt32(bytes[p + 3]) << 8
        return low | high << 16
    }

    /// One colour channel of a bit-field mask, scaled to 0–255.
    private struct MaskChannel {
        let mask: UInt32
        let shift: UInt32
        let maximum: UInt32
        var isPresent: Bool { mask != 0 }

        init(_ mask: UInt32) {
            self.mask = mask
            shift = mask == 0 ? 0 : UInt32(mask.trailingZeroBitCount)
            maximum = mask == 0 ? 0 : mask >> shift
        }

        func level(_ value: UInt32) -> UInt8 {
            guard maximum > 0 else { return 0 }
            return UInt8((UInt64((value & mask) >> shift) * 255 + UInt64(maximum) / 2) / UInt64(maximum))
        }
    }

    private static func luma(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let sum: UInt32 = 299 * UInt32(red) + 587 * UInt32(green) + 114 * UInt32(blue)
        return UInt8((sum + 500) / 1000)
    }

    private static func overWhite(_ gray: UInt8, alpha: UInt8) -> UInt8 {
        let covered: UInt32 = UInt32(gray) * UInt32(alpha)
        let paper: UInt32 = 255 * (255 - UInt32(alpha))
        return UInt8((covered + paper + 127) / 255)
    }
}
