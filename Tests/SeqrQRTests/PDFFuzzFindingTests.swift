import Foundation
import SeqrQR
import Testing

/// Found by the `image` fuzz target (docs/fuzzing.md, finding 6).
@Suite("PDF fuzzer finding")
struct PDFFuzzFindingTests {
    @Test("a PDF page taller than cairo can draw (30 × 666,655 pt) is skipped or drawn smaller, not dereferenced as a NULL surface")
    func pageTooTallForCairo() throws {
        // The fuzzer's input, as it was: a damaged PDF whose one page has MediaBox [30 666655 3 50].
        let crash = try #require(Data(base64Encoded: "JVBERi1RAAIMRPd9CgplvWR1bG8KMiAwIG9iago8PCAvVHlwZSAvUGFnZSAldHN9KTAgUgogICArL01lZGlhQm94IFsgMzAgNjY2NjU1IDMgNTBdCiAgIC9DPgAAAAo3IDAgb2JqCjw8IAogIC9QYWdlcyAyIDAgUgo+MCAwMDAxNSAwMDAwCnRyYWlsZXIKPDwgL1MhegohYCAvUm9vdCA3IDAgUgogICAvSW5m/9gBHw8TcxMS"))
        #expect(PDFPages.isPDF(crash))
        let pages = try? PDFPages.render(crash, dpi: 24)
        #expect((pages ?? []).allSatisfy { $0.height <= 32_767 && $0.width <= 32_767 })
        // A well-formed page of the same shape, at a resolution where it fits no surface.
        let tall = Data("""
            %PDF-1.4
            1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj
            2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj
            3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 30 14000] >> endobj
            trailer << /Root 1 0 R >>
            %%EOF
            """.utf8)
        // Drawn at the scale that fits cairo's 32,767 pixels a side (issue 32), never a NULL surface.
        let drawn = try PDFPages.render(tall, dpi: 250)
        #expect(drawn.count == 1 && drawn.allSatisfy { $0.height <= 32_767 && $0.width <= 32_767 })
    }
}
