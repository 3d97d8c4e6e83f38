import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

struct DecodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "decode",
        abstract: "Find and decode every QR code (Micro QR and rMQR too; other barcodes with --formats) in images.",
        discussion: """
        Reads clean renders and photographs (turned, skewed, blurred, noisy, unevenly lit, \
        inverted, small in a large frame). Text payloads print as text, in the encoding the code \
        declares (ECI; Kanji mode is Shift_JIS) or zxing-cpp finds (UTF-8, ISO-8859-1, Shift_JIS); \
        anything else as base64:… so that no byte is lost (--raw and --json's payloadBase64 are \
        always the exact bytes). With several images each line starts with the file name.

        A structured-append sequence (a payload split over several QR codes) is joined into one \
        payload when all its parts are found, in one picture or spread over the pages and files \
        given: `seqr decode part1.png part2.png part3.png` prints the whole payload once, on the \
        line of the file that holds the first part (--json lists where each part was found). \
        Parts are joined only when every part is there, none is claimed by two different codes, \
        and the joined payload has the parity the parts state; otherwise each part is shown.

        Reads PNG, JPEG (turned upright as its EXIF orientation says), WebP (an animation's first \
        frame), HEIC/HEIF, TIFF (every page, each turned upright as its Orientation tag says), BMP, \
        GIF (the first frame), SVG and PDF (every page), recognised by content, not by name. Images of \
        more than 50,000,000 pixels (--max-pixels, up to 200,000,000), TIFFs of more than 1,000 pages or 1,000,000,000 pixels in \
        all, and JPEGs of more than 100 scans are refused before they are decoded.

        Exit status: 0 when every image held at least one code; 66 when an image could not be \
        read, else 65 when one held no code (each such image gets one line on standard error).
        """
    )

    @Argument(help: "Image or PDF files (recognised by content); - reads one from standard input.")
    var images: [String]

    @Flag(help: "Print JSON: per image, each code's payload (base64), corners, version and EC level.")
    var json = false

    @Option(help: ArgumentHelp(
        "Write the raw payload bytes to this file ('-' for standard output).",
        discussion: "One code: its exact bytes, nothing added. Several codes (in one picture or across the files): each code's bytes followed by --raw-separator, in the order they are printed, as zbarimg --raw writes them (--raw-dir writes each to a file of its own)."))
    var raw: String?

    @Option(help: ArgumentHelp(
        "With --raw and several codes, what follows each code's bytes (default: \\n, a line feed).",
        discussion: "\\n, \\r, \\t, \\0 and \\\\ are escapes (\\0 for xargs -0, \\r\\n for CR LF); any other text is itself. Nothing is added to a lone code. A code whose own bytes hold the separator is written all the same, with a warning naming it.",
        valueName: "separator"))
    var rawSeparator: String?

    @Option(help: "Write each code's raw payload bytes to a file of its own in this folder (made if missing): 1.bin, 2.bin, … in the order the codes are printed.")
    var rawDir: String?

    @Flag(help: "Overwrite the --raw file, or --raw-dir's files, if they exist.")
    var force = false

    @Flag(help: "Run every detection pass and merge the results (slower; for images with many codes).")
    var thorough = false

    @Option(help: ArgumentHelp(
        "Barcode formats to read, comma-separated, or all (default: qr,microqr,rmqr).",
        discussion: "Known: \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", "))."))
    var formats: String?

    @OptionGroup var pictureLimit: PictureLimitOptions

    /// The options as plain values, which `run` reads: ArgumentParser fills this command, the
    /// quick parser fills `DecodeOptions` directly (`DecodeOptions+QuickParsing.swift`).
    var options: DecodeOptions {
        DecodeOptions(
            images: images, json: json, raw: raw, rawSeparator: rawSeparator, rawDir: rawDir, force: force,
            thorough: thorough, formats: formats, maxPixels: pictureLimit.maxPixels)
    }

    func validate() throws {
        try options.validate()
    }

    func run() throws {
        try options.run()
    }

    /// Each code's payload to `directory`/N.bin (N from 1, in the order printed), byte for byte; every
    /// file is checked before the first is written, so a refusal writes none.
    static func writeEach(_ codes: [CodeReport], to directory: String, overwrite: Bool) throws {
        guard !codes.isEmpty else { return }
        try FileWriter.createDirectory(directory)
        let paths = codes.indices.map { (directory.hasSuffix("/") ? directory : directory + "/") + "\($0 + 1).bin" }
        for path in paths { try FileWriter.checkWritable(path, replacing: overwrite) }
        for (code, path) in zip(codes, paths) {
            try FileWriter.write(code.payload, to: path, overwrite: overwrite)
        }
    }

    /// Where a part of a structured-append sequence was read: its report and code, its file and page.
    struct PartOrigin: Sendable {
        let report: Int
        let code: Int
        let file: String
        var page: Int?
    }

    /// The reports with each sequence whole across pages or files joined: the joined code takes
    /// the place of its first part, the other parts leave their reports, and a report that gave
    /// parts to a code in another report names that report's file in `joinedInto`.
    static func joiningSequences(across parts: [(symbol: DecodedSymbol, origin: PartOrigin)], in reports: [ImageReport]) -> [ImageReport] {
        var reports = reports
        var removed: [Int: Set<Int>] = [:]
        var replaced: [Int: [Int: CodeReport]] = [:]
        for sequence in StructuredAppend.joinAcross(parts) {
            let host = sequence.parts[0]
            var code = CodeReport(sequence.symbol, page: host.page)
            code.parts = sequence.parts.enumerated().map { SequencePartReport(file: $1.file, page: $1.page, part: $0 + 1) }
            replaced[host.report, default: [:]][host.code] = code
            for member in sequence.members {
                let origin = parts[member].origin
                removed[origin.report, default: []].insert(origin.code)
                if origin.report != host.report, !(reports[origin.report].joinedInto ?? []).contains(host.file) {
                    reports[origin.report].joinedInto = (reports[origin.report].joinedInto ?? []) + [host.file]
                }
            }
        }
        for (index, report) in reports.enumerated() where removed[index] != nil {
            reports[index].codes = report.codes.enumerated().compactMap { position, code in
                replaced[index]?[position] ?? (removed[index]!.contains(position) ? nil : code)
            }
        }
        return reports
    }

    struct ImageReport: Encodable {
        let file: String
        let width: Int?
        let height: Int?
        var codes: [CodeReport]
        let error: String?
        /// The files whose reports hold the sequences this image's parts were joined into.
        var joinedInto: [String]?

        init(file: String, width: Int?, height: Int?, codes: [CodeReport], error: String?) {
            (self.file, self.width, self.height, self.codes, self.error) = (file, width, height, codes, error)
        }
    }

    struct CodeReport: Encodable {
        /// The exact bytes, for --raw and --raw-dir; the JSON carries their Base64.
        let payload: Data
        let payloadBase64: String
        /// The payload as text, when it is printable text in the encoding the symbol declares
        /// (ECI, Kanji mode) or zxing-cpp's detection finds (`SymbolText`).
        let text: String?
        /// The encoding `text` was read in, and whether it was guessed; absent without `text`.
        let encoding: String?
        let encodingGuessed: Bool?
        let byteCount: Int
        let version: Int?
        let errorCorrection: String?
        /// Top-left, top-right, bottom-right, bottom-left, in image pixels.
        let corners: [PixelPoint]
        let inverted: Bool
        /// The barcode format, named as in --formats.
        let format: String
        /// The PDF page (from 1) the code is on, when the file has more than one.
        var page: Int?
        /// A structured-append sequence read whole: how many symbols its payload was joined from.
        let joinedParts: Int?
        /// For a sequence joined across pages or files, where each part was read, in order.
        var parts: [SequencePartReport]?
        /// A symbol of a structured-append sequence whose other parts were not all found.
        let sequence: SequenceReport?

        /// What a terminal is shown; not in the JSON.
        let display: PayloadDisplay

        enum CodingKeys: String, CodingKey {
            case payloadBase64, text, encoding, encodingGuessed, byteCount, version, errorCorrection, corners, inverted,
                 format, page, joinedParts, parts, sequence
        }

        struct SequenceReport: Encodable {
            /// From 1, as people count.
            let part: Int
            let of: Int
        }

        init(_ symbol: DecodedSymbol, page: Int?) {
            self.page = page
            joinedParts = symbol.joinedParts
            sequence = symbol.sequence.map { SequenceReport(part: $0.index + 1, of: $0.count) }
            payload = symbol.payload
            payloadBase64 = symbol.payload.base64EncodedString()
            let symbolText = symbol.text
            display = PayloadDisplay(symbol.payload, text: symbolText?.text)
            if case .text(let text) = display {
                (self.text, encoding, encodingGuessed) = (text, symbolText?.encoding, symbolText?.guessed)
            } else {
                (text, encoding, encodingGuessed) = (nil, nil, nil)
            }
            byteCount = symbol.payload.count
            version = symbol.version
            errorCorrection = symbol.errorCorrection?.rawValue
            corners = symbol.corners
            inverted = symbol.inverted
            format = symbol.format.rawValue
        }
    }
}
