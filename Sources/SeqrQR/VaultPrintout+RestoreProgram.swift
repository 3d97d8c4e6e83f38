import CCairo
import SeqrCore

/// The restore program's pages: `VaultRestoreProgram` in a monospaced type large enough to copy
/// by hand (9 pt), its SHA-256 in every page header so a typed copy can be checked with `sha256sum`.
extension VaultPrintout {
    static let programFontSize = 9.0
    static let programLineHeight = 11.0
    static let programTop = 60.0

    /// The program's lines, cut into pages of this paper.
    var programPages: [[Substring]] {
        var lines = VaultRestoreProgram.source.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        let perPage = Int((paper.size.1 - 2 * 36 - Self.programTop) / Self.programLineHeight)
        return stride(from: 0, to: lines.count, by: perPage).map { Array(lines[$0..<min($0 + perPage, lines.count)]) }
    }

    func drawProgram(page: Int, programPage: Int, on context: OpaquePointer?, cairo: seqr_cairo_api) {
        let (width, _) = paper.size
        let margin = 36.0
        cairo.cairo_set_source_rgb(context, 1, 1, 1)
        cairo.cairo_paint(context)
        cairo.cairo_set_source_rgb(context, 0, 0, 0)
        cairo.cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_set_font_size(context, 11)
        cairo.cairo_move_to(context, margin, margin + 10)
        let pages = programPages.count
        cairo.cairo_show_text(context, "Restore without Seqr: \(VaultRestoreProgram.fileName), part \(programPage + 1) of \(pages)")
        Self.showRightAligned("page \(page + 1) of \(pageCount)", x: width - margin, y: margin + 10, context: context, cairo: cairo)
        cairo.cairo_set_font_size(context, 8.5)
        cairo.cairo_move_to(context, margin, margin + 25)
        cairo.cairo_show_text(context, "SHA-256 of \(VaultRestoreProgram.fileName) (check a typed copy with sha256sum):")
        cairo.cairo_select_font_face(context, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_move_to(context, margin, margin + 37)
        cairo.cairo_show_text(context, VaultRestoreProgram.sha256)
        cairo.cairo_rectangle(context, margin, margin + 43, width - 2 * margin, 0.6)
        cairo.cairo_fill(context)

        // Monospaced, one drawn line per program line: leading spaces keep their width.
        cairo.cairo_select_font_face(context, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_set_font_size(context, Self.programFontSize)
        for (index, line) in programPages[programPage].enumerated() {
            cairo.cairo_move_to(context, margin, margin + Self.programTop + Double(index) * Self.programLineHeight)
            cairo.cairo_show_text(context, String(line))
        }
    }
}
