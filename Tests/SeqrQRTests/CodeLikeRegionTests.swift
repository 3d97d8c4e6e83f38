import Foundation
import SeqrCore
@testable import SeqrQR
import Testing

/// The thorough decoder's last resort before ZBar: areas that still look like a code after
/// the codes read were painted over, cut out and read on their own.
@Suite("Code-like areas")
struct CodeLikeRegionTests {
    static let page: GrayImage = {
        var options = PaperVault.Options()
        options.rounds = 1_000
        let document = VaultDocument(title: "areas", contents: VaultPrintoutTests.randomBytes(11_000, seed: 21))
        let backup = try! PaperVault.backup(document, password: "p", options: options)
        return try! ImageCodec.png.decode(VaultPrintout(backup: backup).pngPages(dpi: 200)[0])
    }()

    @Test("one area per code on a vault page; none for its text, and none once the codes are painted over")
    func vaultPage() throws {
        let symbols = try QRDecoder(thorough: true).decode(Self.page)
        #expect(symbols.count == 6)
        let regions = Self.page.codeLikeRegions()
        #expect(regions.count == 6, "\(regions)")
        for symbol in symbols {
            let c = symbol.center
            let holding = regions.filter { c.x >= $0.x && c.x < $0.x + $0.width && c.y >= $0.y && c.y < $0.y + $0.height }
            #expect(holding.count == 1, "code at \(c)")
        }
        var painted = Self.page
        for symbol in symbols { painted.erase(symbol.corners) }
        #expect(painted.codeLikeRegions().isEmpty)
    }

    @Test("flat images have none: white, black, mid-grey")
    func flat() {
        for value: UInt8 in [255, 0, 128] {
            #expect(GrayImage(width: 400, height: 300, fill: value).codeLikeRegions().isEmpty)
        }
    }

    @Test("a crop is clipped to the image, and symbols found in it move back into place")
    func cropAndMove() throws {
        let symbols = try QRDecoder(thorough: true).decode(Self.page)
        let first = try #require(symbols.first)
        let area = PixelRect(x: first.corners[0].x - 40, y: first.corners[0].y - 40,
                             width: first.corners[2].x - first.corners[0].x + 80, height: first.corners[2].y - first.corners[0].y + 80)
        let inCrop = try #require(try QRDecoder(thorough: true).decode(Self.page.cropped(to: area)).first)
        #expect(inCrop.payload == first.payload)
        #expect(inCrop.moved(by: area.x, area.y).isSameSymbol(as: first))
        let clipped = Self.page.cropped(to: PixelRect(x: -10, y: -20, width: 50, height: 60))
        #expect(clipped.width == 40 && clipped.height == 40)
        #expect(Self.page.cropped(to: PixelRect(x: Self.page.width + 5, y: 0, width: 10, height: 10)).width == 1)
    }
}
