import Foundation
import SeqrCore
@testable import SeqrQR
import Testing

/// Raster vault pages paint their codes straight into the pixels rather than through cairo.
@Suite("Codes painted into raster pages")
struct PaintedSymbolTests {
    static func white(_ width: Int, _ height: Int) -> GrayImage {
        GrayImage(width: width, height: height, pixels: [UInt8](repeating: 255, count: width * height))
    }

    /// `page` holds `raster` at (`x`, `y`) and is white elsewhere (clipped at the edges).
    static func holds(_ page: GrayImage, _ raster: GrayImage, at x: Int, _ y: Int) -> Bool {
        for py in 0..<page.height {
            for px in 0..<page.width {
                let (rx, ry) = (px - x, py - y)
                let inside = rx >= 0 && ry >= 0 && rx < raster.width && ry < raster.height
                if page.pixels[py * page.width + px] != (inside ? raster.pixels[ry * raster.width + rx] : 255) { return false }
            }
        }
        return true
    }

    @Test("with whole-pixel modules, a painted code is the symbol's own raster, placed where asked", arguments: [1, 3, 4])
    func paintedMatchesRaster(modulePixels: Int) throws {
        let symbol = try QREncoder.encode(text: "seqr painted \(modulePixels)")
        let raster = symbol.rasterized(QRRenderStyle(scale: modulePixels, margin: 4))
        var page = Self.white(raster.width + 37, raster.height + 11)
        page.paint(symbol, quietModules: 4, x: 29, y: 5, modulePixels: Double(modulePixels))
        #expect(Self.holds(page, raster, at: 29, 5))
    }

    @Test("a code reaching past the image's edges is clipped, not written out of bounds")
    func clipped() throws {
        let symbol = try QREncoder.encode(text: "edge")
        let raster = symbol.rasterized(QRRenderStyle(scale: 3, margin: 4))
        for (x, y) in [(-40, -40), (10, 10), (-1000, 5), (5, 1000), (59, 49)] {
            var page = Self.white(60, 50)
            page.paint(symbol, quietModules: 4, x: Double(x), y: Double(y), modulePixels: 3)
            #expect(Self.holds(page, raster, at: x, y), "at \(x), \(y)")
        }
        var page = Self.white(10, 10)
        page.paint(symbol, quietModules: 4, x: 1e300, y: -1e300, modulePixels: 1e300)
        #expect(page == Self.white(10, 10))
    }

    @Test("fractional modules are a pixel wider or narrower, never drift: each edge is the nearest pixel edge")
    func fractionalModules() throws {
        let symbol = try QREncoder.encode(text: "fractional")
        let unit = 3.37, x = 10.4, y = 7.6
        var page = Self.white(200, 200)
        page.paint(symbol, quietModules: 4, x: x, y: y, modulePixels: unit)
        for my in 0..<symbol.size {
            for mx in 0..<symbol.size {
                // The pixel at the middle of each module shows that module.
                let px = Int(x + (Double(mx + 4) + 0.5) * unit), py = Int(y + (Double(my + 4) + 0.5) * unit)
                #expect((page.pixels[py * 200 + px] == 0) == symbol.isDark(x: mx, y: my), "module \(mx), \(my)")
            }
        }
        // The code's outer dark edge: the first dark column is the rounded edge of module column 4.
        let firstDark = (0..<200).first { column in (0..<200).contains { page.pixels[$0 * 200 + column] == 0 } }
        #expect(firstDark == Int((x + 4 * unit).rounded()))
    }

    @Test("a painted vault page differs from cairo's drawing of it only in a few pixels, all on edges")
    func paintedPageMatchesCairo() throws {
        var options = PaperVault.Options()
        options.rounds = 1_000
        options.allowCompression = false
        let document = VaultDocument(title: "m", contents: (0..<9_000).map { UInt8(truncatingIfNeeded: $0 &* 7919) })
        let printout = VaultPrintout(backup: try PaperVault.backup(document, password: "pixels", options: options))
        for dpi in [150, 200, 300] {
            let painted = try printout.rasterPage(0, dpi: dpi)
            // Cairo antialiases; thresholded at half coverage, as the 1-bit PNG is.
            let drawn = try printout.rasterPage(0, dpi: dpi, modules: .cairo)
            let dark = painted.pixels.filter { $0 < 128 }.count
            #expect(dark > 100_000)
            // Only a pixel about half covered may go either way (a module edge falls near its
            // centre): every difference is on an edge of the painted page, and they are few.
            var differing = 0, inside = 0
            let w = painted.width
            for y in 1..<(painted.height - 1) {
                for x in 1..<(w - 1) where (painted.pixels[y * w + x] < 128) != (drawn.pixels[y * w + x] < 128) {
                    differing += 1
                    let isDark = painted.pixels[y * w + x] < 128
                    // An edge or a corner: cairo samples the code's image at pixel centres, so at a
                    // module's corner the pixel on the diagonal may go either way too.
                    let neighbours = [-1, 0, 1].flatMap { dy in [-1, 0, 1].map { dx in (y + dy) * w + x + dx } }
                    let onEdge = neighbours.contains { (painted.pixels[$0] < 128) != isDark }
                    if !onEdge { inside += 1 }
                }
            }
            #expect(inside == 0, "\(inside) differing pixels away from any edge at \(dpi) dpi")
            #expect(differing * 50 < dark, "\(differing) of \(dark) dark pixels differ at \(dpi) dpi")
            var decoder = QRDecoder()
            decoder.endsAtFirstFind = false  // every code of the page, as restore reads a page again
            #expect(try decoder.decode(painted).count == min(6, printout.backup.codes.count + printout.backup.parityCodes.count))
        }
    }

    @Test("a 1-bit page PNG reads back as its pixels thresholded at 128, whatever the width", arguments: [1, 7, 8, 9, 63, 1654])
    func bilevelPNG(width: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let height = 5
        let image = GrayImage(width: width, height: height, pixels: (0..<(width * height)).map { _ in UInt8.random(in: 0...255, using: &generator) })
        let read = try ImageCodec.png.decode(ImageCodec.bilevelPNG(image))
        #expect(read.width == width && read.height == height)
        #expect(read.pixels == image.pixels.map { $0 >= 128 ? 255 : 0 })
    }
}
