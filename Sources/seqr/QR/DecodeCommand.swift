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
        inverted, small in a large frame). Text payloads print as text; anything else as \
        base64:… so that no byte is lost. With several images each line starts with the file name.

        A structured-append sequence (a payload split over several QR codes) is joined into one \
        payload when all its parts are in one picture or PDF page.

        Reads PNG, JPEG (turned upright as its EXIF orientation says), WebP, HEIC/HEIF, TIFF, BMP, \
        GIF (the first frame) and PDF (every page), recognised by content, not by name. Images of \
        more than 200,000,000 pixels are refused before they are decoded.

        Exit status: 0 when every image held at least one code; 66 when an image could not be \
        read, else 65 when one held no code (each such image gets one line on standard error).
        """
    )

    @Argument(help: "Image or PDF files (recognised by content); - reads one from standard input.")
    var images: [String]

    @Flag(help: "Print JSON: per image, each code's payload (base64), corners, version and EC level.")
    var json = false

    @Option(help: "Write the raw payload bytes to this file ('-' for standard output); needs exactly one code in all.")
    var raw: String?

    @Flag(help: "Run every detection pass and merge the results (slower; for images with many codes).")
    var thorough = false

    @Option(help: ArgumentHelp(
        "Barcode formats to read, comma-separated, or all (default: qr,microqr,rmqr).",
        discussion: "Known: \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", "))."))
    var formats: String?

    func validate() throws {
        if images.isEmpty { throw ValidationError("give at least one image") }
        if images.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be given once") }
        if json && raw != nil { throw ValidationError("--json and --raw cannot be combined") }
        if let formats {
            do { _ = try BarcodeFormat.parseList(formats) } catch { throw ValidationError(error.description) }
        }
    }

    func run() throws {
        // An unwritable --raw file is reported before any image is read.
        if let raw, raw != "-" { try FileWriter.checkWritable(raw) }
        let decoder = try QRDecoder(thorough: thorough, formats: formats.map { try BarcodeFormat.parseList($0) } ?? BarcodeFormat.qrFamily)
        var reports: [ImageReport] = []
        var failed = false
        var unreadable = false
        for path in images {
            do {
                let pages = path == "-" ? try ImageFile.pages(of: StandardStreams.readAllInput(), path: "-") : try ImageFile.readPages(path)
                // Each code names its page when a PDF has several: corners are in that page's pixels.
                var codes: [CodeReport] = []
                for (index, page) in pages.enumerated() {
                    codes += try decoder.decode(page).joiningStructuredAppend().map { CodeReport($0, page: pages.count > 1 ? index + 1 : nil) }
                }
                let image = pages[0]
                if codes.isEmpty {
                    StandardStreams.warn("\(path): no QR code found")
                    failed = true
                    reports.append(ImageReport(file: path, width: image.width, height: image.height, codes: [], error: "no QR code found"))
                } else {
                    reports.append(ImageReport(file: path, width: image.width, height: image.height, codes: codes, error: nil))
                }
            } catch let error as ImageFileError {
                StandardStreams.warn(error.description)
                failed = true
                if error.exitStatus == .noInput { unreadable = true }
                reports.append(ImageReport(file: path, width: nil, height: nil, codes: [], error: error.description))
            } catch {
                StandardStreams.warn("\(path): \(error)")
                failed = true
                reports.append(ImageReport(file: path, width: nil, height: nil, codes: [], error: "\(error)"))
            }
        }

        if json {
            try JSONOutput.print(reports)
        } else if let raw {
            let codes = reports.flatMap(\.codes)
            guard codes.count == 1, let payload = Data(base64Encoded: codes[0].payloadBase64) else {
                throw CLIError("--raw needs exactly one QR code, but \(codes.count) were found (use --json to see them all)")
            }
            if raw == "-" {
                StandardStreams.write(payload)
            } else {
                try FileWriter.write(payload, to: raw)
            }
        } else {
            for report in reports {
                for code in report.codes {
                    let line = PayloadDisplay(Data(base64Encoded: code.payloadBase64) ?? Data()).line
                    StandardStreams.print(images.count > 1 ? "\(report.file): \(line)" : line)
                }
            }
        }
        if failed { throw ExitCode(unreadable ? .noInput : .dataError) }
    }

    struct ImageReport: Encodable {
        let file: String
        let width: Int?
        let height: Int?
        let codes: [CodeReport]
        let error: String?
    }

    struct CodeReport: Encodable {
        let payloadBase64: String
        /// The payload as text, when it is printable UTF-8.
        let text: String?
        let byteCount: Int
        let version: Int?
        let errorCorrection: String?
        /// Top-left, top-right, bottom-right, bottom-left, in image pixels.
        let corners: [PixelPoint]
        let inverted: Bool
        /// The barcode format, named as in --formats.
        let format: String
        /// The PDF page (from 1) the code is on, when the file has more than one.
        let page: Int?
        /// A structured-append sequence read whole: how many symbols its payload was joined from.
        let joinedParts: Int?
        /// A symbol of a structured-append sequence whose other parts were not all found.
        let sequence: SequenceReport?

        struct SequenceReport: Encodable {
            /// From 1, as people count.
            let part: Int
            let of: Int
        }

        init(_ symbol: DecodedSymbol, page: Int?) {
            self.page = page
            joinedParts = symbol.joinedParts
            sequence = symbol.sequence.map { SequenceReport(part: $0.index + 1, of: $0.count) }
            payloadBase64 = symbol.payload.base64EncodedString()
            if case .text(let text) = PayloadDisplay(symbol.payload) { self.text = text } else { text = nil }
            byteCount = symbol.payload.count
            version = symbol.version
            errorCorrection = symbol.errorCorrection?.rawValue
            corners = symbol.corners
            inverted = symbol.inverted
            format = symbol.format.rawValue
        }
    }
}
