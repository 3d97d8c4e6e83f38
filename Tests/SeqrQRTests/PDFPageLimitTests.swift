import Foundation
@testable import SeqrQR
import Testing

/// A PDF's page sizes and page count are its author's to choose: ten 4,070-pt pages in 1.6 KB took
/// 3.7 GB (issue 32, finding 1). Pages are drawn one at a time, each at most the pixel limit, and
/// a document beyond the page or pixel limits is refused from its page sizes before any is drawn.
@Suite("PDF pages are bounded and drawn one at a time")
struct PDFPageLimitTests {
    /// A PDF of `count` empty pages of `width` × `height` points, each its own object.
    static func pdf(pages count: Int, width: Int, height: Int) -> Data {
        var text = "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n"
        text += "2 0 obj << /Type /Pages /Kids [\((0..<count).map { "\($0 + 3) 0 R" }.joined(separator: " "))] /Count \(count) >> endobj\n"
        for index in 0..<count {
            text += "\(index + 3) 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 \(width) \(height)] >> endobj\n"
        }
        return Data((text + "trailer << /Root 1 0 R >>\n%%EOF\n").utf8)
    }

    @Test("a page whose size at 250 dpi exceeds the pixel limit is drawn at a lower resolution, within it")
    func scaleCappedByPageSize() throws {
        // 2,100 pt at 250 dpi would be 7,292 × 7,292: 53 megapixels a page.
        let pages = try PDFPages.render(Self.pdf(pages: 3, width: 2_100, height: 2_100), dpi: 250)
        #expect(pages.count == 3)
        #expect(pages.allSatisfy { $0.width * $0.height <= 50_000_000 && $0.width >= 7_000 }, "\(pages.map { ($0.width, $0.height) })")
        // An A4 page keeps the resolution asked for.
        let a4 = try PDFPages.render(Self.pdf(pages: 1, width: 595, height: 842), dpi: 250)
        #expect(a4.map(\.width) == [2_066])
    }

