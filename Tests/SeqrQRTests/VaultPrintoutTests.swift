import Foundation
import SeqrCore
import SeqrCorpus
import SeqrQR
import SeqrTestSupport
import Testing

/// Paper-vault backups through real rendered pages and the real decoder, pages shuffled.
@Suite("Paper vault through printed pages")
struct VaultPrintoutTests {
    static func options(compression: Bool = true) -> PaperVault.Options {
        var options = PaperVault.Options()
        options.rounds = 1_000
        options.allowCompression = compression
        return options
    }

    static func randomBytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var generator = SeededGenerator(seed: seed)
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// Reads every page image, in random order, as `seqr vault restore` does.
    static func scan(_ pages: [GrayImage]) throws -> VaultAssembler {
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: pages.shuffled())
        return assembler
    }

    @Test("PNG pages: empty, one byte, emoji title, 100 KB binary; with and without compression", arguments: [true, false])
    func pngPages(compression: Bool) throws {
        let documents = [
            VaultDocument(title: "", text: ""),
            VaultDocument(title: "b", contents: [0x00]),
            VaultDocument(title: "🗝️ Tresor — ünïcødé", text: "PIN 4711\nWi-Fi: correct horse battery staple ✓"),
            VaultDocument(title: "archive.bin", contents: Self.randomBytes(100 * 1024, seed: compression ? 1 : 2)),
        ]
        for document in documents {
            let backup = try PaperVault.backup(document, password: "paper", options: Self.options(compression: compression))
            let printout = VaultPrintout(backup: backup)
            let pngs = try printout.pngPages(dpi: 200)
            // 1-bit gray PNGs (IHDR bit depth at byte 24, color type 0 at 25): black-and-white pages deflate eight times less.
            #expect(pngs.allSatisfy { $0[24] == 1 && $0[25] == 0 })
            let pages = try pngs.map { try ImageCodec.png.decode($0) }
            #expect(pages.count == printout.pageCount)
            #expect(printout.codePageCount == (backup.payloads.count + 5) / 6)
            #expect(printout.pageCount == printout.codePageCount + 3)  // the restore program's pages
            let scanned = try Self.scan(pages)
            #expect(scanned.isComplete, "\(document.title): missing \(scanned.missingCodes)")
            #expect(try PaperVault.restore(message: scanned.messageBuffer(), password: "paper") == document)
        }
    }

    @Test("PDF pages read back through poppler, on A4 and Letter")
    func pdf() throws {
        let document = VaultDocument(title: "pdf", contents: Self.randomBytes(12_000, seed: 3))
        let backup = try PaperVault.backup(document, password: "paper", options: Self.options())
        for paper in VaultPrintout.Paper.allCases {
            let printout = VaultPrintout(backup: backup, paper: paper)
            let pdf = try printout.pdfData()
            #expect(PDFPages.isPDF(pdf))
            let pages = try PDFPages.render(pdf, dpi: 200)
            #expect(printout.codePageCount == (backup.payloads.count + 5) / 6 && pages.count == printout.pageCount)
            let expectedWidth = paper == .a4 ? 1654 : 1700
            #expect(pages.first?.width == expectedWidth)
            #expect(try PaperVault.restore(message: Self.scan(pages).messageBuffer(), password: "paper") == document)
        }
    }

    @Test("the title appears only when asked: pdftotext finds it in one printout, not in the other")
    func titleIsSecret() throws {
        let document = VaultDocument(title: "Swiss account", text: "secret")
        let backup = try PaperVault.backup(document, password: "paper", options: Self.options())
        let directory = try TemporaryDirectory()
        let pdftotext = try ExternalTool.named("pdftotext")
        for (printTitle, expected) in [(false, false), (true, true)] {
            let path = try directory.write(VaultPrintout(backup: backup, title: printTitle ? document.title : nil).pdfData(), to: "t\(printTitle).pdf")
            let text = try pdftotext.run([path, "-"]).stdoutText
            #expect(text.contains("Swiss account") == expected)
            #expect(text.contains("code 1 of 1") && text.contains("page 1 of 4") && text.contains("seqr vault restore"))
        }
    }

    @Test("photographed pages: turned, tilted, softened and saved as JPEG, in any order")
    func photographedPages() throws {
        let document = VaultDocument(title: "photo", contents: Self.randomBytes(10_000, seed: 9))
        let backup = try PaperVault.backup(document, password: "paper", options: Self.options())
        var generator = SeededGenerator(seed: 4)
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        let photos = try printout.pngPages(dpi: 250).map { png -> GrayImage in
            let page = try ImageCodec.png.decode(png)
            // The sheet lies turned by a few degrees on a grey desk, a little closer at one edge.
            let angle = Double.random(in: -8...8, using: &generator) * .pi / 180
            let (w, h) = (Double(page.width), Double(page.height))
            let canvas = GrayImage(width: Int(w * 1.15), height: Int(h * 1.15), fill: 150)
            let (cx, cy) = (Double(canvas.width) / 2, Double(canvas.height) / 2)
            let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].enumerated().map { index, point -> (Double, Double) in
                let (x, y) = (point.0 - w / 2, point.1 - h / 2)
                let squeeze = index >= 2 ? 0.96 : 1.0
                return (cx + (cos(angle) * x - sin(angle) * y) * squeeze, cy + sin(angle) * x + cos(angle) * y)
            }
            let transform = try #require(Homography(from: [(0, 0), (w, 0), (w, h), (0, h)], to: corners))
            let photo = ImageDistortion.warp(page, into: canvas, transform: transform).blurred(sigma: 0.8)
            return try ImageDistortion.jpeg(photo, quality: 75)
        }
        let assembler = try Self.scan(photos)
        let complete = assembler.isComplete, missing = assembler.missingCodes
        #expect(complete, "missing \(missing)")
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
    }

    @Test("pages read from files: each file only while codes are missing; a page the count cut short read again by default, a short page with every pass")
    func lazyFiles() throws {
        let document = VaultDocument(title: "lazy", contents: Self.randomBytes(40_000, seed: 5))
        var options = Self.options(compression: false)
        options.survivePages = 0
        let backup = try PaperVault.backup(document, password: "paper", options: options)
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        let pages = try printout.pngPages(dpi: 200).map { try ImageCodec.png.decode($0) }
        try #require(pages.count == 4 && backup.codes.count == 21)  // the last page holds three codes

        // Files are read on one thread while the pages read are decoded on others.
        let reads = Reads()
        var events: [(Int, Int, VaultAssembler.Look)] = []
        var partial = VaultAssembler()
        let firstPass = try partial.addCodes(onPagesOf: [3, 0], reading: { reads.add($0); return [pages[$0]] }) { reading, assembler in
            events.append((reading.file, reading.added, reading.look))
            #expect(assembler.foundCodes == (reading.file == 3 && reading.look == .quick ? 3 : 9))
        }
        #expect(firstPass == 2 && !partial.isComplete)
        // The full page, whose six codes stopped the quick look, is read again in full while codes
        // are missing; the short page (no parity says how many codes it holds) was read in full
        // at once, and gets every pass.
        #expect(reads.values.sorted() == [0, 0, 3, 3])
        #expect(events.map { $0.0 } == [3, 0, 0, 3] && events.map { $0.1 } == [3, 6, 0, 0] && events.map { $0.2 } == [.quick, .quick, .again, .everyPass])

        let completeReads = Reads()
        var complete = VaultAssembler()
        #expect(try complete.addCodes(onPagesOf: [0, 1, 2, 3, 0], reading: { completeReads.add($0); return [pages[$0]] }) { _, _ in } == 4)
        // Read one after the other while earlier ones are decoded: the last file is not needed,
        // though it may have been read while the fourth was decoded.
        #expect(Array(completeReads.values.prefix(4)) == [0, 1, 2, 3] && completeReads.values.count <= 5 && complete.isComplete)
        #expect(try PaperVault.restore(message: complete.messageBuffer(), password: "paper") == document)
    }

    @Test("the printed pages are laid out as planned: without any one page, the others restore")
    func anyPrintedPageMayBeLost() throws {
        let document = VaultDocument(title: "pages", contents: Self.randomBytes(60_000, seed: 6))
        let backup = try PaperVault.backup(document, password: "paper", options: Self.options(compression: false))
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        let pages = try printout.pngPages(dpi: 200).map { try ImageCodec.png.decode($0) }
        try #require(pages.count == backup.plan.pageCount && pages.count >= 5 && backup.plan.survivablePages == 1)
        var decoder = QRDecoder()
        decoder.endsAtFirstFind = false  // every code of a page, as restore reads a page again
        let printed = try pages.map { try decoder.decode($0).map { [UInt8]($0.payload) } }
        for lost in pages.indices {
            var assembler = VaultAssembler()
            for (index, codes) in printed.enumerated() where index != lost { codes.forEach { assembler.add($0) } }
            #expect(assembler.isComplete, "page \(lost + 1) lost")
            #expect(try PaperVault.restore(message: assembler.messageBuffer(), password: "paper") == document)
        }
    }

    @Test("a page that is not a PDF is a clear error")
    func notAPDF() {
        #expect(throws: PDFRenderingError.self) { try PDFPages.render(Data("%PDF-1.7 garbage".utf8)) }
    }

    /// Files read, from any thread.
    final class Reads: @unchecked Sendable {
        private var files: [Int] = []
        private let lock = NSLock()
        func add(_ file: Int) { lock.withLock { files.append(file) } }
        var values: [Int] { lock.withLock { files } }
    }
}
