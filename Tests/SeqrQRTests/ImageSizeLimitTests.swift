import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Decompression bombs: a few hundred bytes declaring more pixels than any photo or scan. Each
/// format's decoder refuses the declared size before it decodes (or allocates for) a pixel.
@Suite("Images declaring too many pixels are refused at once, with the limit")
struct ImageSizeLimitTests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(in: directory)
    }

    @Test("each format: 'too large', its declared size, in well under a second of processor time", arguments: ForeignImageFiles.Kind.allCases)
    func refused(kind: ForeignImageFiles.Kind) throws {
        let (bomb, width, height) = try declaringHugeSize(kind)
        #expect(width * height > ImageCodec.maximumPixels)
        let path = try directory.write(bomb, to: "bomb-\(kind.rawValue)")
        // This thread's processor time, not the wall clock: other tests share the two cores. Decoding
        // hundreds of millions of pixels would take seconds of it; reading a header, microseconds.
        let started = Self.threadProcessorSeconds()
        let limit = ImageCodec.maximumPixels
        #expect(throws: ImageFileError.tooLarge(path: path, format: kind.codec.rawValue, width: width, height: height, limit: limit)) {
            try ImageFile.read(path, pixelLimit: limit)
        }
        #expect(Self.threadProcessorSeconds() - started < 0.5)
        let message = ImageFileError.tooLarge(path: path, format: kind.codec.rawValue, width: width, height: height, limit: limit).description
        #expect(message.hasSuffix("Seqr reads at most 200,000,000 pixels)"))
    }

    @Test("each format: a file declaring 8,000 × 8,000 pixels (within the old 200,000,000 cap) is refused at once by default, naming --max-pixels",
          arguments: ForeignImageFiles.Kind.allCases)
    func refusedByDefault(kind: ForeignImageFiles.Kind) throws {
        // What a tiny file costs is what its declared size makes the decoder allocate: a 38-byte WebP
        // declaring 196 megapixels took 1.93 GB. 64 megapixels is more than any phone photo or 600-dpi A4 scan.
        let (bomb, width, height) = try declaringHugeSize(kind, side: 8_000)
        #expect(width * height > ImageCodec.defaultPixelLimit && width * height <= ImageCodec.maximumPixels)
        let path = try directory.write(bomb, to: "default-\(kind.rawValue)")
        let started = Self.threadProcessorSeconds()
        let error = ImageFileError.tooLarge(path: path, format: kind.codec.rawValue, width: width, height: height, limit: 50_000_000)
        #expect(throws: error) { try ImageFile.read(path) }
        #expect(throws: error) { try ImageFile.readPages(path) }
        #expect(Self.threadProcessorSeconds() - started < 0.5)
        #expect(error.description.hasSuffix("Seqr reads at most 50,000,000 pixels, or up to 200,000,000 with --max-pixels)"))
    }

    static func threadProcessorSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A file of `kind` whose header declares a size beyond the limit, and that size.
    func declaringHugeSize(_ kind: ForeignImageFiles.Kind, side: Int? = nil) throws -> (Data, Int, Int) {
        switch kind {
        case .jpeg:
            // cjpeg's file with its frame header (SOF0) saying 20,000 × 20,000.
            var jpeg = try Data(contentsOf: URL(fileURLWithPath: files.make(.jpeg)))
            let sof = try #require(jpeg.indices.first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
            let n = side ?? 20_000
            jpeg.replaceSubrange((sof + 5)..<(sof + 9), with: [UInt8(n >> 8), UInt8(n & 0xFF), UInt8(n >> 8), UInt8(n & 0xFF)])
            return (jpeg, n, n)
        case .webp, .webpLossless:
            // A lossless (VP8L) header: 14-bit width and height less one, the largest WebP allows.
            let n = side ?? 16_383
            let bits = UInt32(n - 1) | UInt32(n - 1) << 14
            var chunk = Data([0x2F]) + withUnsafeBytes(of: bits.littleEndian) { Data($0) } + Data(repeating: 0, count: 27)
            chunk = Data("VP8L".utf8) + le32(chunk.count) + chunk
            return (Data("RIFF".utf8) + le32(chunk.count + 4) + Data("WEBP".utf8) + chunk, n, n)
        case .heic:
            // heif-enc's file with every image spatial extent ('ispe') box saying 30,000 × 30,000.
            var heic = try Data(contentsOf: URL(fileURLWithPath: files.make(.heic)))
            let marker = Data("ispe".utf8)
            var searchFrom = heic.startIndex
            var patched = 0
            while let found = heic.range(of: marker, in: searchFrom..<heic.endIndex) {
                heic.replaceSubrange((found.upperBound + 4)..<(found.upperBound + 12), with: be32(side ?? 30_000) + be32(side ?? 30_000))
                searchFrom = found.upperBound
                patched += 1
            }
            #expect(patched > 0)
            return (heic, side ?? 30_000, side ?? 30_000)
        case .tiff:
            // One 8-bit gray strip of 20,000 × 20,000 pixels that the file does not hold.
            let entries: [(tag: Int, type: Int, value: Int)] = [
                (256, 4, side ?? 20_000), (257, 4, side ?? 20_000), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                (273, 4, 8), (277, 3, 1), (278, 4, side ?? 20_000), (279, 4, (side ?? 20_000) * (side ?? 20_000)),
            ]
            var tiff = Data([0x49, 0x49, 0x2A, 0x00]) + le32(16) + Data(repeating: 0, count: 8) + le16(entries.count)
            for entry in entries {
                tiff += le16(entry.tag) + le16(entry.type) + le32(1)
                tiff += entry.type == 3 ? le16(entry.value) + le16(0) : le32(entry.value)
            }
            return (tiff + le32(0), side ?? 20_000, side ?? 20_000)
        case .bmp:
            // A Windows bitmap header for 24-bit 20,000 × 20,000 pixels, with no pixel rows.
            var bmp = Data("BM".utf8) + le32(54) + le32(0) + le32(54)
            bmp += le32(40) + le32(side ?? 20_000) + le32(side ?? 20_000) + le16(1) + le16(24) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0) + le32(0)
            return (bmp, side ?? 20_000, side ?? 20_000)
        case .gif:
            // A logical screen of 65,535 × 65,535, the largest GIF allows, and the trailer.
            let n = side ?? 65_535
            return (Data("GIF89a".utf8) + le16(n) + le16(n) + Data([0, 0, 0, 0x3B]), n, n)
        }
    }

    func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
    func le32(_ value: Int) -> Data { le16(value & 0xFFFF) + le16(value >> 16) }
    func be32(_ value: Int) -> Data { Data([UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]) }
}
