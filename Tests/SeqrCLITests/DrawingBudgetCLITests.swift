import Foundation
import SeqrTestSupport
import Testing

/// Issue 47: a PDF's drawing time was renewed per page and per file; one budget now bounds a document
/// and one a run of `seqr decode` (SEQR_DRAWING_SECONDS sets the run's, for this test).
@Suite("seqr decode: one budget of drawing time per document and per run")
struct DrawingBudgetCLITests {
    /// `count` pages of 10^5 nested form draws each (about half a second of processor time): page objects
    /// written alike, each its own object (one object listed again is drawn once).
    static func costlyPages(count: Int) -> Data {
        let page = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Resources << /XObject << /X 10 0 R >> >> /Contents 4 0 R >>"
        let kids = [3] + (0..<(count - 1)).map { 11 + $0 }
        var objects = [
            "<< /Type /Catalog /Pages 2 0 R >>",
            "<< /Type /Pages /Kids [\(kids.map { "\($0) 0 R" }.joined(separator: " "))] /Count \(count) >>",
            page,
            "<< /Length 5 >>\nstream\n/X Do\nendstream",
            "<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Length 12 >>\nstream\n0 0 1 1 re f\nendstream",
        ]
        for level in 1...5 {
            let content = Array(repeating: "/Y Do", count: 10).joined(separator: " ")
            objects.append("<< /Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /XObject << /Y \(4 + level) 0 R >> >> /Length \(content.utf8.count) >>\nstream\n\(content)\nendstream")
        }
        objects += Array(repeating: page, count: count - 1)
        var text = "%PDF-1.4\n"
        for (index, object) in objects.enumerated() { text += "\(index + 1) 0 obj \(object) endobj\n" }
        return Data((text + "trailer << /Root 1 0 R >>\n%%EOF\n").utf8)
    }

    @Test("40 costly pages are refused at the run's budget, and a later file of the same run is not drawn at all")
    func runBudget() throws {
        let directory = try TemporaryDirectory()
        let costly = try directory.write(Self.costlyPages(count: 40), to: "costly.pdf")
        let code = directory.file("code.pdf")
        #expect(try SeqrBinary.run("encode", "--text", "after", "-o", code).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_DRAWING_SECONDS"] = "2"
        let run = try SeqrBinary.tool.run(["decode", costly, code], environment: environment)
        #expect(run.status == 65, "\(run.stderr)")
        let lines = run.errorLines
        #expect(lines.count == 2, "\(run.stderr)")
        #expect(lines.first?.contains("\(costly): the PDF file takes more than 2 s of processor time to draw (stopped at page") == true, "\(run.stderr)")
        #expect(lines.last?.hasSuffix("\(code): not drawn: this run has already spent the processor time it allows for drawing documents; read the PDF file in a run of its own") == true,
                "\(run.stderr)")
        // In a run of its own, the small file is read.
        let alone = try SeqrBinary.tool.run(["decode", code], environment: environment)
        #expect(alone.status == 0 && alone.stdoutText == "after\n", "\(alone.stderr)")
    }
}
