import CCairo
import Foundation
import SeqrCore

/// Printable pages of a paper-vault backup: a grid of codes with "code i of n" under
/// each, page numbers, the date and a short restore instruction. The title is secret
/// and printed only when asked. Drawn with cairo, as PDF or as PNG pages.
public struct VaultPrintout: Sendable {
    public enum Paper: String, Sendable, CaseIterable {
        case a4, letter

        /// Width and height in PostScript points.
        var size: (Double, Double) {
            switch self {
            case .a4: (595.28, 841.89)
            case .letter: (612, 792)
            }
        }
    }

    public let backup: PaperVault.Backup
    public var paper: Paper
    /// Printed in the page header only when set (`--print-title`).
    public var title: String?
    public var date: Date
    /// Whether the last pages print ``VaultRestoreProgram``, for restoring without Seqr (on by default).
    public var includesRestoreProgram = true

    public init(backup: PaperVault.Backup, paper: Paper = .a4, title: String? = nil, date: Date = Date()) {
        self.backup = backup
        self.paper = paper
        self.title = title
        self.date = date
    }

    var rows: Int { max(1, Int(backup.codes.first?.header.rows ?? 3)) }
    var columns: Int { max(1, Int(backup.codes.first?.header.columns ?? 2)) }
    /// Data codes then parity codes, each on its own cell.
    var codeCount: Int { backup.codes.count + backup.parityCodes.count }
    /// Pages of codes, then the restore program's pages.
    public var codePageCount: Int { (codeCount + rows * columns - 1) / (rows * columns) }
    public var pageCount: Int { codePageCount + (includesRestoreProgram ? programPages.count : 0) }

    /// The QR symbols, one per code, all of the backup's version.
    func symbols() throws -> [QRSymbol] {
        try backup.payloads.map {
            try QREncoder.encode(Data($0), options: QREncodingOptions(errorCorrection: backup.errorCorrection, minimumVersion: backup.version, segmentation: .binary))
        }
    }

    /// All pages as one PDF document.
    public func pdfData() throws -> Data {
        let (width, height) = paper.size
        let symbols = try symbols()
        return try Cairo.pdf(width: width, height: height, pages: pageCount) { context, cairo, page in
            draw(page: page, symbols: symbols, on: context, cairo: cairo)
        }
    }

    /// Each page as a gray PNG at `dpi` dots per inch.
    public func pngPages(dpi: Int = 200) throws -> [Data] {
        let (width, height) = paper.size
        let symbols = try symbols()
        return try (0..<pageCount).map { page in
            try Cairo.png(width: width, height: height, dpi: dpi) { context, cairo in
                draw(page: page, symbols: symbols, on: context, cairo: cairo)
            }
        }
    }

    private func draw(page: Int, symbols: [QRSymbol], on context: OpaquePointer?, cairo: seqr_cairo_api) {
        guard page < codePageCount else {
            return drawProgram(page: page, programPage: page - codePageCount, on: context, cairo: cairo)
        }
        let (width, height) = paper.size
        let margin = 36.0, header = 34.0, footer = 40.0, caption = 14.0
        cairo.cairo_set_source_rgb(context, 1, 1, 1)
        cairo.cairo_paint(context)
        cairo.cairo_set_source_rgb(context, 0, 0, 0)
        cairo.cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)

        // Header: what this is, the page, the date; the title only if asked.
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        cairo.cairo_set_font_size(context, 11)
        cairo.cairo_move_to(context, margin, margin + 10)
        let heading = title.map { "Paper vault: \($0)" } ?? "Paper vault (encrypted backup)"
        cairo.cairo_show_text(context, heading)
        let right = "page \(page + 1) of \(pageCount) · \(formatter.string(from: date))"
        Self.showRightAligned(right, x: width - margin, y: margin + 10, context: context, cairo: cairo)

        // The grid of codes.
        let cellWidth = (width - 2 * margin) / Double(columns)
        let cellHeight = (height - 2 * margin - header - footer) / Double(rows)
        let perPage = rows * columns
        cairo.cairo_set_font_size(context, 9)
        for slot in 0..<perPage {
            let index = page * perPage + slot
            guard index < symbols.count else { break }
            let symbol = symbols[index]
            let column = slot % columns, row = slot / columns
            let side = min(cellWidth - 12, cellHeight - caption - 8)
            let quiet = 4
            let unit = side / Double(symbol.size + 2 * quiet)
            let x0 = margin + Double(column) * cellWidth + (cellWidth - side) / 2
            let y0 = margin + header + Double(row) * cellHeight + 4
            for run in symbol.darkRuns {
                cairo.cairo_rectangle(context, x0 + Double(run.x + quiet) * unit, y0 + Double(run.y + quiet) * unit, Double(run.length) * unit, unit)
            }
            cairo.cairo_fill(context)
            let dataCodes = backup.codes.count
            let label = index < dataCodes ? "code \(index + 1) of \(dataCodes)" : "parity \(index - dataCodes + 1) of \(backup.parityCodes.count)"
            Self.showCentered(label, x: x0 + side / 2, y: y0 + side + caption - 2, context: context, cairo: cairo)
        }

        // Footer: how to restore.
        cairo.cairo_set_font_size(context, 8.5)
        let lines: [String]
        if let sheets = backup.keySheets {
            let password = backup.needsPassword
            lines = [
                "Restore: scan or photograph every code (any order, several per picture), then run",
                "  seqr vault restore <pictures or this PDF> --share <sheet> … -o <file>",
                "You need any \(sheets.threshold) of the backup's \(sheets.count) key sheets (backup id \(sheets.identifier))\(password ? " and the password" : "")."
                    + (includesRestoreProgram ? " Without Seqr: the last pages." : ""),
            ]
        } else {
            lines = [
                "Restore: scan or photograph every code (any order, several per picture), then run",
                "  seqr vault restore <pictures or this PDF> -o <file>    — you will need the password.",
                includesRestoreProgram
                    ? "Format: PaperVault (ChaCha20-Poly1305, PBKDF2-SHA256). Without Seqr: the program on the last pages."
                    : "Format: PaperVault (ChaCha20-Poly1305, PBKDF2-SHA256); the original PaperVault app reads text backups too.",
            ]
        }
        for (i, line) in lines.enumerated() {
            cairo.cairo_move_to(context, margin, height - margin - footer + 14 + Double(i) * 11)
            cairo.cairo_show_text(context, line)
        }
    }

    static func showRightAligned(_ text: String, x: Double, y: Double, context: OpaquePointer?, cairo: seqr_cairo_api) {
        var extents = cairo_text_extents_t()
        cairo.cairo_text_extents(context, text, &extents)
        cairo.cairo_move_to(context, x - extents.x_advance, y)
        cairo.cairo_show_text(context, text)
    }

    static func showCentered(_ text: String, x: Double, y: Double, context: OpaquePointer?, cairo: seqr_cairo_api) {
        var extents = cairo_text_extents_t()
        cairo.cairo_text_extents(context, text, &extents)
        cairo.cairo_move_to(context, x - extents.x_advance / 2, y)
        cairo.cairo_show_text(context, text)
    }
}
