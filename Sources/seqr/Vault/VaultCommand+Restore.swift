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

        @Argument(help: "PNG, JPEG or PDF files holding the codes.")
        var pictures: [String]

        @Option(name: .shortAndLong, help: "Where to write the restored document ('-' for standard output).")
        var output: String

        @Flag(help: "Overwrite the output file if it exists.")
        var force = false

        @OptionGroup var passwordOptions: PasswordOptions

        @Flag(help: "Print a JSON summary on standard output (not with -o -).")
        var json = false

        @Flag(name: .shortAndLong, help: "No progress on standard error (the bar shows only on a terminal anyway).")
        var quiet = false

        func validate() throws {
            if pictures.isEmpty { throw ValidationError("give at least one picture or PDF") }
            if json && output == "-" { throw ValidationError("--json cannot be combined with -o -") }
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
                throw CLIError("\(output) exists; use --force to overwrite it")
            }
            var assembler = VaultAssembler()
            // Every picture quickly first; pages that showed fewer codes than a page holds are
            // looked at again with every decoder pass only if codes are then still missing.
            // A bar per page read, on a terminal only: codes found of the codes needed.
            let bar = ProgressBar("reading codes", total: 1, enabled: !quiet && !json && ProgressBar.standardErrorIsTerminal)
            let read = try assembler.addCodes(onPagesOf: pictures, reading: { try ImageFile.readPages($0) }, progress: { reading, assembler in
                guard !json && !quiet else { return }
                let name = reading.secondLook ? "\(reading.file) (read again, every pass)" : reading.file
                bar.warn(progressLine(name, added: reading.added, assembler: assembler))
            }, pageRead: { assembler in
                bar.update(min(assembler.foundCodes + assembler.foundParityCodes, assembler.totalCodes ?? 1), total: assembler.totalCodes ?? 1)
            })
            bar.clear()
            if assembler.isComplete && read < pictures.count && !json && !quiet {
                StandardStreams.warn("all codes found; \(pictures.count - read) more file\(pictures.count - read == 1 ? "" : "s") not needed")
            }
            let message = try assembler.messageBuffer()
            let password = try passwordOptions.source.read(confirm: false)
            let document = try PaperVault.restore(message: message, password: password)
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
                StandardStreams.warn("restored \"\(document.title)\" (\(summary.bytes) bytes, \(summary.contentType)) to \(output)")
            }
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
