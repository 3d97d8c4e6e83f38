import Dispatch
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Removes half-written outputs when the user presses Ctrl-C (or the process gets SIGTERM):
/// a staging folder or temporary file registered here is deleted before the process exits
/// with 128 + the signal, so an interrupted backup leaves nothing that looks like a backup.
public enum InterruptCleanup {
    private static let state = State()

    /// Runs `body` with `path` (a file or folder) removed if a signal arrives meanwhile.
    public static func removing<T>(_ path: String, during body: () throws -> T) rethrows -> T {
        state.installOnce()
        state.add(path)
        defer { state.remove(path) }
        return try body()
    }

    private final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var paths: [String] = []
        private var sources: [DispatchSourceSignal] = []

        func installOnce() {
            lock.lock()
            defer { lock.unlock() }
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in
                    lock.lock()
                    let doomed = paths
                    lock.unlock()
                    for path in doomed { State.remove(path) }
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }

        /// Removes `path`, and again while the interrupted work still adds to it: the backup goes on
        /// in another thread until `_exit`, and a page renamed into place while the folder is being
        /// emptied makes one removal fail (a flaky `make test` left a staging folder so).
        static func remove(_ path: String) {
            var status = stat()
            for _ in 0..<1_000 {
                try? FileManager.default.removeItem(atPath: path)
                if lstat(path, &status) != 0 { return }
            }
        }

        func add(_ path: String) {
            lock.lock()
            paths.append(path)
            lock.unlock()
        }

        func remove(_ path: String) {
            lock.lock()
            paths.removeAll { $0 == path }
            lock.unlock()
        }
    }
}
