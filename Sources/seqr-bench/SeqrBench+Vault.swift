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
            abstract: "Back up and restore 1 MiB of random bytes, wall and processor time; compare with za3k's qr-backup when it is available.",
            discussion: """
            Runs `seqr vault backup` (PNG pages) and `seqr vault restore` (the pages in reverse \
            order) as whole processes on random bytes (incompressible: the worst case) with the \
            default 600,000 PBKDF2 rounds, --runs times, and reports the median wall time and the \
            median processor time (user + system of all threads, from wait4) of each, with the load \
            average before and after: on a shared machine the processor time is the steadier figure. \
            Measure a release build (`swift build -c release`). With --qr-backup PATH (a checkout's \
            `qr-backup` script, whose Python requirements are installed), runs its backup and its \
            image restore on the same file once; otherwise prints the density its documentation gives.
            """
        )

        @Option(help: "Size of the document in KiB.")
        var kib = 1024

        @Option(help: "Backups and restores to run; the medians are reported.")
        var runs = 3

        @Option(name: .customLong("qr-backup"), help: "Path of za3k's qr-backup script, to run it on the same document.")
        var qrBackup: String?

        @Option(help: "Keep the files in this directory (default: a temporary one, removed afterwards).")
        var workdir: String?

        @Flag(help: "Also back up to one PDF and restore from it (the README's first example), beside PNG pages.")
        var pdf = false

        @Flag(help: "Print the results as JSON.")
        var json = false

        func validate() throws {
            guard runs >= 1 else { throw ValidationError("--runs must be at least 1") }
            guard kib >= 1 else { throw ValidationError("--kib must be at least 1") }
        }

        struct Result: Encodable {
            let tool: String
            /// Medians over the runs: wall time, and processor time (user + system).
            let backupSeconds: Double?
            let restoreSeconds: Double?
            let backupCPUSeconds: Double?
            let restoreCPUSeconds: Double?
            /// Medians of the peak resident memory, in MB (10⁶ bytes).
            let backupPeakMB: Double?
            let restorePeakMB: Double?
            /// Seconds per MB (10⁶ bytes) of document, backup and restore (wall).
            let backupSecondsPerMB: Double?
            let restoreSecondsPerMB: Double?
            let runs: Int
            let pages: Int?
            let codes: Int?
            let bytesPerPage: Int?
            let restoredExactly: Bool?
            let note: String?
        }

        struct Report: Encodable {
            let documentBytes: Int
            let cores: Int
            let date: String
            /// 1-minute load average before the first run and after the last (/proc/loadavg).
            let loadBefore: Double?
            let loadAfter: Double?
            let results: [Result]
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

            let loadBefore = Self.loadAverage()
            var results: [Result] = []
            let seqr = try ProcessRunner.seqrExecutable()
            let pages = directory + "/seqr-pages/"
            let restored = directory + "/seqr-restored.bin"
            var backups: [ProcessRunner.Outcome] = [], restores: [ProcessRunner.Outcome] = []
            var summary: (pages: Int, codes: Int)?
            var exact = true
            for run in 1...runs {
                StandardStreams.warn("seqr: backup (run \(run) of \(runs))")
                // The page limit is for people; the benchmark measures larger documents too.
                let backup = try ProcessRunner.run(seqr, ["vault", "backup", documentPath, "-o", pages, "--json", "--max-pages", "100000", "--force"], outputPath: stdoutPath)
                guard backup.status == 0 else { throw CLIError("seqr vault backup failed during the benchmark") }
                struct Summary: Decodable { let pages: Int; let codes: Int }
                let parsed = try JSONDecoder().decode(Summary.self, from: backup.output)
                summary = (parsed.pages, parsed.codes)
                StandardStreams.warn("seqr: restore (run \(run) of \(runs))")
                let pagePaths = try fm.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
                let restore = try ProcessRunner.run(seqr, ["vault", "restore"] + pagePaths.reversed() + ["-o", restored, "--force"], outputPath: stdoutPath)
                exact = exact && restore.status == 0 && (try? Data(contentsOf: URL(fileURLWithPath: restored))) == document
                backups.append(backup)
                restores.append(restore)
            }
            let megabytes = Double(document.count) / 1e6
            let backupWall = Self.median(backups.map(\.seconds)), restoreWall = Self.median(restores.map(\.seconds))
            results.append(Result(tool: "seqr vault", backupSeconds: backupWall, restoreSeconds: restoreWall,
                                  backupCPUSeconds: Self.median(backups.map(\.cpuSeconds)), restoreCPUSeconds: Self.median(restores.map(\.cpuSeconds)),
                                  backupPeakMB: Self.median(backups.map { Double($0.peakBytes) / 1e6 }),
                                  restorePeakMB: Self.median(restores.map { Double($0.peakBytes) / 1e6 }),
                                  backupSecondsPerMB: backupWall / megabytes, restoreSecondsPerMB: restoreWall / megabytes, runs: runs,
                                  pages: summary?.pages, codes: summary?.codes, bytesPerPage: document.count / max(summary?.pages ?? 1, 1), restoredExactly: exact,
                                  note: "PNG pages at 200 dpi, restored in reverse order"))
            if pdf {
                results.append(try runPDF(seqr, document: document, documentPath: documentPath, directory: directory, stdoutPath: stdoutPath))
            }

            if let qrBackup {
                results.append(try runQRBackup(qrBackup, document: document, documentPath: documentPath, directory: directory, stdoutPath: stdoutPath))
            } else {
                results.append(Result(tool: "qr-backup (its FAQ)", backupSeconds: nil, restoreSeconds: nil, backupCPUSeconds: nil, restoreCPUSeconds: nil,
                                      backupPeakMB: nil, restorePeakMB: nil,
                                      backupSecondsPerMB: nil, restoreSecondsPerMB: nil, runs: 0, pages: nil, codes: nil,
                                      bytesPerPage: 3_500, restoredExactly: nil,
                                      note: "\"3-4KB/page raw data\" on default settings; pass --qr-backup PATH to run it"))
            }
            let report = Report(documentBytes: document.count, cores: ProcessInfo.processInfo.activeProcessorCount, date: Date().formatted(.iso8601),
                                loadBefore: loadBefore, loadAfter: Self.loadAverage(), results: results)

            if json {
                try JSONOutput.print(report)
            } else {
                func f(_ value: Double?) -> String { value.map { String(format: "%.2f s", $0) } ?? "–" }
                func load(_ value: Double?) -> String { value.map { String(format: "%.2f", $0) } ?? "unknown" }
                func mb(_ value: Double?) -> String { value.map { String(format: "%.0f MB", $0) } ?? "–" }
                var lines = ["| tool | backup | restore | backup CPU | restore CPU | backup peak | restore peak | backup/MB | restore/MB | runs | pages | codes | bytes/page | exact | note |",
                             "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |"]
                for r in results {
                    lines.append("| \(r.tool) | \(f(r.backupSeconds)) | \(f(r.restoreSeconds)) | \(f(r.backupCPUSeconds)) | \(f(r.restoreCPUSeconds)) | \(mb(r.backupPeakMB)) | \(mb(r.restorePeakMB)) | \(f(r.backupSecondsPerMB)) | \(f(r.restoreSecondsPerMB)) | \(r.runs) | \(r.pages.map(String.init) ?? "–") | \(r.codes.map(String.init) ?? "–") | \(r.bytesPerPage.map(String.init) ?? "–") | \(r.restoredExactly.map { $0 ? "yes" : "NO" } ?? "–") | \(r.note ?? "") |")
                }
                StandardStreams.print("\(kib) KiB random document, \(report.cores) cores, \(report.date), load average \(load(loadBefore)) before, \(load(report.loadAfter)) after; medians of \(runs) run\(runs == 1 ? "" : "s")\n")
                StandardStreams.print(lines.joined(separator: "\n"))
            }
        }

        /// The same document backed up to one PDF and restored from it.
        func runPDF(_ seqr: String, document: Data, documentPath: String, directory: String, stdoutPath: String) throws -> Result {
            let pdfPath = directory + "/seqr-backup.pdf", restored = directory + "/seqr-restored-pdf.bin"
            var backups: [ProcessRunner.Outcome] = [], restores: [ProcessRunner.Outcome] = []
            var exact = true
            var pageCount: Int?
            for run in 1...runs {
                StandardStreams.warn("seqr: backup to PDF (run \(run) of \(runs))")
                let backup = try ProcessRunner.run(seqr, ["vault", "backup", documentPath, "-o", pdfPath, "--json", "--max-pages", "100000", "--force"], outputPath: stdoutPath)
                guard backup.status == 0 else { throw CLIError("seqr vault backup to PDF failed during the benchmark") }
                struct Summary: Decodable { let pages: Int }
                pageCount = try JSONDecoder().decode(Summary.self, from: backup.output).pages
                StandardStreams.warn("seqr: restore from PDF (run \(run) of \(runs))")
                let restore = try ProcessRunner.run(seqr, ["vault", "restore", pdfPath, "-o", restored, "--force"], outputPath: stdoutPath)
                exact = exact && restore.status == 0 && (try? Data(contentsOf: URL(fileURLWithPath: restored))) == document
                backups.append(backup)
                restores.append(restore)
            }
            let megabytes = Double(document.count) / 1e6
            let backupWall = Self.median(backups.map(\.seconds)), restoreWall = Self.median(restores.map(\.seconds))
            return Result(tool: "seqr vault (PDF)", backupSeconds: backupWall, restoreSeconds: restoreWall,
                          backupCPUSeconds: Self.median(backups.map(\.cpuSeconds)), restoreCPUSeconds: Self.median(restores.map(\.cpuSeconds)),
                          backupPeakMB: Self.median(backups.map { Double($0.peakBytes) / 1e6 }),
                          restorePeakMB: Self.median(restores.map { Double($0.peakBytes) / 1e6 }),
                          backupSecondsPerMB: backupWall / megabytes, restoreSecondsPerMB: restoreWall / megabytes, runs: runs,
                          pages: pageCount, codes: nil, bytesPerPage: document.count / max(pageCount ?? 1, 1), restoredExactly: exact,
                          note: "one PDF, restored from it")
        }

        static func median(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }

        /// The 1-minute load average: how busy the (shared) machine was.
        static func loadAverage() -> Double? {
            guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
            return text.split(separator: " ").first.flatMap { Double($0) }
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
                          backupCPUSeconds: backup.cpuSeconds, restoreCPUSeconds: restore.cpuSeconds,
                          backupPeakMB: Double(backup.peakBytes) / 1e6, restorePeakMB: Double(restore.peakBytes) / 1e6,
                          backupSecondsPerMB: backup.seconds / (Double(document.count) / 1e6), restoreSecondsPerMB: restore.seconds / (Double(document.count) / 1e6), runs: 1, pages: pages.count, codes: nil,
                          bytesPerPage: document.count / max(pages.count, 1), restoredExactly: exact, note: "default settings; PDF pages at 150 dpi")
        }
    }
}
