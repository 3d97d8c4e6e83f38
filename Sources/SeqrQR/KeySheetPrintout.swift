import CCairo
import Foundation
import SeqrCore

/// One printable key sheet: a share of a backup's key as a QR code and as numbered words, with
/// what it belongs to ("key sheet 2 of 5, any 3 restore", the backup id, the document title) and
/// how to use it. The code and the words hold the same SLIP-0039 share (docs/formats/key-sheets.md),
/// so a damaged code can be typed and a typed sheet checked; the words' checksum names a mistyped word.
public struct KeySheetPrintout: Sendable {
    /// The share the sheet prints.
    public let share: KeyShare
    /// How many sheets the backup has (a share records only the threshold).
    public let count: Int
    /// The document's title; printed, since a holder must know what the sheet opens.
    public var title: String?
    /// Whether the backup needs its password as well.
    public var needsPassword: Bool
    /// The paper size.
    public var paper: VaultPrintout.Paper
    /// The date printed on the sheet.
    public var date: Date
    /// Whether the backup's last pages print the restore program (the sheet then says how to use it without Seqr).
    public var restoreProgramPrinted = true
    /// What kind of sheet it is, in the headline ("Key sheet 2 of 5 · any 3 restore").
    public var sheetName = "Key sheet"
    /// What the sheets belong to, first on the line under the headline.
    public var heading = "Seqr paper vault"
    /// What the share's identifier is called on the sheet.
    public var identifierName = "backup id"
    /// Lines printed under the words in place of a vault backup's (a notes kit's, say).
    public var customInstructions: [String]?
    /// A second code printed beside the share's, with a caption under it: a notes kit's account
    /// code (`NotesKitAccountCode` in SeqrCore), so that the sheets alone name the server and account.
    public var secondCode: (payload: Data, caption: String)?

    /// The sheet of `share`, one of `count`.
    public init(share: KeyShare, count: Int, title: String?, needsPassword: Bool, paper: VaultPrintout.Paper = .a4, date: Date = Date()) {
        self.share = share
        self.count = count
        self.title = title
        self.needsPassword = needsPassword
        self.paper = paper
        self.date = date
    }

    /// The sheet's QR symbol: the share's code form, error correction Q (it is small; a stain should not cost it).
    func symbol() throws -> QRSymbol {
        try QREncoder.encode(Data(share.serialized()), options: QREncodingOptions(errorCorrection: .Q, segmentation: .binary))
    }

    /// The second code's symbol, error correction M.
    func secondSymbol() throws -> QRSymbol? {
        guard let secondCode else { return nil }
        return try QREncoder.encode(secondCode.payload, options: QREncodingOptions(errorCorrection: .M, segmentation: .binary))
    }

    /// The sheet as a one-page PDF.
    public func pdfData() throws -> Data {
        try Self.pdfData(of: [self])
    }

    /// Several sheets as one PDF, a page each, drawn on the first sheet's paper size.
    public static func pdfData(of sheets: [KeySheetPrintout]) throws -> Data {
        guard let first = sheets.first else { return Data() }
        let (width, height) = first.paper.size
        let symbols = try sheets.map { (try $0.symbol(), try $0.secondSymbol()) }
        return try Cairo.pdf(width: width, height: height, pages: sheets.count) { context, cairo, index in
            sheets[index].draw(symbol: symbols[index].0, second: symbols[index].1, on: context, cairo: cairo)
        }
    }

    /// The sheet as a PNG at `dpi`.
    public func pngPage(dpi: Int = 200) throws -> Data {
        let (width, height) = paper.size
        let symbol = try symbol(), second = try secondSymbol()
        return try ImageCodec.png.encode(Cairo.grayImage(width: width, height: height, dpi: dpi) { context, cairo in
            draw(symbol: symbol, second: second, on: context, cairo: cairo)
        })
    }

