import CCairo
import Foundation
import SeqrCore

/// Printable pages of a paper-vault backup: a grid of codes with "code i of n" under
/// each, page numbers, the date and a short restore instruction. The title is secret
/// and printed only when asked. Drawn with cairo, as PDF or as PNG pages.
public struct VaultPrintout: Sendable {
    /// The paper a backup is printed on.
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

    /// The backup printed.
    public let backup: PaperVault.Backup
    /// The paper size.
    public var paper: Paper
    /// Printed in the page header only when set (`--print-title`).
    public var title: String?
    /// The date printed on every page.
    public var date: Date
    /// Whether the last pages print `VaultRestoreProgram`, for restoring without Seqr (on by default).
    public var includesRestoreProgram = true

    /// The pages of `backup` on `paper`, headed by `title` and `date`.
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
    /// Every page: the codes' pages, then the restore program's when it is printed.
    public var pageCount: Int { codePageCount + (includesRestoreProgram ? programPages.count : 0) }

    /// The QR symbols of one page's codes, all of the backup's version: encoded page by page,
    /// so that progress can be shown and a long backup is not held as symbols all at once.
    func symbols(onPage page: Int) throws -> [QRSymbol] {
        // A grid too dense for the paper leaves the codes no room (a library caller's rows × columns).
        guard codeSide >= 36 else {
            throw PDFRenderingError(message: "\(rows) × \(columns) codes do not fit on \(paper.rawValue) paper")
        }
        let perPage = rows * columns, dataCodes = backup.codes.count
        return try (min(page * perPage, codeCount)..<min((page + 1) * perPage, codeCount)).map { index in
            let payload = index < dataCodes ? backup.codes[index].serialized() : backup.parityCodes[index - dataCodes].serialized()
            return try QREncoder.encode(Data(payload), options: QREncodingOptions(errorCorrection: backup.errorCorrection, minimumVersion: backup.version, segmentation: .binary))
        }
    }

    /// All pages as one PDF document; `pageDone` hears the number of pages drawn so far.
    public func pdfData(pageDone: (Int) -> Void = { _ in }) throws -> Data {
        let (width, height) = paper.size
        return try Cairo.pdf(width: width, height: height, pages: pageCount) { context, cairo, page in
            draw(page: page, symbols: try symbols(onPage: page), on: context, cairo: cairo)
            pageDone(page + 1)
        }
    }

    /// Each page as a black-and-white (1-bit) PNG at `dpi` dots per inch.
    public func pngPages(dpi: Int = 200) throws -> [Data] {
        var pages: [Data] = []
        try forEachPNGPage(dpi: dpi) { _, png in pages.append(png) }
        return pages
    }

    /// Each page as a 1-bit PNG, handed to `body` (page index from 0, PNG) in order, as soon as it
    /// and those before it are drawn. Pages are drawn a few at a time on all processors (each on
    /// its own cairo surface): encoding, drawing and compressing are per page.
    public func forEachPNGPage(dpi: Int = 200, _ body: (Int, Data) throws -> Void) throws {
        _ = try Cairo.load()  // once, before the workers: a missing libcairo is one error, not one per page
        let batch = max(1, ProcessInfo.processInfo.activeProcessorCount)
        for first in stride(from: 0, to: pageCount, by: batch) {
            let pages = Array(first..<min(first + batch, pageCount))
            let results = PageResults(count: pages.count)
            DispatchQueue.concurrentPerform(iterations: pages.count) { index in
                results.set(index, Result { try pngPage(pages[index], dpi: dpi) })
            }
            for (index, page) in pages.enumerated() { try body(page, results.get(index).get()) }
        }
    }

    /// One page's PNG slots, each written by one worker of `concurrentPerform` and read after it returns.
    private final class PageResults: @unchecked Sendable {
        private var slots: [Result<Data, any Error>?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func set(_ index: Int, _ result: Result<Data, any Error>) { lock.withLock { slots[index] = result } }
        func get(_ index: Int) -> Result<Data, any Error> { lock.withLock { slots[index]! } }
    }

    /// Page `page` drawn at `dpi` and compressed as a 1-bit PNG.
    private func pngPage(_ page: Int, dpi: Int) throws -> Data {
        // 1-bit: the page is black and white, and deflating 8-bit pages was most of a backup's time.
        try ImageCodec.bilevelPNG(rasterPage(page, dpi: dpi))
    }

    /// How a raster page's modules are drawn.
    enum ModuleDrawing {
        /// Painted straight into the pixels, module edges rounded to the nearest pixel: what
        /// cairo's antialiased drawing gives once thresholded, without tens of thousands of
        /// rectangles through its rasterizer (most of a page's drawing time).
        case painted
        /// Through cairo, as on a PDF page (the reference the painted pages are checked against).
        case cairo
    }

