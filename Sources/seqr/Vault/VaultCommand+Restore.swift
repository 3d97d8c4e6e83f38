import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension VaultCommand {
    struct Restore: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "restore",
            abstract: "Restore a document from photos, scans or PDFs of its vault codes.",
            discussion: """
            Give the pictures in any order; each may hold several codes, and PDFs are read page \
            by page. Reading stops as soon as every code has been found. Other QR codes in the \
            pictures are ignored. A wrong password and a tampered backup look the same to the \
            cipher, and are reported together.
            """
        )

        @Argument(help: "Pictures holding the codes: PNG, JPEG, WebP, HEIC/HEIF, TIFF, BMP, GIF or PDF (every page), or a folder of pages that `vault backup -o FOLDER/` wrote; '-' reads one from standard input.")
        var pictures: [String]

        @Option(name: .shortAndLong, help: "Where to write the restored document ('-' for standard output).")
        var output: String

        @Flag(help: "Overwrite the output file if it exists.")
        var force = false

        @OptionGroup var pictureLimit: PictureLimitOptions
        @OptionGroup var passwordOptions: PasswordOptions

        @Option(name: .customLong("share"), help: ArgumentHelp("A key sheet of a --shares backup: a photo, scan or PDF of it, or a text file of its words. Repeat for each sheet.", valueName: "file"))
        var shareFiles: [String] = []

        @Flag(help: "Print a JSON summary on standard output (not with -o -).")
        var json = false

        @Flag(name: .shortAndLong, help: "No progress on standard error (the bar shows only on a terminal anyway).")
        var quiet = false

        func validate() throws {
            if pictures.isEmpty { throw ValidationError("give at least one picture or PDF") }
            if json && output == "-" { throw ValidationError("--json cannot be combined with -o -") }
            if pictures.filter({ $0 == "-" }).count > 1 { throw ValidationError("'-' (standard input) can be given once") }
        }

        struct Summary: Encodable {
            let output: String
            let title: String
            let contentType: String
            let bytes: Int
            let codes: Int
            let picturesRead: Int
        }

        func run() throws {
            if output != "-" && !force && FileManager.default.fileExists(atPath: output) {
                throw CLIError("\(output) exists; use --force to overwrite it", status: .cannotCreate)
            }
            // Found before minutes of scanning: an unreadable password file, an output that cannot be
            // written, a picture that is not there (even if the others would be enough).
            try passwordOptions.source.checkReadable()
            if output != "-" { try FileWriter.checkWritable(output) }
            for picture in pictures + shareFiles where picture != "-" && !FileManager.default.fileExists(atPath: picture) {
                throw CLIError("\(picture): no such file", status: .noInput)
            }
            let pictures = try Self.expandingFolders(pictures)
            // Sheets first: a mistyped word or an unreadable sheet is reported before minutes of scanning.
            var shares: [KeyShare] = [], sheetFiles: [String] = []
            for file in shareFiles {
                for share in try KeyShare.read(fromFile: file, pixelLimit: pictureLimit.maxPixels) {
                    if let earlier = shares.firstIndex(of: share) {
                        throw CLIError("\(file) is the same key sheet (sheet \(share.number)) as \(sheetFiles[earlier]): give a different sheet", status: .usage)
                    }
                    shares.append(share)
                    sheetFiles.append(file)
                }
            }
            // A file that cannot be read (a broken photo) is reported and skipped while the others
            // are read; it is an error only if the backup cannot be completed without it.
            let unreadable = UnreadableFiles()
            var assembler = VaultAssembler()
            // Every picture quickly first, a page only until it gave every code a page holds; if
            // codes are then still missing, the pages that look cut short again, then the pages
            // that showed fewer codes than a page holds with every decoder pass.
            // Standard input can be read only once; its bytes are kept for a second look.
            let standardInput = pictures.contains("-") ? StandardStreams.readAllInput() : Data()
            // A bar per page read: codes found of the codes needed. Where standard error is not a
            // terminal, each file gets a line as it is read, and a PDF a line per tenth as well.
            let bar = ProgressBar("reading codes", total: 1, enabled: !quiet && !json
                                  && (ProgressBar.standardErrorIsTerminal || pictures.contains { $0 != "-" && ImageFile.startsLikePDF($0) }))
            // Page by page, a PDF too: its codes are added (and the bar moves) while its later pages are drawn.
            // A PDF is drawn at 200 dpi for the quick look (Seqr's PNG pages' resolution: about 4 pixels
            // a module), and at 300 dpi when it is read again (a scan's finer detail).
            let read = try assembler.addCodes(onPagesOf: pictures, eachPage: { picture, look, page in
                let resolution: Double = look == .quick ? 200 : 300
                do {
                    if picture == "-" {
                        try ImageFile.forEachPage(of: standardInput, path: "standard input", pdfResolution: resolution, pixelLimit: pictureLimit.maxPixels, page)
                    } else {
                        try ImageFile.forEachPage(ofFile: picture, pdfResolution: resolution, pixelLimit: pictureLimit.maxPixels, page)
                    }
                } catch let error as ImageFileError {
                    unreadable.add(picture, error)
                }
            }, progress: { reading, assembler in
                if let error = unreadable.take(reading.file) {
                    bar.warn("\(reading.file == "-" ? "standard input" : reading.file): skipped: \(error)")
                    return
                }
                guard !json && !quiet else { return }
                let file = reading.file == "-" ? "standard input" : reading.file
                let name = switch reading.look {
                case .quick: file
                case .again: "\(file) (read again)"
                case .everyPass: "\(file) (read again, every pass)"
                }
                bar.warn(progressLine(name, added: reading.added, assembler: assembler))
            }, pageRead: { assembler in
                bar.update(min(assembler.foundCodes + assembler.foundParityCodes, assembler.totalCodes ?? 1), total: assembler.totalCodes ?? 1)
            })
            bar.clear()
            if !assembler.isComplete, let (file, error) = unreadable.first {
                throw CLIError("codes are missing, and \(unreadable.count) file\(unreadable.count == 1 ? "" : "s") could not be read (\(file): \(error))",
                               status: (error as? ExitStatusReporting)?.exitStatus ?? .dataError)
            }
            if assembler.isComplete && read < pictures.count && !json && !quiet {
                StandardStreams.warn("all codes found; \(pictures.count - read) more file\(pictures.count - read == 1 ? "" : "s") not needed")
            }
            let message = try assembler.messageBuffer()
            let document = try PaperVault.restore(message: message, unlocking: unlocking(message, shares: shares))
            if output == "-" {
                StandardStreams.write(Data(document.content))
            } else {
                // The document was secret enough to back up encrypted: only its owner may read it.
                try FileWriter.write(Data(document.content), to: output, mode: .ownerOnly, overwrite: force)
            }
            let summary = Summary(output: output, title: document.title, contentType: document.contentType == .text ? "text" : "bytes",
                                  bytes: document.content.count, codes: assembler.foundCodes, picturesRead: read)
            if json {
                try JSONOutput.print(summary)
            } else if output != "-" && !quiet {
                StandardStreams.warn("restored \"\(DisplayName.escaped(document.title))\" (\(summary.bytes) bytes, \(summary.contentType)) to \(output)")
            }
        }

        /// A folder stands for the page files `vault backup -o FOLDER/` writes there, in order.
        static func expandingFolders(_ pictures: [String]) throws -> [String] {
            try pictures.flatMap { picture -> [String] in
                var isFolder: ObjCBool = false
                guard picture != "-", FileManager.default.fileExists(atPath: picture, isDirectory: &isFolder), isFolder.boolValue else { return [picture] }
                let pages = Backup.pageFiles(in: picture).sorted()
                guard !pages.isEmpty else { throw CLIError("\(picture): a folder without page files (page-001.png, …)", status: .noInput) }
                return pages.map { URL(fileURLWithPath: picture).appendingPathComponent($0).path }
            }
        }

        /// The password, or the sheets (and the password if the backup has one), as the backup's clear header asks.
        private func unlocking(_ message: [UInt8], shares: [KeyShare]) throws -> PaperVault.Unlocking {
            let parsed = try VaultMessage(parsing: message)
            guard let sheets = parsed.keySheets else {
                if !shares.isEmpty { throw PaperVaultError.notAKeySheetBackup }
                return .password(try passwordOptions.source.read(confirm: false))
            }
            guard !shares.isEmpty else { throw PaperVaultError.keySheetsNeeded(threshold: sheets.threshold, count: sheets.count) }
            return .keySheets(shares, password: parsed.needsPassword ? try passwordOptions.source.read(confirm: false) : nil)
        }

        private func progressLine(_ path: String, added: Int, assembler: VaultAssembler) -> String {
            guard let total = assembler.totalCodes else { return "\(path): no vault codes" }
            let missing = assembler.missingCodes
            var line = "\(path): +\(added) code\(added == 1 ? "" : "s"); \(assembler.foundCodes) of \(total) found"
            if assembler.foundParityCodes > 0 { line += " (+\(assembler.foundParityCodes) parity)" }
            if !missing.isEmpty { line += "; missing \(PaperVaultError.ranges(missing))" }
            if !missing.isEmpty && assembler.isComplete { line += ", rebuilt from parity" }
            return line
        }

    }
}

/// Files the restore could not read, kept while the others are read (from several threads).
private final class UnreadableFiles: @unchecked Sendable {
    private let lock = NSLock()
    private var failures: [(file: String, error: any Error)] = []
    private var unreported: [String: any Error] = [:]

    /// Records a failure; a file that fails again in a later look is reported once.
    func add(_ file: String, _ error: any Error) {
        lock.lock()
        defer { lock.unlock() }
        guard !failures.contains(where: { $0.file == file }) else { return }
        failures.append((file, error))
        unreported[file] = error
    }

    /// The failure of `file` not yet reported, if any.
    func take(_ file: String) -> (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return unreported.removeValue(forKey: file)
    }

    var first: (String, any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return failures.first.map { ($0.file, $0.error) }
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return Set(failures.map(\.file)).count
    }
}
