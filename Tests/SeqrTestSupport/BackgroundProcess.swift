import Foundation

/// A program started in the background for a test (a server), its standard output and error
/// going to a log file; killed (SIGKILL) and reaped when released. Spawned with posix_spawn,
/// because Foundation's Process hung here under Swift Testing's parallel runner.
public final class BackgroundProcess: @unchecked Sendable {
    public let pid: pid_t
    public let logPath: String
    private var reaped = false

    public init(_ path: String, _ arguments: [String], logPath: String) throws {
        self.logPath = logPath
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, logPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, path, &actions, nil, argv, environ)
        guard status == 0 else { throw ExternalTool.Missing(name: path) }
        pid = child
    }

    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Polls the log until `extract` finds something, for up to `seconds`.
    public func waitForLog<T>(seconds: Double = 60, _ extract: (String) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let value = extract(log) { return value }
            usleep(50_000)
        }
        return nil
    }

    /// Sends `signal` and waits for the process to end; returns its exit code, or nil when a
    /// signal ended it (or it was reaped before).
    @discardableResult
    public func stop(_ signal: Int32 = SIGKILL) -> Int32? {
        guard !reaped else { return nil }
        kill(pid, signal)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        reaped = true
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : nil
    }

    /// Waits up to `seconds` for the process to end by itself: its exit code, -1 when a signal
    /// ended it, or nil when it is still running.
    public func waitForExit(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            var status: Int32 = 0
            if !reaped, waitpid(pid, &status, WNOHANG) == pid {
                reaped = true
                return status & 0x7F == 0 ? (status >> 8) & 0xFF : -1
            }
            usleep(20_000)
        } while Date() < deadline
        return nil
    }

    deinit { stop() }
}
