import Foundation
import SeqrCore
import SeqrQR
import Testing

/// The code of SeqrQR.docc's articles, run (regions checked against the articles by DocSnippetSyncTests).
@Suite("SeqrQR articles' code")
struct DocArticleTests {
    @Test("DrawingAndReadingCodes: any bytes to a PNG and back, byte for byte")
    func roundTrip() throws {
        // doc-snippet: DrawingAndReadingCodes
        let payload = Data([0x00, 0xFF, 0x10]) + Data("any bytes".utf8)
        let symbol = try QREncoder.encode(payload, options: QREncodingOptions(errorCorrection: .H))
        let png = try symbol.pngData(QRRenderStyle(scale: 6))
        // symbol.svg(), symbol.pdfData() and symbol.terminalText() draw the same modules.

        // Reading: any picture Seqr reads (PNG, JPEG, WebP, HEIC, TIFF, BMP, GIF), as gray pixels.
        let image = try ImageFile.decode(png, path: "code.png")
        let found = try QRDecoder().decode(image)
        // doc-snippet-end
        #expect(found.map(\.payload) == [payload])
        #expect(found.first?.errorCorrection == .H)
    }

    @Test("DrawingAndReadingCodes: a vault printed as PNG pages restores from the pages")
    func vaultPages() throws {
        // doc-snippet: DrawingAndReadingCodes
        let document = VaultDocument(title: "Signing key", contents: SecureRandom.bytes(12_000))
        let backup = try PaperVault.backup(document, password: "correct horse battery staple")
        // A4 pages: the codes, then the Python program that restores them without Seqr.
        let pages: [Data] = try VaultPrintout(backup: backup, title: "Signing key").pngPages()

        // Scanned back in any order; here the first page is lost, and rebuilt from the parity codes.
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: pages.dropFirst().map { try ImageFile.decode($0, path: "page.png") })
        let restored = try PaperVault.restore(message: assembler.messageBuffer(), password: "correct horse battery staple")
        // doc-snippet-end
        #expect(restored == document)
    }
}
