import Foundation
import SeqrCLISupport
#if canImport(Glibc)
import Glibc
#endif

/// Where a PNG-page backup is written before it is complete: a hidden folder beside the target,
/// whose files are moved into place only once every page and key sheet is written. An
/// interrupted or failed backup leaves no page in the target (Ctrl-C removes the staging
/// folder too, ``InterruptCleanup``), so nothing half-written looks like a backup.
struct StagedPageFolder {
    /// The folder the pages are meant for, without a trailing slash.
    let target: String
    /// The hidden folder beside it that receives them first.
    let staging: String

    /// Creates the staging folder. The target's parent must exist: only the last folder of an
    /// output path is ever created (the same rule as for a PDF's folder).
    init(target path: String) throws(CLIError) {
        var target = path
        while target.count > 1 && target.hasSuffix("/") { target.removeLast() }
        self.target = target
        let url = URL(fileURLWithPath: target)
        let parent = url.deletingLastPathComponent().path
        var status = stat()
        guard stat(parent, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError("cannot write \(path): the folder \(parent) does not exist", status: .cannotCreate)
        }
        let random = (0..<6).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        staging = URL(fileURLWithPath: parent).appendingPathComponent(".\(url.lastPathComponent).partial-\(random)").path
        // Mode as `mkdir` gives (the umask applies): renamed into place, it is the backup's folder.
        guard mkdir(staging, 0o777) == 0 else {
            throw CLIError("cannot write \(path): \(SystemErrorWords.writing(errno))", status: .cannotCreate)
        }
    }

    /// Runs `write` (which fills ``staging``), then moves what it wrote into the target. On any
    /// failure, or Ctrl-C, the staging folder is removed and the target is as it was.
    func commit(removingStale stale: (Set<String>) -> [String], _ write: () throws -> Void) throws {
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try InterruptCleanup.removing(staging) {
            try write()
            let names = Set((try? FileManager.default.contentsOfDirectory(atPath: staging)) ?? [])
            var status = stat()
            if stat(target, &status) != 0 {
                // A new folder: the whole backup appears at once.
                guard rename(staging, target) == 0 else { throw CLIError("cannot write \(target): \(SystemErrorWords.writing(errno))", status: .cannotCreate) }
                return
            }
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw CLIError("cannot write \(target)/: a file of that name is in the way", status: .cannotCreate)
            }
            for name in names.sorted() {
                let destination = URL(fileURLWithPath: target).appendingPathComponent(name).path
                guard rename(URL(fileURLWithPath: staging).appendingPathComponent(name).path, destination) == 0 else {
                    throw CLIError("cannot write \(destination): \(SystemErrorWords.writing(errno))", status: .cannotCreate)
                }
            }
            // Pages and sheets of an older, longer backup would otherwise be restored with the new one.
            for name in stale(names) {
                let path = URL(fileURLWithPath: target).appendingPathComponent(name).path
                guard FileManager.default.fileExists(atPath: path) else { continue }
                do { try FileManager.default.removeItem(atPath: path) } catch {
                    throw CLIError("\(path): cannot remove this file of the older backup")
                }
            }
        }
    }
}