    @Test("pages are handed on one at a time: a reader that stops after the first has the next never drawn")
    func oneAtATime() throws {
        struct Enough: Error {}
        var drawn = 0
        #expect(throws: Enough.self) {
            try ImageFile.forEachPage(of: Self.pdf(pages: 5, width: 595, height: 842), path: "five.pdf") { _ in
                drawn += 1
                throw Enough()
            }
        }
        #expect(drawn == 1)
    }

    @Test("more than 1,000 pages, or pages of more than 1,000,000,000 pixels in all, are refused before any page is drawn")
    func documentLimits() throws {
        let many = Self.pdf(pages: 1_001, width: 10, height: 10)
        #expect(throws: ImageFileError.tooManyPages(path: "many.pdf", format: "PDF")) { try ImageFile.pages(of: many, path: "many.pdf") }
        // 200 A0 pages at 250 dpi: each capped to 50,000,000 pixels, 21 of them pass 1,000,000,000.
        var drawn = 0
        let heavy = Self.pdf(pages: 200, width: 2_384, height: 3_370)
        do {
            try ImageFile.forEachPage(of: heavy, path: "heavy.pdf") { _ in drawn += 1 }
            Issue.record("200 A0 pages were read")
        } catch let error as ImageFileError {
            guard case .tooManyPixelsInAll("heavy.pdf", "PDF", let pages, let pixels) = error else { Issue.record("\(error)"); return }
            #expect(pages == 21 && pixels > 1_000_000_000)
        }
        #expect(drawn == 0)
    }

    /// One page drawing a form XObject that draws the one below it `fanOut` times, `depth` deep:
    /// poppler's work grows as fanOut^depth from a file of a few hundred bytes.
    /// With `listed` > 1 the page tree lists that one page object `listed` times (issue 47: its
    /// drawing time was renewed for each); with `alike` > 1 it lists that many page objects, each its
    /// own object written alike (same dictionary, same content stream and forms). With
    /// `crossReferenced` the file has an xref table (otherwise poppler rebuilds one).
    static func nestedForms(depth: Int, fanOut: Int, listed: Int = 1, alike: Int = 1, crossReferenced: Bool = false) -> Data {
        let page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X \(5 + depth) 0 R >> >> /Contents 4 0 R >>"
        let pageNumbers = [3] + (0..<(alike - 1)).map { 6 + depth + $0 }
        let kids = Array(repeating: pageNumbers, count: listed).joined()
        var objects: [String] = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(kids.count) >>",
            page,
        ]
        func stream(_ dictionary: String, _ content: String) -> String {
            "<< \(dictionary) /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        objects.append(stream("", "/X Do"))
        objects.append(stream("/Type /XObject /Subtype /Form /BBox [0 0 200 200]", "0 0 1 1 re f"))
        for level in 1...depth {
            objects.append(stream("/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /Y \(4 + level) 0 R >> >>",
                                  Array(repeating: "/Y Do", count: fanOut).joined(separator: " ")))
        }
        objects += Array(repeating: page, count: alike - 1)
        // poppler believes no more pages than the xref table has objects: filled up with nulls.
        if crossReferenced { return document(objects + Array(repeating: "null", count: max(0, kids.count - objects.count))) }
        var text = "%PDF-1.4\n"
        for (index, object) in objects.enumerated() { text += "\(index + 1) 0 obj \(object) endobj\n" }
        return Data((text + "trailer << /Root 1 0 R >>\n%%EOF\n").utf8)
    }

    @Test("nested form XObjects are drawn under a processor-time limit: a page beyond it is refused in one line, the file named")
    func nestedFormsDeadline() throws {
        // A shallow nest draws; 10^8 form draws (depth 8, 2 KB: past a minute of poppler's time) do not.
        #expect(try ImageFile.pages(of: Self.nestedForms(depth: 2, fanOut: 10), path: "shallow.pdf").count == 1)
        let deep = Self.nestedForms(depth: 8, fanOut: 10)
        #expect(deep.count < 2_100)
        #expect(throws: ImageFileError.tooSlowToDraw(path: "deep.pdf", format: "PDF", page: 1, seconds: 1)) {
            try ImageFile.forEachPage(of: deep, path: "deep.pdf", drawingTimeLimit: 1) { _ in }
        }
        #expect(ImageFileError.tooSlowToDraw(path: "deep.pdf", format: "PDF", page: 1, seconds: 30).description
                == "deep.pdf: the PDF file takes more than 30 s of processor time to draw (stopped at page 1), more than Seqr spends on a file (deeply nested forms?)")
    }

    /// A PDF whose objects 1, 2, … are `objects`, object 1 its catalog, with an xref table.
    static func document(_ objects: [String]) -> Data {
        var text = "%PDF-1.4\n"
        var offsets: [Int] = []
        for (index, object) in objects.enumerated() {
            offsets.append(text.utf8.count)
            text += "\(index + 1) 0 obj \(object) endobj\n"
        }
        let table = text.utf8.count
        text += "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for offset in offsets { text += String(format: "%010d 00000 n \n", offset) }
        text += "trailer << /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(table)\n%%EOF\n"
        return Data(text.utf8)
    }

    /// Issue 47: 10 s a page and 1,000 pages allowed, a 50 KB PDF listing one costly page object 1,000
    /// times cost about 2 hours. The limit is one budget for the whole document (and a page object
    /// listed again is drawn once: the next test).
    @Test("one processor-time budget for the whole document: 40 costly page objects written alike are refused once the budget is spent, not drawn 40 times")
    func oneBudgetPerDocument() throws {
        // A page of 10^5 form draws (about half a second): well under the budget on its own, 40 of them far over it.
        let once = Self.nestedForms(depth: 5, fanOut: 10)
        #expect(try ImageFile.pages(of: once, path: "once.pdf").count == 1)
        // 40 page objects, not one listed 40 times: each its own object, so each is drawn.
        let repeated = Self.nestedForms(depth: 5, fanOut: 10, alike: 40)
        #expect(repeated.count < 7_000)
        var drawn = 0
        do {
            try ImageFile.forEachPage(of: repeated, path: "repeated.pdf", drawingTimeLimit: 3) { _ in drawn += 1 }
            Issue.record("all \(drawn) pages were drawn: the budget was renewed per page")
        } catch ImageFileError.tooSlowToDraw(let path, let format, let page, let seconds) {
            #expect(path == "repeated.pdf" && format == "PDF" && seconds == 3)
            #expect(page == drawn + 1 && drawn < 40, "stopped at page \(page) after \(drawn) drawn")
        }
    }

    /// Issue 47, its last point: drawing one page object once for all its listings, the document's
    /// budget suffices for any number of them (the page tree's 1,000 at most).
    @Test("a costly page object listed 40 times is drawn once: all 40 pages are handed on, alike, within a budget 40 drawings exceed")
    func repeatedPageObjectDrawnOnce() throws {
        let single = try ImageFile.pages(of: Self.nestedForms(depth: 5, fanOut: 10, crossReferenced: true), path: "once.pdf")
        #expect(single.count == 1)
        let repeated = Self.nestedForms(depth: 5, fanOut: 10, listed: 40, crossReferenced: true)
        var pages: [GrayImage] = []
        try ImageFile.forEachPage(of: repeated, path: "repeated.pdf", drawingTimeLimit: 3) { pages.append($0) }
        #expect(pages.count == 40)
        #expect(pages.allSatisfy { $0 == single[0] })
        // Also where poppler rebuilds the cross-reference table: the same page objects are found.
        var rebuilt = 0
        try ImageFile.forEachPage(of: Self.nestedForms(depth: 5, fanOut: 10, listed: 40), path: "rebuilt.pdf", drawingTimeLimit: 3) { _ in rebuilt += 1 }
        #expect(rebuilt == 40)
    }

    /// A page drawing object 3 (a 50-point square), on a 200-point page or on what it inherits.
    static func square(parent: Int, mediaBox: Bool = true) -> String {
        "<< /Type /Page /Parent \(parent) 0 R \(mediaBox ? "/MediaBox [0 0 200 200] " : "")/Contents 3 0 R >>"
    }

    @Test("drawn in process, a page object listed again is drawn once; a second object written alike, or the same one inheriting another media box or other resources, is drawn again")
    func drawCount() throws {
        let content = "<< /Length 14 >>\nstream\n0 0 50 50 re f\nendstream"
        // Objects 4 and 5 are written alike: listings 4, 5, 4, 4 are two drawings, four pages.
        let alike = Self.document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 5 0 R 4 0 R 4 0 R] /Count 4 >>",
            content, Self.square(parent: 2), Self.square(parent: 2),
        ])
        let before = PDFPages.pagesDrawnInProcess
        var pages: [GrayImage] = []
        try PDFPages.forEachPage(alike, dpi: 72, timeLimit: 0) { pages.append($0) }
        #expect(PDFPages.pagesDrawnInProcess - before == 2)
        #expect(pages.count == 4 && pages.allSatisfy { $0 == pages[0] && $0.width == 200 })

        // Page object 6 under two parents, one giving it a 200-point media box and one a 100-point one:
        // two drawings, of two sizes.
        let inherited = Self.document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 3 >>",
            content,
            "<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 6 0 R] /Count 2 /MediaBox [0 0 200 200] >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [6 0 R] /Count 1 /MediaBox [0 0 100 100] >>",
            Self.square(parent: 4, mediaBox: false),
        ])
        let second = PDFPages.pagesDrawnInProcess
        pages = []
        try PDFPages.forEachPage(inherited, dpi: 72, timeLimit: 0) { pages.append($0) }
        #expect(PDFPages.pagesDrawnInProcess - second == 2)
        #expect(pages.map(\.width) == [200, 200, 100])

        // Page object 6 under two parents whose resources name another form /X: two drawings, unlike.
        let form = { (side: Int) in
            let content = "0 0 \(side) \(side) re f"
            return "<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream"
        }
        let resources = Self.document([
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [4 0 R 5 0 R] /Count 3 /MediaBox [0 0 200 200] >>",
            "<< /Length 5 >>\nstream\n/X Do\nendstream",
            "<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 6 0 R] /Count 2 /Resources << /XObject << /X 7 0 R >> >> >>",
            "<< /Type /Pages /Parent 2 0 R /Kids [6 0 R] /Count 1 /Resources << /XObject << /X 8 0 R >> >> >>",
            "<< /Type /Page /Parent 4 0 R /Contents 3 0 R >>",
            form(50), form(100),
        ])
        let third = PDFPages.pagesDrawnInProcess
        pages = []
        try PDFPages.forEachPage(resources, dpi: 72, timeLimit: 0) { pages.append($0) }
        #expect(PDFPages.pagesDrawnInProcess - third == 2)
        #expect(pages.count == 3 && pages[0] == pages[1] && pages[1] != pages[2])
    }
}
