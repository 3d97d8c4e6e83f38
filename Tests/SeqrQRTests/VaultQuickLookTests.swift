import Foundation
import SeqrCore
import SeqrQR
import SeqrTestSupport
import Testing

/// Restore's quick look stops reading a page once it gave every code the page holds; these
/// prove that pages which did not give them all still get the slower passes.
@Suite("Vault restore's quick look and the slower passes behind it")
struct VaultQuickLookTests {
    /// Rendered pages of a backup (no restore program), and the backup.
    static func pages(size: Int, survivePages: Int, seed: UInt64) throws -> ([GrayImage], VaultDocument) {
        let document = VaultDocument(title: "quick", contents: VaultPrintoutTests.randomBytes(size, seed: seed))
        var options = VaultPrintoutTests.options(compression: false)
        options.survivePages = survivePages
        let backup = try PaperVault.backup(document, password: "paper", options: options)
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        return (try printout.pngPages(dpi: 200).map { try ImageCodec.png.decode($0) }, document)
    }

    /// The page with the pixels of `area` (a code's corners, grown by a margin) set to `value`.
    static func painted(_ page: GrayImage, over corners: [PixelPoint], margin: Int, _ value: (UInt8) -> UInt8) -> GrayImage {
        var pixels = page.pixels
        let xs = corners.map(\.x), ys = corners.map(\.y)
        for y in max(0, ys.min()! - margin)..<min(page.height, ys.max()! + margin) {
            for x in max(0, xs.min()! - margin)..<min(page.width, xs.max()! + margin) {
                pixels[y * page.width + x] = value(pixels[y * page.width + x])
            }
        }
        return GrayImage(width: page.width, height: page.height, pixels: pixels)
    }

    /// Black and white squeezed into grey 120 and 135: too little contrast for the first pass's
    /// local-average binarizer, which takes such areas for flat, while the fixed threshold of
    /// the second pass reads it at once.
    static func faded(_ pixel: UInt8) -> UInt8 { pixel < 128 ? 120 : 135 }

