import Foundation
import SeqrCore
import SeqrQR
import Testing

/// Pictures from zxing's black-box set (Tests/Fixtures/zxing-blackbox, Apache-2.0): a scan, a
/// screenshot and a photo of codes other programs wrote, each read as the text zxing's own tests expect.
@Suite("Real pictures read as zxing's expected text")
struct RealPictureTextTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let encoding: String
        let guessed: Bool
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "qrcode-2-27", encoding: "Shift_JIS", guessed: true),
        Case(name: "qrcode-2-31", encoding: "Shift_JIS", guessed: false),
        Case(name: "qrcode-2-33", encoding: "GB18030", guessed: false),
        Case(name: "qrcode-4-24", encoding: "ASCII", guessed: false),
    ]

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/zxing-blackbox")

    @Test("the picture's text, its encoding, and the text shown", arguments: cases)
    func reads(_ c: Case) throws {
        let expected = try String(contentsOf: Self.folder.appendingPathComponent(c.name + ".txt"), encoding: .utf8)
        let symbols = try QRDecoder().decode(ImageFile.read(Self.folder.appendingPathComponent(c.name + ".png").path))
        let symbol = try #require(symbols.first)
        #expect(symbols.count == 1)
        #expect(symbol.text == SymbolText(text: expected, encoding: c.encoding, guessed: c.guessed))
        #expect(PayloadDisplay(symbol) == .text(expected))
    }
}
