import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

@Suite("TIFF orientations and pages: each page read upright, every page of a multi-page file, bounded")
struct TIFFPageTests {
    let directory: TemporaryDirectory
    let files: ForeignImageFiles

    init() throws {
        directory = try TemporaryDirectory()
        files = try ForeignImageFiles(payload: "stored turned by the scanner", in: directory)
    }

    @Test("each orientation 1–8 (pamflip turns the pixels, exiftool sets tag 274) reads as a viewer shows it, pixel for pixel", arguments: 1...8)
    func readsUpright(orientation: Int) throws {
        // The page as netpbm wrote it, untagged: what every orientation must read as.
        let upright = try ImageFile.read(files.turnedTIFF(1, keepingTag: false))
        #expect(upright.width > upright.height)
        let uprightCode = try #require(try QRDecoder().decode(upright).first)
        let turned = try ImageFile.read(files.turnedTIFF(orientation))
        // Lossless: the pixels are the upright page's exactly (a mirrored page would differ, a quarter turn too in its size).
        #expect(turned.width == upright.width && turned.height == upright.height, "orientation \(orientation): \(turned.width)×\(turned.height)")
        #expect(turned.pixels == upright.pixels, "orientation \(orientation): the pixels are not as a viewer shows them")
        let code = try #require(try QRDecoder().decode(turned).first)
        #expect(code.payload == Data(files.payload.utf8))
        #expect(close(code.corners, uprightCode.corners), "orientation \(orientation): corners \(code.corners), upright \(uprightCode.corners)")

        // The same stored pixels without the tag are not upright: this test fails if the tag is ignored.
        guard orientation != 1 else { return }
        let untagged = try ImageFile.read(files.turnedTIFF(orientation, keepingTag: false))
        #expect(untagged.pixels != upright.pixels)
    }

    @Test("every page of a multi-page TIFF (pnmtotiff -append) is read in order; a single read takes the first page")
    func everyPage() throws {
        let payloads = ["page one", "page two", "page three"]
        var pictures: [String] = []
        for (index, payload) in payloads.enumerated() {
            let png = directory.file("page-\(index).png")
            // Pages of different sizes, as a scanner's may be.
            try ForeignImageFiles.run("qrencode", ["-s", "\(5 + index)", "-m", "4", "-o", png, payload])
            pictures.append(png)
        }
        let path = try files.multiPageTIFF(pictures)
        let pages = try ImageFile.readPages(path)
        #expect(pages.count == 3)
        #expect(try pages.map { try QRDecoder().decode($0).map(\.payload) } == payloads.map { [Data($0.utf8)] })
        #expect(try ImageFile.pages(of: Data(contentsOf: URL(fileURLWithPath: path)), path: "-").count == 3)
        // One picture: the first page, as before.
        #expect(try QRDecoder().decode(ImageFile.read(path)).map(\.payload) == [Data(payloads[0].utf8)])
    }

    @Test("each page is turned as its own Orientation tag says (exiftool -IFD1:Orientation on the second page)")
    func orientationPerPage() throws {
        let upright = try ImageFile.read(files.turnedTIFF(1, keepingTag: false))
        // An upright first page, then the page stored as orientation 6 wants it, the tag set on that page alone.
        let path = try files.multiPageTIFF([files.widePage(), files.storedPage(6)], name: "second-turned.tif")
        try ForeignImageFiles.run("exiftool", ["-q", "-n", "-IFD1:Orientation=6", "-overwrite_original", path])
        let pages = try ImageFile.readPages(path)
        #expect(pages.count == 2)
        #expect(pages.allSatisfy { $0.width == upright.width && $0.height == upright.height && $0.pixels == upright.pixels })
    }

    @Test("more than 1,000 pages: 'too many pages', before a pixel is decoded")
    func tooManyPages() throws {
        let path = try directory.write(Self.tiff(pages: Array(repeating: (1, 1), count: ImageCodec.maximumPages + 1)), to: "many.tif")
        #expect(throws: ImageFileError.tooManyPages(path: path, format: "TIFF")) { try ImageFile.readPages(path) }
        #expect(ImageFileError.tooManyPages(path: path, format: "TIFF").description.contains("more than 1,000 pages"))
        // Exactly the limit is read.
        let most = try directory.write(Self.tiff(pages: Array(repeating: (1, 1), count: ImageCodec.maximumPages)), to: "most.tif")
        #expect(try ImageFile.readPages(most).count == ImageCodec.maximumPages)
    }