    /// The lines under the words: what the sheet is for and how to use it.
    var instructions: [String] {
        if let customInstructions { return customInstructions }
        let k = share.memberThreshold, words = share.words.count
        return [
            "Any \(k) of the \(count) key sheets\(needsPassword ? ", with the backup's password," : "") decrypt the backup; fewer than \(k) tell nothing about its key.",
            "Keep this sheet apart from the other sheets and from the backup's pages.",
            "To restore: seqr vault restore <the backup's pages> --share <a photo or PDF of this sheet> --share …",
            "If the code is damaged, type the \(words) words into a text file and give it: --share words.txt.",
            "The last 3 words are a checksum: a mistyped word is reported, never used. The first 2 words are",
            "the same on every sheet of this backup (backup id \(share.identifier)): a sheet of another backup is named.",
        ] + (restoreProgramPrinted ? [
            "Without Seqr: the backup's last pages print a program; read this sheet with",
            "  zbarimg --raw -Sbinary <photo of this sheet> > share\(share.number).bin   and give it --share share\(share.number).bin",
        ] : []) + [
            "Format: a SLIP-0039 share (one group, \(k) of \(count), empty passphrase): SLIP-0039 tools read the words too.",
        ]
    }

    private func draw(symbol: QRSymbol, second: QRSymbol?, on context: OpaquePointer?, cairo: seqr_cairo_api) {
        let (width, _) = paper.size
        let margin = 48.0
        cairo.cairo_set_source_rgb(context, 1, 1, 1)
        cairo.cairo_paint(context)
        cairo.cairo_set_source_rgb(context, 0, 0, 0)

        cairo.cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD)
        cairo.cairo_set_font_size(context, 20)
        cairo.cairo_move_to(context, margin, margin + 18)
        cairo.cairo_show_text(context, "\(sheetName) \(share.number) of \(count) · any \(share.memberThreshold) restore")
        cairo.cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_set_font_size(context, 11)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.locale = Locale(identifier: "en_US_POSIX")
        let about = [title.map { "“\($0)”" }, "\(identifierName) \(share.identifier)", "made \(formatter.string(from: date))"].compactMap { $0 }
        cairo.cairo_move_to(context, margin, margin + 40)
        cairo.cairo_show_text(context, heading + " · " + about.joined(separator: " · "))

        // The code, large and centred.
        let side = 190.0, quiet = 4
        let unit = side / Double(symbol.size + 2 * quiet)
        let x0 = (width - side) / 2, y0 = margin + 56
        for run in symbol.darkRuns {
            cairo.cairo_rectangle(context, x0 + Double(run.x + quiet) * unit, y0 + Double(run.y + quiet) * unit, Double(run.length) * unit, unit)
        }
        cairo.cairo_fill(context)
        if let second, let caption = secondCode?.caption {
            // Smaller, in the right margin beside the share's code; its caption under it.
            let secondSide = 110.0
            let secondUnit = secondSide / Double(second.size + 2 * quiet)
            let sx = width - margin - secondSide, sy = y0 + (side - secondSide) / 2
            for run in second.darkRuns {
                cairo.cairo_rectangle(context, sx + Double(run.x + quiet) * secondUnit, sy + Double(run.y + quiet) * secondUnit,
                                      Double(run.length) * secondUnit, secondUnit)
            }
            cairo.cairo_fill(context)
            cairo.cairo_set_font_size(context, 8)
            cairo.cairo_move_to(context, sx, sy + secondSide + 10)
            cairo.cairo_show_text(context, caption)
        }

        // The words, numbered, in three columns read down.
        let words = share.words
        let rowsPerColumn = (words.count + 2) / 3
        let columnWidth = (width - 2 * margin) / 3
        let top = y0 + side + 34
        cairo.cairo_set_font_size(context, 10)
        cairo.cairo_move_to(context, margin, top - 14)
        cairo.cairo_show_text(context, "The same share as \(words.count) words (SLIP-0039 wordlist):")
        cairo.cairo_select_font_face(context, "DejaVu Sans Mono", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_set_font_size(context, 13)
        for (index, word) in words.enumerated() {
            let column = index / rowsPerColumn, row = index % rowsPerColumn
            let number = String(index + 1)
            let label = String(repeating: " ", count: 2 - number.count) + number + ". " + word
            cairo.cairo_move_to(context, margin + Double(column) * columnWidth + 8, top + 8 + Double(row) * 19)
            cairo.cairo_show_text(context, label)
        }

        cairo.cairo_select_font_face(context, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
        cairo.cairo_set_font_size(context, 9)
        let notesTop = top + 8 + Double(rowsPerColumn) * 19 + 16
        for (index, line) in instructions.enumerated() {
            cairo.cairo_move_to(context, margin, notesTop + Double(index) * 13)
            cairo.cairo_show_text(context, line)
        }
    }
}
