import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// An advisory `flock(2)` on the database file: every ``SQLiteRepository`` (a running server, an
/// admin command) holds it shared, and `admin restore` takes it exclusive before it moves the
/// database aside, so a restore never swaps the file under a running server. `flock` locks are
/// apart from the `fcntl` locks SQLite itself takes on Linux, so the two never interfere.
final class SQLiteFileLock: @unchecked Sendable {
    enum Mode { case shared, exclusive }

    private let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    /// Nil when another holder's lock conflicts (it never waits); throws when the file cannot be opened.
    static func acquire(path: String, mode: Mode) throws(DatabaseCheckError) -> SQLiteFileLock? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard flock(descriptor, (mode == .shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0 else {
            close(descriptor)
            return nil
        }
        return SQLiteFileLock(descriptor: descriptor)
    }

    deinit { close(descriptor) }
}
