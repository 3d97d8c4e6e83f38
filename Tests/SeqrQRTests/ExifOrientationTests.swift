import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("JPEG EXIF orientation: photos stored turned are read upright; bad EXIF is a typed error")
struct ExifOrientationTests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(payload: "turned by the phone", in: directory)
    }

    @Test("each orientation 1–8 (jpegtran turns the pixels, exiftool sets the tag) reads as the upright image", arguments: 1...8)
    func readsUpright(orientation: Int) throws {
        let upright = try ImageFile.read(files.make(.jpeg))
        let uprightCode = try #require(try QRDecoder().decode(upright).first)
        let turned = try ImageFile.read(files.turnedJPEG(orientation))
        #expect(try ExifOrientation(jpeg: Data(contentsOf: URL(fileURLWithPath: files.turnedJPEG(orientation)))).rawValue == orientation)
        #expect(turned.width == upright.width && turned.height == upright.height)
        #expect(meanDifference(turned, upright) < 2, "orientation \(orientation): the pixels are not upright")
        let code = try #require(try QRDecoder().decode(turned).first)
        #expect(code.payload == Data(files.payload.utf8))
        #expect(close(code.corners, uprightCode.corners), "orientation \(orientation): corners \(code.corners), upright \(uprightCode.corners)")

        // The same stored pixels without the tag are not upright: this test fails if the tag is ignored.
        guard orientation != 1 else { return }
        let untagged = try ImageFile.read(files.turnedJPEG(orientation, keepingTag: false))
        #expect(meanDifference(untagged, upright) > 30)
        // (Transposed, a centred square code keeps its finder patterns in the same corners.)
        if orientation != 5, let stray = try QRDecoder().decode(untagged).first {
            #expect(!close(stray.corners, uprightCode.corners))
        }
    }

    @Test("the orientation tag is found in little- and big-endian EXIF, and 'up' without one")
    func byteOrders() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: files.make(.jpeg)))
        #expect(try ExifOrientation(jpeg: jpeg) == .up)
        #expect(try ExifOrientation(jpeg: Self.withExif(ExifOrientationTests.tiff(orientation: 6, littleEndian: true), jpeg)) == .turnedClockwise)
        #expect(try ExifOrientation(jpeg: Self.withExif(ExifOrientationTests.tiff(orientation: 8, littleEndian: false), jpeg)) == .turnedAnticlockwise)
    }

    @Test("malformed EXIF: each fault has its own error", arguments: [
        (ExifOrientationTests.tiff(orientation: 6, byteOrder: [0x58, 0x58]), ExifOrientationError.invalidHeader),
        (ExifOrientationTests.tiff(orientation: 6, magic: 43), .invalidHeader),
        (ExifOrientationTests.tiff(orientation: 6, directoryOffset: 60_000), .outOfBounds),
        (ExifOrientationTests.tiff(orientation: 6, entryCount: 5_000), .outOfBounds),
        (ExifOrientationTests.tiff(orientation: 6, type: 4), .invalidTagType),
        (ExifOrientationTests.tiff(orientation: 9), .invalidValue(9)),
        (Data([0x49, 0x49]), .invalidHeader),
    ] as [(Data, ExifOrientationError)])
    func malformed(tiff: Data, expected: ExifOrientationError) throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: files.make(.jpeg)))
        let file = Self.withExif(tiff, jpeg)
        #expect(throws: expected) { try ExifOrientation(jpeg: file) }
        // Read as a file: 'truncated or corrupt JPEG', with the EXIF fault as the detail.
        let path = try directory.write(file, to: "bad-exif.jpg")
        #expect(throws: ImageFileError.corrupt(path: path, format: "JPEG", detail: expected.description)) { try ImageFile.read(path) }
    }

    @Test("orientation 0 ('unknown', which some writers store) reads as stored; a header segment that crosses the first megabyte is no error")
    func lenientCases() throws {
        let jpeg = try Data(contentsOf: URL(fileURLWithPath: files.make(.jpeg)))
        #expect(try ExifOrientation(jpeg: Self.withExif(ExifOrientationTests.tiff(orientation: 0), jpeg)) == .up)
        // Sixteen comment segments of 65,537 bytes: the last starts before the first megabyte and ends after it.
        let comment = Data([0xFF, 0xFE, 0xFF, 0xFF]) + Data(repeating: 0x20, count: 65_533)
        let padded = Data(jpeg.prefix(2)) + Data(Array(repeating: comment, count: 16).joined()) + Data(jpeg.dropFirst(2))
        #expect(try ExifOrientation(jpeg: padded) == .up)
        let path = try directory.write(padded, to: "long-comments.jpg")
        #expect(try ImageFile.read(path).width > 0)
    }

    @Test("a segment length that runs past the end of the file is 'truncated', not read beyond")
    func truncatedSegment() {
        #expect(throws: ExifOrientationError.truncatedSegment) {
            try ExifOrientation(jpeg: Data([0xFF, 0xD8, 0xFF, 0xE1, 0xFF, 0xF0] + Array("Exif\0\0II".utf8)))
        }
    }

    /// A TIFF block with one IFD0 entry, the orientation tag; each field may be spoiled.
    static func tiff(orientation: Int, littleEndian: Bool = true, byteOrder: [UInt8]? = nil, magic: Int = 42,
                     directoryOffset: Int = 8, entryCount: Int = 1, type: Int = 3) -> Data {
        func u16(_ value: Int) -> [UInt8] {
            littleEndian ? [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] : [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
        }
        func u32(_ value: Int) -> [UInt8] { littleEndian ? u16(value & 0xFFFF) + u16(value >> 16) : u16(value >> 16) + u16(value & 0xFFFF) }
        var bytes = byteOrder ?? (littleEndian ? [0x49, 0x49] : [0x4D, 0x4D])
        bytes += u16(magic) + u32(directoryOffset) + u16(entryCount)
        bytes += u16(0x0112) + u16(type) + u32(1) + u16(orientation) + [0, 0]
        bytes += u32(0)
        return Data(bytes)
    }

    /// `jpeg` with an EXIF APP1 segment holding `tiff` right after its start-of-image marker.
    static func withExif(_ tiff: Data, _ jpeg: Data) -> Data {
        let body = Data("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        return Data([0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]) + body + jpeg.dropFirst(2)
    }

    func meanDifference(_ a: GrayImage, _ b: GrayImage) -> Double {
        guard a.width == b.width, a.height == b.height else { return .infinity }
        return Double(zip(a.pixels, b.pixels).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(a.pixels.count)
    }

    func close(_ a: [PixelPoint], _ b: [PixelPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) <= 3 && abs($0.y - $1.y) <= 3 }
    }
}
