import Foundation
import SeqrCore
import SeqrQR
import SeqrTestSupport
import Testing

/// Micro QR and the other formats zxing-cpp 3 reads, and how they are named.
@Suite("Barcode formats")
struct FormatsTests {
    @Test("Micro QR: libqrencode writes it, the decoder reads it by default and names it", arguments: ["12345", "HELLO M3", "a few bytes"])
    func microRoundTrip(text: String) throws {
        let symbol = try QREncoder.encodeMicro(Data(text.utf8))
        #expect(symbol.micro && QREncoder.microVersions.contains(symbol.version))
        #expect(symbol.size == 9 + 2 * symbol.version)
        let image = symbol.rasterized(QRRenderStyle(scale: 6, margin: 4))
        let decoded = try QRDecoder().decode(image)
        #expect(decoded.map(\.payload) == [Data(text.utf8)])
        #expect(decoded.first?.format == .microqr)
        // QR versions are 1–40; a Micro QR's M-number is not one.
        #expect(decoded.first?.version == nil)
    }

    @Test("Micro QR refuses what does not fit M4, level H and nothing at all")
    func microLimits() throws {
        #expect(throws: QREncodingError.microTooLarge(byteCount: 16, level: .L)) { try QREncoder.encodeMicro(Data(repeating: 0xAB, count: 16)) }
        #expect(throws: QREncodingError.microLevelUnsupported(.H)) { try QREncoder.encodeMicro(Data("1".utf8), errorCorrection: .H) }
        #expect(throws: QREncodingError.microEmpty) { try QREncoder.encodeMicro(Data()) }
        // 15 bytes is M4-L's capacity exactly.
        #expect(try QREncoder.encodeMicro(Data(repeating: 0xAB, count: 15)).version == 4)
    }

    @Test("a regular QR code is reported as qr with its version; only the formats asked for are read")
    func selection() throws {
        let symbol = try QREncoder.encode(text: "only when asked", options: QREncodingOptions(minimumVersion: 3))
        let image = symbol.rasterized(QRRenderStyle(scale: 5, margin: 4))
        let decoded = try #require(try QRDecoder().decode(image).first)
        #expect(decoded.format == .qr && decoded.version == 3)
        #expect(try QRDecoder(formats: [.datamatrix, .ean13]).decode(image).isEmpty)
        #expect(try QRDecoder(formats: [.microqr]).decode(image).isEmpty)
        #expect(try QRDecoder(formats: Set(BarcodeFormat.allCases)).decode(image).map(\.format) == [.qr])
    }

    @Test("format lists: names, all, and an unknown name that says what is known")
    func parsing() throws {
        #expect(try BarcodeFormat.parseList("ean13, code128,QR") == [.ean13, .code128, .qr])
        #expect(try BarcodeFormat.parseList("all") == Set(BarcodeFormat.allCases))
        #expect(throws: QRDecodingError.unknownFormat("barcode")) { try BarcodeFormat.parseList("qr,barcode") }
        #expect(QRDecodingError.unknownFormat("x").description.contains("datamatrix"))
    }
}