    @Test("a page whose codes all fade past the first pass is put off, then read with every default pass")
    func fadedPage() throws {
        let (pages, document) = try Self.pages(size: 30_000, survivePages: 0, seed: 11)
        try #require(pages.count >= 3)
        let faded = GrayImage(width: pages[1].width, height: pages[1].height, pixels: pages[1].pixels.map(Self.faded))
        // The premise: the first pass alone finds nothing on it, the default passes find every code.
        #expect(try QRDecoder(passes: [QRDecoder.defaultPasses[0]]).decode(faded).isEmpty)
        #expect(try Self.pageDecoder.decode(faded).count == 6)
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: [pages[0], faded] + pages[2...])
        // No parity: every code must have been read, the faded ones by the later look.
        #expect(assembler.isComplete && assembler.missingCodes.isEmpty && assembler.foundParityCodes == 0)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
    }

    @Test("a page that gave all but one code to the first pass goes on to the passes that read the last")
    func oneFadedCode() throws {
        let (pages, document) = try Self.pages(size: 20_000, survivePages: 0, seed: 12)
        let symbols = try Self.pageDecoder.decode(pages[0])
        try #require(symbols.count == 6)
        let page = Self.painted(pages[0], over: symbols[2].corners, margin: 30, Self.faded)
        let firstPass = try QRDecoder(passes: [QRDecoder.defaultPasses[0]]).decode(page)
        #expect(firstPass.count == 5 && !VaultAssembler.holdsWholePage(firstPass.map { [UInt8]($0.payload) }))
        var assembler = VaultAssembler()
        #expect(try assembler.addCodes(onPagesOf: [0], reading: { _ in [page] }, progress: { _, _ in }) == 1)
        #expect(assembler.foundCodes == 6)
        try assembler.addCodes(onPages: Array(pages.dropFirst()))
        #expect(assembler.isComplete && assembler.missingCodes.isEmpty)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
    }

    @Test("a quick read ends with the first pass that finds anything; a page read again goes on to the code it missed")
    func quickReadEndsAtFirstFind() throws {
        let (pages, _) = try Self.pages(size: 20_000, survivePages: 0, seed: 12)
        let symbols = try Self.pageDecoder.decode(pages[0])
        try #require(symbols.count == 6)
        let page = Self.painted(pages[0], over: symbols[2].corners, margin: 30, Self.faded)
        // One zxing-cpp call's worth: the five codes the first pass reads, not the faded sixth.
        #expect(try QRDecoder().decode(page).count == 5)
        #expect(try Self.pageDecoder.decode(page).count == 6)
        #expect(try QRDecoder(thorough: true).decode(page).count == 6)
    }

    @Test("the first pass stops at the codes a page is expected to hold; a guess too low costs time, never codes")
    func expectedSymbols() throws {
        let (pages, _) = try Self.pages(size: 20_000, survivePages: 0, seed: 15)
        // What the first pass alone returns: a caller's count that is satisfied by anything ends the read there.
        var firstPassOnly = QRDecoder(passes: [QRDecoder.defaultPasses[0]])
        firstPassOnly.holdsNoMore = { _ in true }
        #expect(try firstPassOnly.decode(pages[0]).count == 6)
        firstPassOnly.expectedSymbols = 4
        #expect(try firstPassOnly.decode(pages[0]).count == 4)
        var decoder = Self.pageDecoder
        decoder.expectedSymbols = 4
        #expect(try decoder.decode(pages[0]).count == 6)
        // As the quick look reads a page: stopped by the count after the first pass, with every code.
        decoder.expectedSymbols = 6
        let asked = Counter()
        decoder.holdsNoMore = { symbols in asked.add(symbols.count); return VaultAssembler.holdsWholePage(symbols.map { [UInt8]($0.payload) }) }
        #expect(try decoder.decode(pages[0]).count == 6)
        #expect(asked.values == [6])
        // A read that ends at its first find is never limited: it has no later pass to find the rest.
        var quick = QRDecoder()
        quick.expectedSymbols = 4
        #expect(try quick.decode(pages[0]).count == 6)
    }

    @Test("a backup printed 3 × 3 to a page restores: the first page read before the layout is known is limited to the default 6, and the rest found")
    func otherGrid() throws {
        var options = PaperVault.Options()
        options.rounds = 1_000
        options.allowCompression = false
        options.rows = 3
        options.columns = 3
        options.survivePages = 0
        let document = VaultDocument(title: "grid", contents: (0..<25_000).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 13) })
        var printout = VaultPrintout(backup: try PaperVault.backup(document, password: "paper", options: options))
        printout.includesRestoreProgram = false
        let pages = try printout.pngPages(dpi: 200).map { try ImageCodec.png.decode($0) }
        try #require(pages.count >= 2 && printout.backup.codes.count > 9)
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: pages.reversed())
        #expect(assembler.isComplete && assembler.missingCodes.isEmpty && assembler.codesPerPage == 9)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
    }

    @Test("a page with one code erased still restores through parity")
    func erasedCode() throws {
        let (pages, document) = try Self.pages(size: 20_000, survivePages: 1, seed: 13)
        let symbols = try Self.pageDecoder.decode(pages[1])
        try #require(symbols.count == 6)
        let erased = Self.painted(pages[1], over: symbols[4].corners, margin: 30) { _ in 255 }
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: [pages[0], erased] + pages[2...])
        #expect(assembler.isComplete && assembler.missingCodes.count == 1 && assembler.foundParityCodes > 0)
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
    }

    @Test("the decoder stops after the first pass that satisfies the caller's count, and gives up after an empty first pass only when told")
    func decoderStops() throws {
        let (pages, _) = try Self.pages(size: 20_000, survivePages: 0, seed: 14)
        let counts = Counter()
        var decoder = QRDecoder()
        decoder.holdsNoMore = { symbols in counts.add(symbols.count); return symbols.count == 6 }
        #expect(try decoder.decode(pages[0]).count == 6)
        #expect(counts.values == [6])  // asked once, after the first pass, and nothing after
        // A blank page: given up on after the first pass, or tried with every default pass.
        let blank = GrayImage(width: 400, height: 400)
        let asked = Counter()
        decoder.holdsNoMore = { symbols in asked.add(symbols.count); return false }
        decoder.givesUpWhenFirstPassFindsNothing = true
        #expect(try decoder.decode(blank).isEmpty && asked.values == [0])
        decoder.givesUpWhenFirstPassFindsNothing = false
        #expect(try decoder.decode(blank).isEmpty && asked.values.count == 1 + QRDecoder.defaultPasses.count)
    }

    /// The decoder a vault page is read again with: it goes on after the first pass that finds codes.
    static var pageDecoder: QRDecoder {
        var decoder = QRDecoder()
        decoder.endsAtFirstFind = false
        return decoder
    }

    /// Calls of a @Sendable count check, in order.
    final class Counter: @unchecked Sendable {
        private var calls: [Int] = []
        private let lock = NSLock()
        func add(_ value: Int) { lock.withLock { calls.append(value) } }
        var values: [Int] { lock.withLock { calls } }
    }
}
