import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// `seqr-server admin backup`: a consistent copy of a SQLite database while a server writes to it.
///
/// `VACUUM INTO` reads the database in one read transaction — one snapshot, in WAL mode without
/// stopping the server's writers — so the copy holds every write committed before it began and
/// nothing half-written. The copy is written to a hidden file beside the output, made one
/// self-contained file (rollback journal, not WAL), checked with `integrity_check`, flushed to
/// disk, and only then renamed into place: an interrupted backup leaves nothing that looks like one.
/// It holds account hashes and note ciphertexts, so it is created owner-only (0600).
public enum SQLiteBackup {
    /// Copies the database at `database` to `output`; an existing `output` only with `force`.
    public static func write(database: String, to output: String, force: Bool) throws(DatabaseCheckError) {
        // The source must be a Seqr database this build can read back; a newer one is not ours to copy.
        _ = try SchemaCheck.check(path: database, integrity: false)
        let manager = FileManager.default
        if manager.fileExists(atPath: output) && !force { throw .cannotWrite(path: output, reason: "the file exists (--force replaces it)") }
        let folder = (output as NSString).deletingLastPathComponent.isEmpty ? "." : (output as NSString).deletingLastPathComponent
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .cannotWrite(path: output, reason: "no folder \(folder)")
        }
        let partial = folder + "/." + (output as NSString).lastPathComponent + ".partial-" + UUID().uuidString.prefix(8).lowercased()
        // Created empty and owner-only first, so the copy is never readable by others, not even for a moment.
        let descriptor = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
        close(descriptor)
        var renamed = false
        defer { if !renamed { removeDatabaseFiles(partial) } }
        do {
            var readOnly = Configuration()
            readOnly.readonly = true
            readOnly.busyMode = .timeout(10)
            let source = try DatabaseQueue(path: database, configuration: readOnly)
            try source.inDatabase { db in try db.execute(sql: "VACUUM INTO ?", arguments: [partial]) }
            try source.close()
            let copy = try DatabaseQueue(path: partial)
            try copy.inDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
                let findings = try String.fetchAll(db, sql: "PRAGMA integrity_check(1)")
                if findings != ["ok"] { throw DatabaseCheckError.damaged(path: partial, finding: findings.first ?? "no answer") }
            }
            try copy.close()
        } catch let error as DatabaseCheckError {
            throw error
        } catch {
            throw .cannotWrite(path: output, reason: (error as? DatabaseError)?.message ?? "\(error)")
        }
        try flush(partial, output: output)
        guard rename(partial, output) == 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
        renamed = true
        try flush(folder, output: output)
    }

    /// fsync(2) on a file or folder: the copy is on disk before its name says it is a backup.
    static func flush(_ path: String, output: String) throws(DatabaseCheckError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else { throw .cannotWrite(path: output, reason: String(cString: strerror(errno))) }
    }

    /// A temporary database and the journal files SQLite may have left beside it.
    static func removeDatabaseFiles(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }
}
