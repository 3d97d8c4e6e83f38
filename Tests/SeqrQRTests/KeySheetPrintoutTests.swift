import Foundation
import SeqrCore
import SeqrCorpus
import SeqrQR
import SeqrTestSupport
import Testing

/// Key sheets as printed: the code reads back as the share, the printed words are the share's
/// words, and a photographed sheet still gives the share.
@Suite("Key sheets on paper")
struct KeySheetPrintoutTests {
    static func shares() throws -> [KeyShare] {
        try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 3, count: 5, iterationExponent: 0)
    }

    @Test("the PDF says what the sheet is and prints the share's words in order; its code is the share")
    func pdf() throws {
        let share = try Self.shares()[1]
        let sheet = KeySheetPrintout(share: share, count: 5, title: "Family wallet", needsPassword: true)
        let directory = try TemporaryDirectory()
        let path = try directory.write(sheet.pdfData(), to: "sheet.pdf")
        let text = try ExternalTool.named("pdftotext").run([path, "-"]).stdoutText
        #expect(text.contains("Key sheet 2 of 5 · any 3 restore"))
        #expect(text.contains("backup id \(share.identifier)") && text.contains("“Family wallet”"))
        #expect(text.contains("with the backup's password"))
        // The words, numbered: "1. word" … "33. word", each one as printed.
        for (index, word) in share.words.enumerated() {
            #expect(text.range(of: "\(index + 1). \(word)") != nil, "word \(index + 1)")
        }
        let pages = try PDFPages.render(sheet.pdfData(), dpi: 150)
        #expect(pages.count == 1)
        let codes = try QRDecoder().decode(pages[0]).map { [UInt8]($0.payload) }
        #expect(try codes.map { try KeyShare(parsing: $0) } == [share])
    }

    @Test("a photographed sheet (turned, tilted, soft, JPEG) is read from a file, like a typed words file")
    func photographed() throws {
        let share = try Self.shares()[4]
        let png = try KeySheetPrintout(share: share, count: 5, title: nil, needsPassword: false).pngPage(dpi: 150)
        let page = try ImageCodec.png.decode(png)
        let (w, h) = (Double(page.width), Double(page.height))
        let canvas = GrayImage(width: Int(w * 1.2), height: Int(h * 1.2), fill: 140)
        let angle = 11.0 * .pi / 180
        let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].enumerated().map { index, point -> (Double, Double) in
            let (x, y) = (point.0 - w / 2, point.1 - h / 2)
            let squeeze = index >= 2 ? 0.93 : 1.0
            return (Double(canvas.width) / 2 + (cos(angle) * x - sin(angle) * y) * squeeze, Double(canvas.height) / 2 + sin(angle) * x + cos(angle) * y)
        }
        let transform = try #require(Homography(from: [(0, 0), (w, 0), (w, h), (0, h)], to: corners))
        let photo = try ImageDistortion.jpeg(ImageDistortion.warp(page, into: canvas, transform: transform).blurred(sigma: 1.0), quality: 70)
        let directory = try TemporaryDirectory()
        let photoPath = try directory.write(ImageCodec.jpeg.encode(photo), to: "sheet.jpg")
        #expect(try KeyShare.read(fromFile: photoPath) == [share])

        let typed = try directory.write(Data((share.words.joined(separator: "\n") + "\n").uppercased().utf8), to: "words.txt")
        #expect(try KeyShare.read(fromFile: typed) == [share])
        var mistyped = share.words
        mistyped[6] = mistyped[6] == "academic" ? "acid" : "academic"
        let wrong = try directory.write(Data(mistyped.joined(separator: " ").utf8), to: "wrong.txt")
        #expect(throws: KeySheetFileError.invalidShare(path: wrong, .checksumMismatch)) { try KeyShare.read(fromFile: wrong) }

        let blank = try directory.write(ImageCodec.png.encode(GrayImage(width: 300, height: 300, fill: 255)), to: "blank.png")
        #expect(throws: KeySheetFileError.noKeySheetCode(path: blank)) { try KeyShare.read(fromFile: blank) }
        #expect(throws: KeySheetFileError.unreadable(.notFound(path: directory.file("none.png")))) { try KeyShare.read(fromFile: directory.file("none.png")) }
    }

    @Test("every backup's last pages hold the restore program, exactly: rebuilt from the PDF's words it hashes to the printed SHA-256")
    func restoreProgramPages() throws {
        let backup = try PaperVault.backup(VaultDocument(title: "t", text: "x"), password: "p", options: VaultPrintoutTests.options())
        let directory = try TemporaryDirectory()
        for paper in VaultPrintout.Paper.allCases {
            var printout = VaultPrintout(backup: backup, paper: paper)
            #expect(printout.codePageCount == 1 && printout.pageCount > 1)
            let path = try directory.write(printout.pdfData(), to: "\(paper).pdf")
            let rebuilt = directory.file("\(paper).py")
            let hashes = try ExternalTool.named("python3").run([Self.referenceScript("extract_restore_program.py"), path, rebuilt]).stdoutText
            #expect(hashes.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } == [VaultRestoreProgram.sha256, VaultRestoreProgram.sha256])
            #expect(try String(contentsOfFile: rebuilt, encoding: .utf8) == VaultRestoreProgram.source)
            printout.includesRestoreProgram = false
            #expect(printout.pageCount == 1)
        }
    }

    /// A page as a phone photo: turned, a little closer at one edge, soft, JPEG.
    static func photograph(_ page: GrayImage, degrees: Double) throws -> GrayImage {
        let (w, h) = (Double(page.width), Double(page.height))
        let canvas = GrayImage(width: Int(w * 1.15), height: Int(h * 1.15), fill: 150)
        let angle = degrees * .pi / 180
        let corners = [(0.0, 0.0), (w, 0), (w, h), (0, h)].enumerated().map { index, point -> (Double, Double) in
            let (x, y) = (point.0 - w / 2, point.1 - h / 2)
            let squeeze = index >= 2 ? 0.96 : 1.0
            return (Double(canvas.width) / 2 + (cos(angle) * x - sin(angle) * y) * squeeze, Double(canvas.height) / 2 + sin(angle) * x + cos(angle) * y)
        }
        let transform = try #require(Homography(from: [(0, 0), (w, 0), (w, h), (0, h)], to: corners))
        return try ImageDistortion.jpeg(ImageDistortion.warp(page, into: canvas, transform: transform).blurred(sigma: 0.8), quality: 75)
    }

    @Test("a 2-of-3 backup with a password and parity codes, every page and two sheets photographed: restored")
    func photographedBackup() throws {
        let document = VaultDocument(title: "photographed", contents: VaultPrintoutTests.randomBytes(9_000, seed: 31))
        var options = VaultPrintoutTests.options(compression: false)
        options.redundancy = 0.5
        let backup = try PaperVault.backup(document, keying: .keySheets(threshold: 2, count: 3, password: "pw"), options: options)
        var printout = VaultPrintout(backup: backup)
        printout.includesRestoreProgram = false
        let pages = try printout.pngPages(dpi: 250).map { try ImageCodec.png.decode($0) }
        try #require(pages.count >= 2)
        let photos = try pages.enumerated().map { try Self.photograph($1, degrees: Double($0 % 2 == 0 ? 6 : -5)) }
        var assembler = VaultAssembler()
        try assembler.addCodes(onPages: photos.reversed())
        #expect(assembler.isComplete && assembler.foundParityCodes > 0, "missing \(assembler.missingCodes)")

        let directory = try TemporaryDirectory()
        var shares: [KeyShare] = []
        for (index, share) in [backup.keyShares[2], backup.keyShares[0]].enumerated() {
            let sheet = try ImageCodec.png.decode(KeySheetPrintout(share: share, count: 3, title: document.title, needsPassword: true).pngPage(dpi: 150))
            let path = try directory.write(ImageCodec.jpeg.encode(Self.photograph(sheet, degrees: 8)), to: "sheet\(index).jpg")
            shares += try KeyShare.read(fromFile: path)
        }
        #expect(try PaperVault.restore(message: assembler.messageBuffer(), unlocking: .keySheets(shares, password: "pw")) == document)
    }

    static func referenceScript(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference").appendingPathComponent(name).path
    }
}
