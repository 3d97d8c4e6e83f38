import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `seqr-server admin restore`: puts a backup in place of a SQLite database, server stopped.
///
/// Nothing is replaced until the backup has passed every check, and nothing is deleted:
/// 1. the backup is copied to a hidden file beside the database (so the checks read exactly the
///    bytes that will be used, and the original backup is never touched);
/// 2. the copy must pass `integrity_check` and be a Seqr database at a schema this build knows
///    (an older one is fine: the next start migrates it) — else it is removed and the error names
///    the backup;
/// 3. the current database must not be open in a server (``SQLiteFileLock``, held exclusive from
///    here to the end);
/// 4. the current database and its `-wal`/`-shm` are renamed together to
///    `DATABASE.before-restore-TIMESTAMP` (a crashed server's WAL stays with its database), and the
///    checked copy — owner-only, owned as the database it replaces — is renamed into place.
public enum SQLiteRestore {
    public struct Outcome: Sendable, Equatable {
        /// Where the database that was replaced now is (nil when there was none).
        public let keptAside: String?
        /// The backup's schema: its pending migrations run at the next start.
        public let schema: SchemaCheck
    }

    public static func restore(backup: String, database: String, now: Date = Date()) throws(DatabaseCheckError) -> Outcome {
        let manager = FileManager.default
        guard manager.fileExists(atPath: backup) else { throw .missing(path: backup) }
        let folder = (database as NSString).deletingLastPathComponent.isEmpty ? "." : (database as NSString).deletingLastPathComponent
        do {
            try manager.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotWrite(path: database, reason: "cannot create \(folder)")
        }
        let staged = folder + "/." + (database as NSString).lastPathComponent + ".restoring-" + UUID().uuidString.prefix(8).lowercased()
        var placed = false
        defer { if !placed { SQLiteBackup.removeDatabaseFiles(staged) } }
        try copy(backup, to: staged, output: database)
        let schema: SchemaCheck
        do throws(DatabaseCheckError) {
            schema = try SchemaCheck.check(path: staged, integrity: true)
            // An empty database is no backup (a file cut short can read as one).
            if schema.applied.isEmpty { throw .notSeqr(path: staged) }
        } catch {
            // The staged copy is this command's own file: the error names the file the operator gave.
            throw error.naming(backup, instead: staged)
        }
        // Reading it may have left journal files beside the copy; they must not follow it into place.
        for suffix in ["-journal", "-wal", "-shm"] { unlink(staged + suffix) }
        var keptAside: String?
        var lock: SQLiteFileLock?
        if manager.fileExists(atPath: database) {
            guard let exclusive = try SQLiteFileLock.acquire(path: database, mode: .exclusive) else { throw .inUse(path: database) }
            lock = exclusive
            let aside = database + ".before-restore-" + timestamp(now)
            guard !manager.fileExists(atPath: aside) else { throw .cannotWrite(path: aside, reason: "the file exists") }
            guard rename(database, aside) == 0 else { throw .cannotWrite(path: database, reason: String(cString: strerror(errno))) }
            for suffix in ["-wal", "-shm"] where manager.fileExists(atPath: database + suffix) {
                rename(database + suffix, aside + suffix)
            }
            keptAside = aside
        }
        // The restored file belongs to whoever owned the one it replaces (or the folder): a restore run
        // as root into a service's state directory stays readable by the service.
        var owner = stat()
        if stat(keptAside ?? folder, &owner) == 0, geteuid() == 0 { chown(staged, owner.st_uid, owner.st_gid) }
        guard rename(staged, database) == 0 else {
            let reason = String(cString: strerror(errno))
            // Put the old one back: a failed restore leaves things as they were.
            if let keptAside {
                rename(keptAside, database)
                for suffix in ["-wal", "-shm"] { rename(keptAside + suffix, database + suffix) }
            }
            throw .cannotWrite(path: database, reason: reason)
        }
        placed = true
        withExtendedLifetime(lock) {}
        try SQLiteBackup.flush(folder, output: database)
        return Outcome(keptAside: keptAside, schema: schema)
    }

    /// A byte copy, owner-only, flushed to disk.
    static func copy(_ source: String, to target: String, output: String) throws(DatabaseCheckError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .unreadable(path: source, reason: String(cString: strerror(errno))) }
        defer { close(input) }
        let out = open(target, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard out >= 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
        defer { close(out) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0 { throw .unreadable(path: source, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            var written = 0
            while written < count {
                let step = buffer.withUnsafeBytes { write(out, $0.baseAddress! + written, count - written) }
                guard step > 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
                written += step
            }
        }
        guard fsync(out) == 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
    }

    static func timestamp(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        return formatter.string(from: date)
    }
}

extension DatabaseCheckError {
    /// The same refusal about `path` rather than `other` (a staged copy the operator never named).
    func naming(_ path: String, instead other: String) -> DatabaseCheckError {
        switch self {
        case .missing: .missing(path: path)
        case .unreadable(_, let reason): .unreadable(path: path, reason: reason)
        case .notSQLite: .notSQLite(path: path)
        case .damaged(_, let finding): .damaged(path: path, finding: finding)
        case .notSeqr: .notSeqr(path: path)
        case .newerSchema(_, let unknown, let known): .newerSchema(path: path, unknown: unknown, known: known)
        default: self
        }
    }
}
