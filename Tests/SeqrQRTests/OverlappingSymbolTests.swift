import Foundation
@testable import SeqrQR
import Testing

/// Printed codes do not overlap: a symbol whose centre lies inside a larger one is part of that
/// code misread (zxing-cpp reads a QR code's finder pattern as a Micro QR code now and then in
/// photos), and is not reported.
@Suite("Symbols inside a larger symbol are not reported")
struct OverlappingSymbolTests {
    static func symbol(_ text: String, _ corners: [(Int, Int)], format: BarcodeFormat = .qr) -> DecodedSymbol {
        DecodedSymbol(payload: Data(text.utf8), corners: corners.map { PixelPoint(x: $0.0, y: $0.1) },
                      version: 1, errorCorrection: nil, inverted: false, format: format)
    }

    @Test("the phantom Micro QR code met in a photo of a vault page (its corners as read) is dropped; the six codes stay")
    func phantomFromPhoto() {
        let codes = [
            Self.symbol("a", [(62, 219), (831, 247), (1001, 1091), (242, 1090)]),
            Self.symbol("b", [(1056, 255), (1767, 281), (1927, 1093), (1224, 1091)]),
            Self.symbol("c", [(1250, 1222), (1951, 1219), (2109, 2023), (1416, 2050)]),
            Self.symbol("d", [(270, 1225), (1028, 1223), (1196, 2058), (447, 2086)]),
            Self.symbol("e", [(1442, 2180), (2134, 2150), (2290, 2945), (1606, 2999)]),
            Self.symbol("f", [(475, 2221), (1223, 2189), (1389, 3015), (650, 3072)]),
        ]
        let phantom = Self.symbol("2220", [(1767, 282), (1779, 336), (1731, 336), (1719, 276)], format: .microqr)
        #expect((codes + [phantom]).droppingSymbolsInsideLargerOnes().map(\.payload) == codes.map(\.payload))
        #expect(([phantom] + codes).droppingSymbolsInsideLargerOnes().map(\.payload) == codes.map(\.payload))
    }

    @Test("codes side by side, touching corners or far apart all stay, in either winding")
    func neighboursStay() {
        let left = Self.symbol("left", [(0, 0), (100, 0), (100, 100), (0, 100)])
        let right = Self.symbol("right", [(100, 0), (200, 0), (200, 100), (100, 100)])  // shares an edge
        let small = Self.symbol("small", [(210, 10), (230, 10), (230, 30), (210, 30)], format: .microqr)
        let counterClockwise = Self.symbol("ccw", [(300, 0), (300, 100), (400, 100), (400, 0)])
        let all = [left, right, small, counterClockwise]
        #expect(all.droppingSymbolsInsideLargerOnes().map(\.payload) == all.map(\.payload))
        let inside = Self.symbol("inside", [(340, 40), (360, 40), (360, 60), (340, 60)], format: .microqr)
        #expect((all + [inside]).droppingSymbolsInsideLargerOnes().map(\.payload) == all.map(\.payload),
                "a symbol inside a counter-clockwise quadrilateral")
    }

    @Test("decoding: a Micro QR code painted inside a large QR code's modules is not reported beside it")
    func paintedInside() throws {
        let large = try QREncoder.encode(text: String(repeating: "seqr overlapping symbols ", count: 4),
                                          options: QREncodingOptions(errorCorrection: .H))
        let micro = try QREncoder.encodeMicro(Data("12345".utf8))
        let largeRaster = large.rasterized(QRRenderStyle(scale: 8, margin: 4))
        var page = largeRaster
        // Over the centre of the large code (level H recovers what it covers), with its own quiet zone.
        let microRaster = micro.rasterized(QRRenderStyle(scale: 4, margin: 2))
        let (left, top) = ((page.width - microRaster.width) / 2, (page.height - microRaster.height) / 2)
        for y in 0..<microRaster.height {
            for x in 0..<microRaster.width { page[left + x, top + y] = microRaster[x, y] }
        }
        var both = QRDecoder(thorough: true)
        both.secondOpinion = false
        let read = try both.decode(page)
        #expect(read.map(\.format) == [.qr], "\(read.map { ($0.format, String(decoding: $0.payload, as: UTF8.self)) })")
        // The same Micro QR code beside the large one, not inside it, is reported.
        var wide = GrayImage(width: page.width + microRaster.width + 40, height: page.height, fill: 255)
        for y in 0..<largeRaster.height { for x in 0..<largeRaster.width { wide[x, y] = largeRaster[x, y] } }
        for y in 0..<microRaster.height { for x in 0..<microRaster.width { wide[page.width + 20 + x, 40 + y] = microRaster[x, y] } }
        #expect(Set(try both.decode(wide).map(\.format)) == [.qr, .microqr])
    }
}
