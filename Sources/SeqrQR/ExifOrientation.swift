import Foundation

/// How a JPEG's stored pixels are turned for display (EXIF tag 0x0112): phones store photos as the
/// sensor saw them and say here how to turn them upright. Reading only this tag, from the first
/// EXIF APP1 segment before the image data, keeps the parser small: every offset is checked
/// against the segment, whose length is at most 65,533 bytes.
///
///     APP1 segment:  FF E1, length (2, big-endian), "Exif\0\0", TIFF block
///     TIFF block:    "II" or "MM" (byte order), 42 (2), offset of IFD0 (4)
///     IFD0:          entry count (2), entries of 12 bytes: tag (2), type (2), count (4), value (4)
///     Orientation:   tag 0x0112, type 3 (SHORT), count 1, value 1–8 in the first 2 value bytes
public enum ExifOrientation: Int, Sendable, CaseIterable {
    case up = 1
    case mirrored = 2
    case upsideDown = 3
    case upsideDownMirrored = 4
    /// Mirrored about the main diagonal.
    case transposed = 5
    /// Stored turned a quarter anticlockwise: display turns it a quarter clockwise.
    case turnedClockwise = 6
    /// Mirrored about the other diagonal.
    case transversed = 7
    case turnedAnticlockwise = 8

    /// The orientation a JPEG file declares; `.up` when it has no EXIF block or no orientation tag.
    public init(jpeg data: Data) throws(ExifOrientationError) {
        // EXIF sits among the first segments: those that start within the first megabyte are read
        // (a segment is at most 64 KiB long, so each one read is whole unless the file is cut short).
        let scanned = 1 << 20
        let bytes = [UInt8](data.prefix(scanned + 65_540))
        var offset = 2  // after SOI
        while offset < scanned, offset + 4 <= bytes.count, bytes[offset] == 0xFF {
            let marker = bytes[offset + 1]
            // Fill bytes, and the markers that stand alone (no length).
            if marker == 0xFF { offset += 1; continue }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }
            // Start of scan or end of image: the headers are over.
            if marker == 0xDA || marker == 0xD9 { break }
            let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
            guard length >= 2, offset + 2 + length <= bytes.count else { throw .truncatedSegment }
            let body = Array(bytes[(offset + 4)..<(offset + 2 + length)])
            if marker == 0xE1, body.starts(with: Array("Exif".utf8) + [0, 0]) {
                self = try Self.orientation(tiff: Array(body.dropFirst(6)))
                return
            }
            offset += 2 + length
        }
        self = .up
    }

    private static func orientation(tiff: [UInt8]) throws(ExifOrientationError) -> ExifOrientation {
        guard tiff.count >= 8 else { throw .invalidHeader }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: throw .invalidHeader
        }
        func u16(_ at: Int) throws(ExifOrientationError) -> Int {
            guard at >= 0, at + 2 <= tiff.count else { throw .outOfBounds }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) throws(ExifOrientationError) -> Int {
            let (a, b) = (try u16(at), try u16(at + 2))
            return little ? a | b << 16 : a << 16 | b
        }
        guard try u16(2) == 42 else { throw .invalidHeader }
        let directory = try u32(4)
        let count = try u16(directory)
        guard directory + 2 + 12 * count <= tiff.count else { throw .outOfBounds }
        for index in 0..<count {
            let entry = directory + 2 + 12 * index
            guard try u16(entry) == 0x0112 else { continue }
            guard try u16(entry + 2) == 3, try u32(entry + 4) == 1 else { throw .invalidTagType }
            let value = try u16(entry + 8)
            if value == 0 { return .up }  // "unknown", which some writers store: shown as stored
            guard let orientation = ExifOrientation(rawValue: value) else { throw .invalidValue(value) }
            return orientation
        }
        return .up
    }
}

extension GrayImage {
    /// The image as it is displayed under `orientation`: the stored pixels turned and mirrored upright.
    public func oriented(_ orientation: ExifOrientation) -> GrayImage {
        if orientation == .up { return self }
        let (w, h) = (width, height)
        let swaps = orientation.rawValue >= 5
        let (outWidth, outHeight) = swaps ? (h, w) : (w, h)
        // For each displayed pixel (x, y), the stored pixel it shows.
        let source: (Int, Int) -> Int = switch orientation {
        case .up: { x, y in y * w + x }
        case .mirrored: { x, y in y * w + (w - 1 - x) }
        case .upsideDown: { x, y in (h - 1 - y) * w + (w - 1 - x) }
        case .upsideDownMirrored: { x, y in (h - 1 - y) * w + x }
        case .transposed: { x, y in x * w + y }
        case .turnedClockwise: { x, y in (h - 1 - x) * w + y }
        case .transversed: { x, y in (h - 1 - x) * w + (w - 1 - y) }
        case .turnedAnticlockwise: { x, y in x * w + (w - 1 - y) }
        }
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { stored in
            for y in 0..<outHeight {
                for x in 0..<outWidth { out[y * outWidth + x] = stored[source(x, y)] }
            }
        }
        return GrayImage(width: outWidth, height: outHeight, pixels: out)
    }
}
