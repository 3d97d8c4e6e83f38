import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The store's directory (0700) and database file (0600), private from the moment they exist:
/// created with those modes rather than chmod-ed afterwards, so no other user can open them in
/// between. SQLite creates the -wal and -shm files with the database file's mode, so they are
/// 0600 too. Stores made by older versions are tightened when opened.
enum PrivateStoreFiles {
    static func prepare(directory: String, database: String) throws {
        // Split by hand: Foundation's deletingLastPathComponent traps on one-character paths.
        let trimmed = directory.hasSuffix("/") && directory.count > 1 ? String(directory.dropLast()) : directory
        let parent = trimmed.lastIndex(of: "/").map { String(trimmed[..<$0]) } ?? ""
        if !parent.isEmpty, !FileManager.default.fileExists(atPath: parent) {
            try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: true)
        }
        if mkdir(directory, 0o700) != 0 {
            guard errno == EEXIST else { throw failure(directory, "cannot create the store directory") }
            try tighten(directory, to: 0o700)
        }
        let descriptor = open(database, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else {
            guard errno == EEXIST else { throw failure(database, "cannot create the store") }
            for path in [database, database + "-wal", database + "-shm"] where FileManager.default.fileExists(atPath: path) {
                try tighten(path, to: 0o600)
            }
        }
    }

    /// Removes group and other permissions from a store file made by an older version.
    static func tighten(_ path: String, to mode: mode_t) throws {
        var status = stat()
        guard stat(path, &status) == 0 else { throw failure(path, "cannot read the store's permissions") }
        if status.st_mode & 0o077 != 0, chmod(path, mode) != 0 { throw failure(path, "cannot make the store private") }
    }

    static func failure(_ path: String, _ what: String) -> StoreError {
        .unusableStore("\(path): \(what) (\(String(cString: strerror(errno))))")
    }
}
