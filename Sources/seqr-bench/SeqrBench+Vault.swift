import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCorpus
import SeqrQR
#if canImport(Glibc)
import Glibc
#endif

extension SeqrBench {
    struct Vault: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "vault",
            abstract: "Back up and restore a 100 KB document; compare with za3k's qr-backup when it is available.",
            discussion: """
            Runs `seqr vault backup` (PNG pages) and `seqr vault restore` as whole processes on \
            100 KB of random bytes (incompressible: the worst case) with the default 600,000 \
            PBKDF2 rounds. With --qr-backup PATH (a checkout's `qr-backup` script, whose Python \
            requirements are installed), runs its backup and its image restore on the same file; \
            otherwise prints the density its documentation gives.
            """
        )

        @Option(help: "Size of the document in KiB.")
        var kib = 100

        @Option(name: .customLong("qr-backup"), help: "Path of za3k's qr-backup script, to run it on the same document.")
        var qrBackup: String?

        @Option(help: "Keep the files in this directory (default: a temporary one, removed afterwards).")
        var workdir: String?

        @Flag(help: "Print the results as JSON.")
        var json = false

        struct Result: Encodable {
            let tool: String
            let backupSeconds: Double?
            let restoreSeconds: Double?
            /// Seconds per MB (10⁶ bytes) of document, backup and restore.
            let backupSecondsPerMB: Double?
            let restoreSecondsPerMB: Double?
            let pages: Int?
            let codes: Int?
            let bytesPerPage: Int?
            let restoredExactly: Bool?
            let note: String?
        }

        func run() throws {
            let fm = FileManager.default
            let directory = workdir ?? (NSTemporaryDirectory() + "seqr-bench-vault-\(getpid())")
            try FileWriter.createDirectory(directory)
            defer { if workdir == nil { try? fm.removeItem(atPath: directory) } }
            let documentPath = directory + "/document.bin"
            var generator = SeededGenerator(seed: 100)
            let document = Data((0..<(kib * 1024)).map { _ in UInt8.random(in: 0...255, using: &generator) })
            try FileWriter.write(document, to: documentPath)
            let stdoutPath = directory + "/stdout"
            setenv("SEQR_PASSWORD", "benchmark password", 1)
            defer { unsetenv("SEQR_PASSWORD") }

            var results: [Result] = []
            let seqr = try ProcessRunner.seqrExecutable()
            StandardStreams.warn("seqr: backup")
            let pages = directory + "/seqr-pages/"
            // The page limit is for people; the benchmark measures larger documents too.
            let backup = try ProcessRunner.run(seqr, ["vault", "backup", documentPath, "-o", pages, "--json", "--max-pages", "100000"], outputPath: stdoutPath)
            guard backup.status == 0 else { throw CLIError("seqr vault backup failed during the benchmark") }
            struct Summary: Decodable { let pages: Int; let codes: Int }
            let summary = try JSONDecoder().decode(Summary.self, from: backup.output)
            StandardStreams.warn("seqr: restore")
            let pagePaths = try fm.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
            let restored = directory + "/seqr-restored.bin"
            let restore = try ProcessRunner.run(seqr, ["vault", "restore"] + pagePaths.reversed() + ["-o", restored], outputPath: stdoutPath)
            let exact = restore.status == 0 && (try? Data(contentsOf: URL(fileURLWithPath: restored))) == document
            results.append(Result(tool: "seqr vault", backupSeconds: backup.seconds, restoreSeconds: restore.seconds,
                                  backupSecondsPerMB: backup.seconds / (Double(document.count) / 1e6), restoreSecondsPerMB: restore.seconds / (Double(document.count) / 1e6), pages: summary.pages,
                                  codes: summary.codes, bytesPerPage: document.count / max(summary.pages, 1), restoredExactly: exact,
                                  note: "PNG pages at 200 dpi, restored in reverse order"))

            if let qrBackup {
                results.append(try runQRBackup(qrBackup, document: document, documentPath: documentPath, directory: directory, stdoutPath: stdoutPath))
            } else {
                results.append(Result(tool: "qr-backup (its FAQ)", backupSeconds: nil, restoreSeconds: nil, backupSecondsPerMB: nil, restoreSecondsPerMB: nil, pages: nil, codes: nil,
                                      bytesPerPage: 3_500, restoredExactly: nil,
                                      note: "\"3-4KB/page raw data\" on default settings; pass --qr-backup PATH to run it"))
            }

            if json {
                try JSONOutput.print(results)
            } else {
                func f(_ value: Double?) -> String { value.map { String(format: "%.2f s", $0) } ?? "–" }
                var lines = ["| tool | backup | restore | backup/MB | restore/MB | pages | codes | bytes/page | exact | note |",
                             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
                for r in results {
                    lines.append("| \(r.tool) | \(f(r.backupSeconds)) | \(f(r.restoreSeconds)) | \(f(r.backupSecondsPerMB)) | \(f(r.restoreSecondsPerMB)) | \(r.pages.map(String.init) ?? "–") | \(r.codes.map(String.init) ?? "–") | \(r.bytesPerPage.map(String.init) ?? "–") | \(r.restoredExactly.map { $0 ? "yes" : "NO" } ?? "–") | \(r.note ?? "") |")
                }
                StandardStreams.print("\(kib) KiB random document, \(ProcessInfo.processInfo.activeProcessorCount) cores, \(Date().formatted(.iso8601))\n")
                StandardStreams.print(lines.joined(separator: "\n"))
            }
        }

        /// qr-backup's own backup (PDF), then its image restore from our rendering of those pages.
        private func runQRBackup(_ script: String, document: Data, documentPath: String, directory: String, stdoutPath: String) throws -> Result {
            guard let python = ProcessRunner.which("python3") else { throw CLIError("python3 is needed to run qr-backup") }
            StandardStreams.warn("qr-backup: backup")
            let pdf = directory + "/qr-backup.pdf"
            let backup = try ProcessRunner.run(python, [script, "-o", pdf, documentPath], outputPath: stdoutPath)
            guard backup.status == 0 else { throw CLIError("qr-backup failed (are pillow, qrcode and reedsolo installed?)") }
            StandardStreams.warn("qr-backup: rendering its PDF pages for its image restore (not timed)")
            let pages = try PDFPages.render(Data(contentsOf: URL(fileURLWithPath: pdf)), dpi: 150)
            var paths: [String] = []
            for (index, page) in pages.enumerated() {
                let path = directory + "/qrb-page-\(index).png"
                try FileWriter.write(ImageCodec.png.encode(page), to: path)
                paths.append(path)
            }
            StandardStreams.warn("qr-backup: restore")
            let restoredPath = directory + "/qrb-restored.bin"
            let restore = try ProcessRunner.run(python, [script, "--restore", "--image-restore"] + paths, outputPath: restoredPath)
            let exact = restore.status == 0 && (try? Data(contentsOf: URL(fileURLWithPath: restoredPath))) == document
            return Result(tool: "qr-backup", backupSeconds: backup.seconds, restoreSeconds: restore.seconds,
                      backupSecondsPerMB: backup.seconds / (Double(document.count) / 1e6), restoreSecondsPerMB: restore.seconds / (Double(document.count) / 1e6), pages: pages.count, codes: nil,
                          bytesPerPage: document.count / max(pages.count, 1), restoredExactly: exact, note: "default settings; PDF pages at 150 dpi")
        }
    }
}
