import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrQR

/// `--shares K-of-N`: how a backup's key is split into key sheets.
struct KeySheetSplit: ExpressibleByArgument, Sendable {
    let threshold: Int
    let count: Int

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "-of-", omittingEmptySubsequences: false)
        // The ranges are checked by `vault backup`, which says what they are.
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), k >= 0, n >= 0 else { return nil }
        threshold = k
        count = n
    }

    static var defaultCompletionKind: CompletionKind { .list(["2-of-3", "3-of-5"]) }
}

/// Where key sheets go and how they are written: one page each, beside a PDF backup as
/// NAME-key-sheet-N.pdf, or in a PNG backup's directory as key-sheet-N.png.
enum KeySheetFiles {
    static func paths(output: String, asPNG: Bool, count: Int) -> [String] {
        (0..<count).map { $0 + 1 }.map { number in
            // Joined by hand: paths stay as the user gave them (URL would make them absolute).
            if asPNG { return (output.hasSuffix("/") ? output : output + "/") + "key-sheet-\(number).png" }
            return String(output.dropLast(".pdf".count)) + "-key-sheet-\(number).pdf"
        }
    }

    /// The drawn sheets of a backup, and the files they go to; nothing is written yet.
    struct Rendered {
        let output: String?
        let asPNG: Bool
        let files: [(path: String, data: Data)]

        /// Writes one sheet per share (private files: each is part of the key) and, when replacing,
        /// removes sheets of an older backup the new one does not overwrite, so that no folder holds
        /// sheets of two backups.
        func write(overwrite: Bool) throws {
            guard let output else { return }
            for file in files { try FileWriter.write(file.data, to: file.path, mode: .ownerOnly, overwrite: overwrite) }
            guard overwrite else { return }
            let written = Set(files.map(\.path))
            for stale in KeySheetFiles.paths(output: output, asPNG: asPNG, count: 16) where !written.contains(stale) && FileManager.default.fileExists(atPath: stale) {
                do { try FileManager.default.removeItem(atPath: stale) } catch {
                    throw CLIError("\(stale): cannot remove this key sheet of the older backup")
                }
            }
        }
    }

    /// Draws one page per share; `output` nil (standard output) takes no sheets.
    static func render(backup: PaperVault.Backup, label: String, paper: VaultPrintout.Paper, dpi: Int,
                       output: String?, asPNG: Bool, restoreProgram: Bool) throws -> Rendered {
        guard let output else { return Rendered(output: nil, asPNG: asPNG, files: []) }
        let count = backup.keyShares.count
        let files = try zip(backup.keyShares, paths(output: output, asPNG: asPNG, count: count)).map { share, path in
            var sheet = KeySheetPrintout(share: share, count: count, title: label.isEmpty ? nil : label, needsPassword: backup.needsPassword, paper: paper)
            sheet.restoreProgramPrinted = restoreProgram
            return (path: path, data: try asPNG ? sheet.pngPage(dpi: dpi) : sheet.pdfData())
        }
        return Rendered(output: output, asPNG: asPNG, files: files)
    }
}
