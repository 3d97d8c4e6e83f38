import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

// The reports and the raw writer are DecodeCommand's, where --json's fields are documented.
private typealias ImageReport = DecodeCommand.ImageReport
private typealias CodeReport = DecodeCommand.CodeReport
private typealias PartOrigin = DecodeCommand.PartOrigin
private typealias RawSeparator = DecodeCommand.RawSeparator

/// What `seqr decode` is asked to do, as plain values: filled by ArgumentParser through
/// ``DecodeCommand`` or by ``init(quickParsing:)``, checked and run the same way either way.
struct DecodeOptions: Equatable {
    var images: [String] = []
    var json = false
    var raw: String?
    var rawSeparator: String?
    var rawDir: String?
    var force = false
    var thorough = false
    var formats: String?
    var maxPixels = ImageCodec.defaultPixelLimit

    func validate() throws(ValidationError) {
        if images.isEmpty { throw ValidationError("give at least one image") }
        if images.filter({ $0 == "-" }).count > 1 { throw ValidationError("standard input (-) can be given once") }
        if json && raw != nil { throw ValidationError("--json and --raw cannot be combined") }
        if rawDir != nil && (json || raw != nil) { throw ValidationError("--raw-dir cannot be combined with --json or --raw") }
        if rawDir == "" { throw ValidationError("--raw-dir needs a folder name") }
        if let rawSeparator {
            if raw == nil { throw ValidationError("--raw-separator needs --raw") }
            _ = try RawSeparator(parsing: rawSeparator)
        }
        if let formats {
            do { _ = try BarcodeFormat.parseList(formats) } catch { throw ValidationError(error.description) }
        }
        try PictureLimitOptions.check(maxPixels: maxPixels)
    }

    /// Reads every image and prints what it holds; throws an `ExitCode` when an image could not be
    /// read (66) or held no code (65), after every image has been tried.
    func run() throws {
        // An unwritable --raw file is reported before any image is read.
        if let raw, raw != "-" { try FileWriter.checkWritable(raw, replacing: force) }
        if let rawDir, !FileManager.default.fileExists(atPath: rawDir) { try FileWriter.checkWritable(rawDir, makingFolder: false) }
        let decoder = try QRDecoder(thorough: thorough, formats: formats.map { try BarcodeFormat.parseList($0) } ?? BarcodeFormat.qrFamily)
        var reports: [ImageReport] = []
        // Parts of sequences not whole in one picture: perhaps whole across the pictures given.
        var parts: [(symbol: DecodedSymbol, origin: PartOrigin)] = []
        var failed = false
        var unreadable = false
        for path in images {
            do {
                // Each code names its page when a PDF or TIFF has several: corners are in that page's pixels.
                // Pages are read one at a time (a PDF's next page is drawn once this one is decoded).
                var codes: [CodeReport] = []
                var fileParts: [(symbol: DecodedSymbol, origin: PartOrigin)] = []
                var pageCount = 0
                var firstPage: (width: Int, height: Int)?
                let read = { (page: GrayImage) throws in
                    pageCount += 1
                    if firstPage == nil { firstPage = (page.width, page.height) }
                    for symbol in try decoder.decode(page).joiningStructuredAppend() {
                        if symbol.sequence != nil {
                            fileParts.append((symbol, PartOrigin(report: reports.count, code: codes.count, file: path, page: pageCount)))
                        }
                        codes.append(CodeReport(symbol, page: pageCount))
                    }
                }
                if path == "-" {
                    try ImageFile.forEachPage(of: StandardStreams.readAllInput(), path: "-", pixelLimit: maxPixels, read)
                } else {
                    try ImageFile.forEachPage(ofFile: path, pixelLimit: maxPixels, read)
                }
                if pageCount == 1 {  // a page number only where a file has several
                    for index in codes.indices { codes[index].page = nil }
                    for index in fileParts.indices { fileParts[index].origin.page = nil }
                }
                parts += fileParts
                let image = firstPage!
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

        reports = DecodeCommand.joiningSequences(across: parts, in: reports)

        if json {
            StandardStreams.write(DecodeCommand.json(reports))
        } else if let raw {
            let separator = try rawSeparator.map { try RawSeparator(parsing: $0) } ?? .lineFeed
            try DecodeCommand.writeRaw(reports, to: raw, separator: separator, overwrite: force)
        } else if let rawDir {
            try DecodeCommand.writeEach(reports.flatMap(\.codes), to: rawDir, overwrite: force)
        } else {
            for report in reports {
                for code in report.codes {
                    let line = code.display.line
                    StandardStreams.print(images.count > 1 ? "\(DisplayName.escaped(report.file)): \(line)" : line)
                }
            }
        }
        if failed { throw ExitCode(unreadable ? .noInput : .dataError) }
    }
}
