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
                    for path in doomed { try? FileManager.default.removeItem(atPath: path) }
                    _exit(128 + number)
                }
                source.resume()
                sources.append(source)
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