    @Test("pages of more than 1,000,000,000 pixels in all, or one page beyond the limit: refused from the directories alone")
    func tooManyPixels() throws {
        // Six pages at the per-page limit that the file does not hold: the sixth passes the total.
        let path = try directory.write(Self.tiff(pages: Array(repeating: (20_000, 10_000), count: 6)), to: "heavy.tif")
        let started = ImageSizeLimitTests.threadProcessorSeconds()
        #expect(throws: ImageFileError.tooManyPixelsInAll(path: path, format: "TIFF", pages: 6, pixels: 1_200_000_000)) {
            try ImageFile.readPages(path, pixelLimit: ImageCodec.maximumPixels)
        }
        #expect(ImageSizeLimitTests.threadProcessorSeconds() - started < 0.5)
        #expect(ImageFileError.tooManyPixelsInAll(path: path, format: "TIFF", pages: 6, pixels: 1_200_000_000).description
            .contains("Seqr reads at most 1,000,000,000 pixels from one file"))
        // A later page too large on its own names its size; the first page alone is still read.
        let second = try directory.write(Self.tiff(pages: [(1, 1), (20_000, 20_000)]), to: "second.tif")
        #expect(throws: ImageFileError.tooLarge(path: second, format: "TIFF", width: 20_000, height: 20_000, limit: 50_000_000)) {
            try ImageFile.readPages(second)
        }
        #expect(try ImageFile.read(second).width == 1)
    }

    @Test("a page chain that loops back to itself is 'truncated or corrupt', not read for ever")
    func loopingPages() throws {
        let path = try directory.write(Self.tiff(pages: [(1, 1), (1, 1)], loopingBack: true), to: "loop.tif")
        do {
            let pages = try ImageFile.readPages(path)
            Issue.record("a looping page chain was read as \(pages.count) pages")
        } catch {
            guard case .corrupt(path, "TIFF", _) = error else { Issue.record("\(error)"); return }
        }
    }

    @Test("a tile larger than its page (rounded up to 16) is refused before libtiff decodes it; tiles that fit are read")
    func tilesBoundedByThePage() throws {
        // 1,024 pixels shown from a 4,096 × 4,096 tile: 16 MB decoded and thrown away (read before this check).
        let oversized = try directory.write(Self.tiledTIFF(width: 32, height: 32, tile: 4_096), to: "big-tile.tif")
        #expect(throws: ImageFileError.corrupt(path: oversized, format: "TIFF", detail: "tiles of 4096×4096 pixels for a page of 32×32")) {
            try ImageFile.read(oversized)
        }
        // (Tiles of at least 1,024 bytes: libtiff 4.5 misreads smaller uncompressed ones.)
        for (side, tile) in [(32, 32), (20, 32), (40, 32)] {
            let path = try directory.write(Self.tiledTIFF(width: side, height: side, tile: tile), to: "tile-\(side)-\(tile).tif")
            let image = try ImageFile.read(path)
            #expect(image.width == side && image.pixels.allSatisfy { $0 == 0xFF })
        }
    }

    /// An uncompressed 8-bit gray TIFF of one page cut in square tiles of side `tile`, every pixel white.
    static func tiledTIFF(width: Int, height: Int, tile: Int) -> Data {
        func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func le32(_ value: Int) -> Data { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        let across = (width + tile - 1) / tile, down = (height + tile - 1) / tile, tiles = across * down
        let tileBytes = tile * tile
        let entryCount = 10
        let directory = 8
        let offsetsAt = directory + 2 + entryCount * 12 + 4
        let countsAt = offsetsAt + 4 * tiles
        let dataAt = countsAt + 4 * tiles
        // One value fits in the entry; more go in an array elsewhere.
        func array(_ at: Int, _ value: Int) -> Int { tiles == 1 ? value : at }
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, width), (257, 4, 1, height), (258, 3, 1, 8), (259, 3, 1, 1), (262, 3, 1, 1), (277, 3, 1, 1),
            (322, 4, 1, tile), (323, 4, 1, tile), (324, 4, tiles, array(offsetsAt, dataAt)), (325, 4, tiles, array(countsAt, tileBytes)),
        ]
        var tiff = Data([0x49, 0x49, 0x2A, 0x00]) + le32(directory) + le16(entryCount)
        for entry in entries {
            tiff += le16(entry.tag) + le16(entry.type) + le32(entry.count)
            tiff += entry.type == 3 ? le16(entry.value) + le16(0) : le32(entry.value)
        }
        tiff += le32(0)
        for index in 0..<tiles { tiff += le32(dataAt + index * tileBytes) }
        for _ in 0..<tiles { tiff += le32(tileBytes) }
        return tiff + Data(repeating: 0xFF, count: tiles * tileBytes)
    }

    /// A little-endian TIFF of 8-bit gray pages of the declared sizes, every strip the same
    /// single white byte (pages larger than 1×1 are never decoded); the last page may point back to the first.
    static func tiff(pages: [(width: Int, height: Int)], loopingBack: Bool = false) -> Data {
        func le16(_ value: Int) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)]) }
        func le32(_ value: Int) -> Data { le16(value & 0xFFFF) + le16(value >> 16 & 0xFFFF) }
        let firstDirectory = 10
        let directorySize = 2 + 9 * 12 + 4
        var tiff = Data([0x49, 0x49, 0x2A, 0x00]) + le32(firstDirectory) + Data([0xFF, 0x00])
        for (index, page) in pages.enumerated() {
            let entries: [(tag: Int, type: Int, value: Int)] = [
                (256, 4, page.width), (257, 4, page.height), (258, 3, 8), (259, 3, 1), (262, 3, 1),
                (273, 4, 8), (277, 3, 1), (278, 4, page.height), (279, 4, page.width * page.height),
            ]
            tiff += le16(entries.count)
            for entry in entries {
                tiff += le16(entry.tag) + le16(entry.type) + le32(1)
                tiff += entry.type == 3 ? le16(entry.value) + le16(0) : le32(entry.value)
            }
            let last = index == pages.count - 1
            tiff += le32(last ? (loopingBack ? firstDirectory : 0) : firstDirectory + (index + 1) * directorySize)
        }
        return tiff
    }

    func close(_ a: [PixelPoint], _ b: [PixelPoint]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0.x - $1.x) <= 3 && abs($0.y - $1.y) <= 3 }
    }
}
