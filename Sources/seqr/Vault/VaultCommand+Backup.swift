import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

extension VaultCommand {
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "backup",
            abstract: "Encrypt a file into printable pages of QR codes (PDF, or PNG pages).",
            discussion: """
            Examples:
              seqr vault backup notes.txt -o notes-backup.pdf
              seqr vault backup id_ed25519 --title "ssh key" --paper letter -o pages/
              SEQR_PASSWORD=… seqr vault backup secrets.txt -o backup.pdf --json
              seqr vault backup wallet.txt --shares 3-of-5 -o wallet.pdf    (5 key sheets, any 3 restore)
              seqr vault backup wallet.txt --shares 2-of-3 --password -o wallet.pdf

            With --shares there is no password unless --password is given: a fresh random key is \
            split into key sheets (one printable page each, written beside the backup as \
            NAME-key-sheet-N.pdf, or key-sheet-N.png in a PNG directory). Hand each sheet to a \
            different person, away from the pages. The backup's last pages print a short Python \
            program that restores it without Seqr (--no-restore-program leaves them out).
            """
        )

        @Argument(help: "The file to back up (any bytes; text is readable by the original PaperVault app too); '-' reads standard input.")
        var file: String

        @Option(name: .shortAndLong, help: "A .pdf file, '-' for the PDF on standard output, or a directory (ending in /) for one PNG per page.")
        var output: String

        @Flag(help: "Replace an existing backup. This also deletes the older backup's page files (page-NNN.png in a PNG directory) and key sheets (key-sheet-N.png there, NAME-key-sheet-N.pdf beside a PDF) that the new backup does not overwrite; no other file is touched.")
        var force = false

        @Option(help: "The document's title (stored encrypted; printed on the pages only with --print-title, and on key sheets unless --sheet-label says otherwise). Default: the file name.")
        var title: String?

        @Flag(name: .customLong("print-title"), help: "Print the title in each page header.")
        var printTitle = false

        @Option(help: "Paper size: a4 or letter.")
        var paper: VaultPrintout.Paper = .a4

        @Option(help: "PBKDF2 rounds (at least 210,000).")
        var rounds: UInt32 = VaultMessage.defaultRounds

        @Option(name: .customLong("ec"), help: "Error correction of each code: L, M, Q or H.")
        var errorCorrection: QRErrorCorrectionLevel = .M

        @Option(name: .customLong("qr-version"), help: "QR version of every code (default: 30 if the backup fits one page, else 37).")
        var qrVersion: Int?

        @Flag(name: .customLong("no-compress"), help: "Never compress (by default brotli is used when it makes the data smaller).")
        var noCompress = false

        @Option(help: "Dots per inch of PNG pages.")
        var dpi: Int = 200

        @OptionGroup var passwordOptions: PasswordOptions

        @Option(help: ArgumentHelp("Key sheets instead of a password: a random key split so that any K of N sheets restore it (N ≤ 16).", valueName: "K-of-N"))
        var shares: KeySheetSplit?

        @Flag(name: .customLong("password"), help: "With --shares: need a password as well as the sheets (asked, or --password-file / SEQR_PASSWORD).")
        var alsoPassword = false

        @Option(name: .customLong("sheet-label"), help: "With --shares: what each key sheet says it opens, so its holder knows (default: the title; \"\" for nothing).")
        var sheetLabel: String?

        @Flag(name: .customLong("no-restore-program"), help: "Leave out the last pages, which print a Python program that restores the backup without Seqr.")
        var noRestoreProgram = false

        // Parity, page limit and progress (VaultPlanOptions.swift).
        @OptionGroup var planOptions: VaultPlanOptions

        @Flag(name: .shortAndLong, help: "No progress or summary on standard error (the warning to delete key-sheet files still shows).")
        var quiet = false

        @Flag(help: "Print a JSON summary on standard output.")
        var json = false

        func validate() throws {
            // Every bound is the one restore enforces (VaultMessage), so no backup is written that cannot be read back.
            guard Int(rounds) >= PasswordKDF.minimumIterations, rounds <= VaultMessage.maximumRounds else {
                throw ValidationError("--rounds must be from \(PasswordKDF.minimumIterations.formatted()) to \(VaultMessage.maximumRounds.formatted()) (OWASP asks for \(PasswordKDF.recommendedIterations.formatted()); restore refuses more)")
            }
            if let shares, !(2...16).contains(shares.count) || !(2...shares.count).contains(shares.threshold) {
                throw ValidationError("--shares \(shares.threshold)-of-\(shares.count): N goes from 2 to 16 and K from 2 to N (with K = 1 every sheet alone would be the key)")
            }
            if let qrVersion, !(10...40).contains(qrVersion) { throw ValidationError("--qr-version must be between 10 and 40") }
            guard (72...600).contains(dpi) else { throw ValidationError("--dpi must be between 72 and 600") }
            if alsoPassword && shares == nil { throw ValidationError("--password goes with --shares (a backup without key sheets always has a password)") }
            if output == "-" && shares != nil { throw ValidationError("-o - cannot carry key sheets, which are files of their own: give -o NAME.pdf") }
            if output == "-" && json { throw ValidationError("--json cannot be combined with -o -") }
        }

        struct Summary: Encodable {
            let output: String
            let format: String
            let pages: Int
            let codes: Int
            let parityCodes: Int
            let qrVersion: Int
            let errorCorrection: String
            let compressed: Bool
            let contentType: String
            let documentBytes: Int
            let rounds: UInt32
            let restoreProgramPages: Int
            let keySheets: KeySheetsSummary?
            /// Any this many whole pages, or any this many codes, may be lost.
            let survivesPages: Int
            let survivesCodes: Int
        }

        struct KeySheetsSummary: Encodable {
            let backupId: Int
            let threshold: Int
            let count: Int
            let password: Bool
            let files: [String]
        }

        func run() throws {
            try passwordOptions.source.checkReadable()
            let toStandardOutput = output == "-"
            if toStandardOutput && StandardStreams.outputIsTerminal {
                throw CLIError("-o -: standard output is a terminal; redirect it to a file or give -o NAME.pdf")
            }
            let asPNG = !toStandardOutput && (output.hasSuffix("/") || isDirectory(output))
            if !asPNG && !toStandardOutput && URL(fileURLWithPath: output).pathExtension.lowercased() != "pdf" {
                throw CLIError("\(output): give a .pdf file, '-' for standard output, or a directory ending in / for PNG pages")
            }
            try refuseExistingBackup(asPNG: asPNG)
            // Before the password and the work: an output that cannot be written is reported at once.
            if !toStandardOutput { try Self.prepareOutput(output, asPNG: asPNG) }
            let contents = file == "-" ? [UInt8](StandardStreams.readAllInput()) : try Self.readContents(file)
            let sheetFiles = shares.map { KeySheetFiles.paths(output: output, asPNG: asPNG, count: $0.count) } ?? []
            if !force, let existing = sheetFiles.first(where: { FileManager.default.fileExists(atPath: $0) }) {
                throw CLIError("\(existing) exists; use --force to replace the key sheets", status: .cannotCreate)
            }
            let document = VaultDocument(title: title ?? (file == "-" ? "standard input" : URL(fileURLWithPath: file).lastPathComponent), contents: contents)
            if document.contentType == .bytes {
                StandardStreams.warn("\(file == "-" ? "standard input" : file) is not UTF-8 text: Seqr restores it, but the original PaperVault app will not read this backup")
            }

            var options = PaperVault.Options()
            options.rounds = rounds
            options.errorCorrection = errorCorrection
            options.version = qrVersion
            options.allowCompression = !noCompress
            planOptions.apply(to: &options)
            let layout = Self.grid(for: paper)
            options.rows = layout.rows
            options.columns = layout.columns
            try planOptions.refuseTooLarge(document, file: file == "-" ? "standard input" : file, options: options)
            let keying = try keying()
            if !json && !quiet && keying.usesPassword { StandardStreams.warn("encrypting (PBKDF2, \(rounds.formatted()) rounds)…") }
            let backup = try PaperVault.backup(document, keying: keying.keying, options: options)
            var printout = VaultPrintout(backup: backup, paper: paper, title: printTitle ? document.title : nil)
            printout.includesRestoreProgram = !noRestoreProgram

            // Sheets are drawn before anything is written, so a failure cannot leave pages without their key.
            // PNG pages go to a staging folder beside the target first (StagedPageFolder).
            let staged = asPNG ? try StagedPageFolder(target: output) : nil
            let sheets = try KeySheetFiles.render(backup: backup, label: sheetLabel ?? document.title, paper: paper, dpi: dpi,
                                                  output: toStandardOutput ? nil : staged?.staging ?? output, asPNG: asPNG,
                                                  restoreProgram: printout.includesRestoreProgram)

            // A bar per page written on a terminal, else a line per tenth (ProgressBar).
            let bar = ProgressBar("writing pages", total: printout.pageCount, enabled: !quiet && !json)
            defer { bar.clear() }
            if let staged {
                let sheetNames = Set(KeySheetFiles.paths(output: output, asPNG: true, count: 16).map { URL(fileURLWithPath: $0).lastPathComponent })
                try staged.commit(removingStale: { written in
                    force ? (Self.pageFiles(in: output) + sheetNames).filter { !written.contains($0) } : []
                }) {
                    try printout.forEachPNGPage(dpi: dpi) { index, page in
                        let name = String(format: "page-%03d.png", index + 1)
                        try FileWriter.write(page, to: URL(fileURLWithPath: staged.staging).appendingPathComponent(name).path)
                        bar.update(index + 1)
                    }
                    try sheets.write(overwrite: false)
                }
            } else if toStandardOutput {
                StandardStreams.write(try printout.pdfData())
            } else {
                try FileWriter.write(printout.pdfData(pageDone: { bar.update($0) }), to: output, overwrite: force)
                try sheets.write(overwrite: force)
            }
            bar.clear()
            let sheetsSummary = backup.keySheets.map {
                KeySheetsSummary(backupId: $0.identifier, threshold: $0.threshold, count: $0.count, password: keying.usesPassword, files: sheetFiles)
            }
            let summary = Summary(
                output: output, format: asPNG ? "png" : "pdf", pages: printout.pageCount, codes: backup.codes.count, parityCodes: backup.parityCodes.count,
                qrVersion: backup.version, errorCorrection: backup.errorCorrection.rawValue, compressed: backup.compressed,
                contentType: document.contentType == .text ? "text" : "bytes", documentBytes: contents.count, rounds: keying.usesPassword ? rounds : 0,
                restoreProgramPages: printout.pageCount - printout.codePageCount, keySheets: sheetsSummary,
                survivesPages: backup.plan.survivablePages, survivesCodes: backup.plan.survivableCodes)
            if json {
                try JSONOutput.print(summary)
            } else if !quiet {
                let parity = summary.parityCodes > 0 ? " + \(summary.parityCodes) parity" : ""
                StandardStreams.warn("wrote \(toStandardOutput ? "the PDF to standard output" : output): \(summary.codes) code\(summary.codes == 1 ? "" : "s")\(parity) on \(summary.pages) page\(summary.pages == 1 ? "" : "s") (QR version \(summary.qrVersion), EC \(summary.errorCorrection)\(summary.compressed ? ", brotli" : ""))")
                StandardStreams.warn(VaultPlanOptions.promise(backup.plan) ?? "no parity codes: every code is needed to restore")
                if let sheets = sheetsSummary {
                    StandardStreams.warn("wrote \(sheets.count) key sheets (backup id \(sheets.backupId)): any \(sheets.threshold) restore\(sheets.password ? ", with the password" : ""); hand each to a different person, away from the pages")
                    for file in sheets.files { StandardStreams.warn("  \(file)") }
                }
            }
            // Never hidden, by -q or --json: files that decrypt the backup are lying beside it.
            if let sheets = sheetsSummary {
                StandardStreams.warn("once the key sheets are printed, delete these files: \(sheets.threshold) of them\(sheets.password ? " and the password" : "") beside the pages decrypt the backup")
            }
        }

        /// The password, or the key-sheet split and whether a password goes with it. With --shares a
        /// password is asked only when --password (or --password-file) says so.
        private func keying() throws -> (keying: PaperVault.Keying, usesPassword: Bool) {
            guard let shares else { return (.password(try passwordOptions.source.read(confirm: true)), true) }
            guard alsoPassword || passwordOptions.passwordFile != nil else {
                if ProcessInfo.processInfo.environment["SEQR_PASSWORD"] != nil && !json {
                    StandardStreams.warn("SEQR_PASSWORD is set but not used: add --password to need a password as well as the key sheets")
                }
                return (.keySheets(threshold: shares.threshold, count: shares.count, password: nil), false)
            }
            let password = try passwordOptions.source.read(confirm: true)
            return (.keySheets(threshold: shares.threshold, count: shares.count, password: password), true)
        }

        /// Checks that the output can be written, creating its last folder only: `pages/` for PNG
        /// pages is made when its parent exists (at the end, from the staging folder), and a PDF's
        /// folder likewise; a deeper missing folder is an error, before any password or work.
        static func prepareOutput(_ output: String, asPNG: Bool) throws(CLIError) {
            var path = output
            while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            if asPNG {
                try FileWriter.checkWritable(path, makingFolder: false)
                return
            }
            if !FileManager.default.fileExists(atPath: folder) {
                try FileWriter.checkWritable(folder, makingFolder: false)  // its parent must exist: only the last folder is made
                try FileWriter.createDirectory(folder)
            }
            try FileWriter.checkWritable(output)
        }

        /// Refuses, before the password and the KDF, to replace a backup without --force.
        private func refuseExistingBackup(asPNG: Bool) throws(CLIError) {
            guard !force, output != "-" else { return }
            if asPNG {
                if !Self.pageFiles(in: output).isEmpty {
                    throw CLIError("\(output) holds the pages of a backup; use --force to replace them", status: .cannotCreate)
                }
            } else if FileManager.default.fileExists(atPath: output) {
                throw CLIError("\(output) exists; use --force to overwrite it", status: .cannotCreate)
            }
        }

        /// The names of the page files Seqr writes ("page-001.png", "page-1234.png") in a directory; nothing else.
        static func pageFiles(in directory: String) -> [String] {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            return names.filter { name in
                guard name.hasPrefix("page-"), name.hasSuffix(".png") else { return false }
                let number = name.dropFirst("page-".count).dropLast(".png".count)
                return number.count >= 3 && number.allSatisfy { $0.isASCII && $0.isNumber }
            }
        }

        /// The file's bytes; an empty file is a valid (empty) document.
        static func readContents(_ path: String) throws(ImageFileError) -> [UInt8] {
            do {
                return [UInt8](try ImageFile.readBytes(path))
            } catch {
                if case .empty = error { return [] }
                throw error
            }
        }

        /// Codes per page: two columns and three rows fit A4 and Letter with modules ≥ 0.4 mm.
        static func grid(for paper: VaultPrintout.Paper) -> (rows: Int, columns: Int) { (3, 2) }

        private func isDirectory(_ path: String) -> Bool {
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }
}

extension VaultPrintout.Paper: ExpressibleByArgument {}
