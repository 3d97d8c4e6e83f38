import Foundation
import SeqrCore
import SeqrQR
import SeqrTestSupport
import Testing

/// Every output format is read back: rasterised by an independent program where one
/// exists (rsvg-convert, pdftoppm) and decoded, or parsed back into modules.
@Suite("Renderers")
struct RendererTests {
    let payload = Data((0..<400).map { UInt8(truncatingIfNeeded: $0 &* 37) })
    let symbol: QRSymbol

    init() throws {
        symbol = try QREncoder.encode(payload, options: QREncodingOptions(errorCorrection: .Q))
    }

    @Test("PNG: 1-bit black and white, quiet zone and scale as asked")
    func png() throws {
        let style = QRRenderStyle(scale: 3, margin: 2)
        let image = try ImageCodec.png.decode(symbol.pngData(style))
        #expect(image.width == (symbol.size + 4) * 3 && image.height == image.width)
        #expect(Set(image.pixels) == [0, 255])
        #expect(image[0, 0] == 255 && image[2 * 3, 2 * 3] == 0)  // quiet zone, then the finder's corner
        #expect(try QRDecoder().decode(image).map(\.payload) == [payload])
    }

    @Test("SVG: rsvg-convert renders it and the code decodes")
    func svgRasterised() throws {
        let directory = try TemporaryDirectory()
        let svg = try directory.write(Data(symbol.svg(QRRenderStyle(scale: 4)).utf8), to: "code.svg")
        let png = directory.file("code.png")
        let result = try ExternalTool.named("rsvg-convert").run([svg, "-o", png])
        try #require(result.status == 0, "rsvg-convert: \(result.stderr)")
        #expect(try QRDecoder().decode(ImageFile.read(png)).map(\.payload) == [payload])
    }

    @Test("SVG: the path's runs are exactly the dark modules")
    func svgStructure() throws {
        let svg = symbol.svg(QRRenderStyle(scale: 5, margin: 4))
        let side = symbol.size + 8
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\"") && svg.contains("width=\"\(side * 5)\""))
        let path = try #require(svg.split(separator: "d=\"").last?.split(separator: "\"").first)
        var modules = [Bool](repeating: false, count: symbol.size * symbol.size)
        for run in path.split(separator: "M") {
            let numbers = run.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            let (x, y, length) = (numbers[0] - 4, numbers[1] - 4, numbers[2])
            for dx in 0..<length { modules[y * symbol.size + x + dx] = true }
        }
        #expect(modules == symbol.modules)
    }

    @Test("PDF: a real PDF that pdftoppm renders, as PNG and as colour JPEG, and both decode")
    func pdf() throws {
        let directory = try TemporaryDirectory()
        let pdfData = try symbol.pdfData(QRRenderStyle(scale: 3))
        #expect(pdfData.prefix(5) == Data("%PDF-".utf8))
        let pdf = try directory.write(pdfData, to: "code.pdf")
        let pdftoppm = try ExternalTool.named("pdftoppm")
        for (flag, ext) in [("-png", "png"), ("-jpeg", "jpg")] {
            let result = try pdftoppm.run([flag, "-r", "144", "-singlefile", pdf, directory.file("page")])
            try #require(result.status == 0, "pdftoppm: \(result.stderr)")
            #expect(try QRDecoder().decode(ImageFile.read(directory.file("page.\(ext)"))).map(\.payload) == [payload])
        }
    }

    @Test("terminal text: half blocks map back to the modules, with and without colour")
    func terminal() throws {
        let margin = 2
        for colors in [false, true] {
            let text = symbol.terminalText(margin: margin, colors: colors)
            let grid = Self.parseHalfBlocks(text, colors: colors)
            let side = symbol.size + 2 * margin
            #expect(grid.count >= side && grid[0].count == side)
            for y in 0..<symbol.size {
                for x in 0..<symbol.size {
                    #expect(grid[y + margin][x + margin] == symbol.isDark(x: x, y: y), "module \(x),\(y) colors=\(colors)")
                }
            }
        }
    }

    /// Reads half-block art back into rows of dark (true) and light cells.
    static func parseHalfBlocks(_ text: String, colors: Bool) -> [[Bool]] {
        var rows: [[Bool]] = []
        for line in text.split(separator: "\n") {
            var upper: [Bool] = [], lower: [Bool] = []
            if colors {
                // ESC[fg;bgm sets the pair; 30/40 are black, 97/107 white; ▀ shows fg over bg.
                var fgDark = false, bgDark = false
                var scalars = Array(line.unicodeScalars)[...]
                while let scalar = scalars.first {
                    if scalar == "\u{1B}" {
                        let end = scalars.firstIndex(of: "m")!
                        let codes = String(String.UnicodeScalarView(scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<end])).split(separator: ";").compactMap { Int($0) }
                        if codes.count == 2 { fgDark = codes[0] == 30; bgDark = codes[1] == 40 }
                        scalars = scalars[scalars.index(after: end)...]
                    } else {
                        if scalar == "▀" { upper.append(fgDark); lower.append(bgDark) }
                        scalars = scalars.dropFirst()
                    }
                }
            } else {
                for character in line {
                    upper.append(character == "█" || character == "▀")
                    lower.append(character == "█" || character == "▄")
                }
            }
            rows.append(upper)
            rows.append(lower)
        }
        return rows
    }
}
