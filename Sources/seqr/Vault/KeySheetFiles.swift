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
        guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]),
              (2...16).contains(n), (2...n).contains(k) else { return nil }
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
            if asPNG { return URL(fileURLWithPath: output).appendingPathComponent("key-sheet-\(number).png").path }
            return String(output.dropLast(".pdf".count)) + "-key-sheet-\(number).pdf"
        }
    }

    /// Writes one sheet per share (private files: each is part of the key) and, when replacing,
    /// removes sheets of an older backup the new one does not overwrite, so that no folder holds
    /// sheets of two backups.
    static func write(backup: PaperVault.Backup, title: String, paper: VaultPrintout.Paper, dpi: Int,
                      output: String, asPNG: Bool, overwrite: Bool) throws {
        let written = paths(output: output, asPNG: asPNG, count: backup.keyShares.count)
        for (share, path) in zip(backup.keyShares, written) {
            let sheet = KeySheetPrintout(share: share, count: backup.keyShares.count, title: title, needsPassword: backup.needsPassword, paper: paper)
            try FileWriter.write(asPNG ? sheet.pngPage(dpi: dpi) : sheet.pdfData(), to: path, mode: .ownerOnly, overwrite: overwrite)
        }
        guard overwrite else { return }
        for stale in paths(output: output, asPNG: asPNG, count: 16) where !written.contains(stale) && FileManager.default.fileExists(atPath: stale) {
            do { try FileManager.default.removeItem(atPath: stale) } catch {
                throw CLIError("\(stale): cannot remove this key sheet of the older backup")
            }
        }
    }
}
