import Foundation
import SeqrQR
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
}