    /// Page `page` as gray pixels at `dpi` dots per inch.
    func rasterPage(_ page: Int, dpi: Int, modules: ModuleDrawing = .painted) throws -> GrayImage {
        let (width, height) = paper.size
        let symbols = try symbols(onPage: page)
        var image = try Cairo.grayImage(width: width, height: height, dpi: dpi) { context, cairo in
            draw(page: page, symbols: symbols, on: context, cairo: cairo, drawingModules: modules == .cairo)
        }
        guard modules == .painted else { return image }
        let pixelsPerPoint = Double(dpi) / 72
        for (slot, symbol) in symbols.enumerated() {
            let cell = cell(slot: slot, symbol: symbol)
            image.paint(symbol, quietModules: Self.quietModules, x: cell.x * pixelsPerPoint, y: cell.y * pixelsPerPoint,
                        modulePixels: cell.unit * pixelsPerPoint)
        }
        return image
    }

    static let margin = 36.0, header = 34.0, footer = 40.0, caption = 14.0
    /// Light modules around each code, in modules.
    static let quietModules = 4

    /// The side of each code's square (quiet zone included), in points.
    var codeSide: Double {
        let (cellWidth, cellHeight) = cellSize
        return min(cellWidth - 12, cellHeight - Self.caption - 8)
    }

    /// One grid cell (code and caption), in points.
    private var cellSize: (width: Double, height: Double) {
        let (width, height) = paper.size
        return ((width - 2 * Self.margin) / Double(columns), (height - 2 * Self.margin - Self.header - Self.footer) / Double(rows))
    }

    /// Where code `slot` of a page goes, in points: the top-left corner of its square (quiet
    /// zone included), the square's side and one module's side.
    private func cell(slot: Int, symbol: QRSymbol) -> (x: Double, y: Double, side: Double, unit: Double) {
        let (cellWidth, cellHeight) = cellSize
        let column = slot % columns, row = slot / columns
        let side = codeSide
        let x0 = Self.margin + Double(column) * cellWidth + (cellWidth - side) / 2
        let y0 = Self.margin + Self.header + Double(row) * cellHeight + 4
        return (x0, y0, side, side / Double(symbol.size + 2 * Self.quietModules))
    }

    /// Fills a code's modules as one image of a pixel per module, scaled up without smoothing
    /// (nearest filter, which a PDF records as `/Interpolate false`): a PDF page holds six small
    /// images instead of tens of thousands of rectangles, which were most of the time to write a
    /// PDF backup and to render it again for a restore (docs/benchmarks.md). Falls back to
    /// rectangles if cairo cannot make the image.
    static func fillModules(of symbol: QRSymbol, x: Double, y: Double, unit: Double, on context: OpaquePointer?, cairo: seqr_cairo_api) {
        let size = symbol.size
        guard let surface = cairo.cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(size), Int32(size)),
              cairo.cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo.cairo_image_surface_get_data(surface) else {
            for run in symbol.darkRuns {
                cairo.cairo_rectangle(context, x + Double(run.x) * unit, y + Double(run.y) * unit, Double(run.length) * unit, unit)
            }
            cairo.cairo_fill(context)
            return
        }
        defer { cairo.cairo_surface_destroy(surface) }
        cairo.cairo_surface_flush(surface)
        let stride = Int(cairo.cairo_image_surface_get_stride(surface))
        data.withMemoryRebound(to: UInt8.self, capacity: stride * size) { pixels in
            for row in 0..<size {
                let line = UnsafeMutableRawPointer(pixels + row * stride).assumingMemoryBound(to: UInt32.self)
                for column in 0..<size { line[column] = symbol.isDark(x: column, y: row) ? 0x000000 : 0xFFFFFF }
            }
        }
        cairo.cairo_surface_mark_dirty(surface)
        let pattern = cairo.cairo_pattern_create_for_surface(surface)
        defer { cairo.cairo_pattern_destroy(pattern) }
        cairo.cairo_pattern_set_filter(pattern, CAIRO_FILTER_NEAREST)
        var matrix = cairo_matrix_t()
        cairo.cairo_matrix_init_scale(&matrix, 1 / unit, 1 / unit)
        cairo.cairo_matrix_translate(&matrix, -x, -y)
        cairo.cairo_pattern_set_matrix(pattern, &matrix)
        cairo.cairo_set_source(context, pattern)
        cairo.cairo_rectangle(context, x, y, Double(size) * unit, Double(size) * unit)
        cairo.cairo_fill(context)
        cairo.cairo_set_source_rgb(context, 0, 0, 0)
    }

    /// Draws page `page`; `symbols` are that page's codes (``symbols(onPage:)``). Without
    /// `drawingModules` only the text is drawn (a raster page paints the modules itself).
    private func draw(page: Int, symbols: [QRSymbol], on context: OpaquePointer?, cairo: seqr_cairo_api, drawingModules: Bool = true) {
        guard page < codePageCount else {
            return drawProgram(page: page, programPage: page - codePageCount, on: context, cairo: cairo)
        }
        let (width, height) = paper.size
        let margin = Self.margin, footer = Self.footer, caption = Self.caption
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
        let perPage = rows * columns
        cairo.cairo_set_font_size(context, 9)
        for (slot, symbol) in symbols.enumerated() {
            let index = page * perPage + slot
            let (x0, y0, side, unit) = cell(slot: slot, symbol: symbol)
            if drawingModules {
                let quiet = Double(Self.quietModules) * unit
                Self.fillModules(of: symbol, x: x0 + quiet, y: y0 + quiet, unit: unit, on: context, cairo: cairo)
            }
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
