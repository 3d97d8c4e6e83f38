import Foundation
import SeqrCLISupport
#if canImport(Glibc)
import Glibc
#endif

/// Runs other programs for the benchmarks and times them as whole processes.
///
/// Uses posix_spawn and waitpid directly: Foundation's `Process` adds tens of
/// milliseconds of its own, which would swamp a 3 ms `qrencode` run.
enum ProcessRunner {
    struct Outcome {
        let status: Int32
        let output: Data
        let seconds: Double
        /// Processor time of the process (user + system, all its threads), from wait4's rusage.
        let cpuSeconds: Double
        /// Peak resident memory of the process, in bytes (wait4's ru_maxrss).
        let peakBytes: Int
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Finds an executable on PATH, or nil.
    static func which(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The folder seqr-bench runs from (its real path: `.build/debug` is a link).
    static var ownFolder: URL {
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: me).deletingLastPathComponent()
    }

    /// The `seqr` executable the benchmarks run: $SEQR_BIN, else the one built beside
    /// seqr-bench, else the first on PATH.
    static func seqrExecutable() throws -> String {
        if let override = ProcessInfo.processInfo.environment["SEQR_BIN"] { return override }
        let beside = ownFolder.appendingPathComponent("seqr").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        guard let found = which("seqr") else { throw CLIError("no seqr executable beside seqr-bench or on PATH (set SEQR_BIN)") }
        return found
    }

    /// The Python that runs the reference readers (zxing-cpp's binding, OpenCV): the virtual
    /// environment scripts/bench-readers makes in the build folder seqr-bench was built in
    /// (`.build/bench-venv`, two levels above `.build/x86_64-unknown-linux-gnu/release`), when it
    /// exists, else python3 on PATH.
    static func referencePython() -> String? {
        var folder = ownFolder
        for _ in 0..<2 {
            folder.deleteLastPathComponent()
            let python = folder.appendingPathComponent("bench-venv/bin/python3").path
            if FileManager.default.isExecutableFile(atPath: python) { return python }
        }
        return which("python3")
    }

    /// Runs `executable` with `arguments`, standard input from the file `input` (or /dev/null),
    /// standard output captured through the file `outputPath`, standard error discarded.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil, outputPath: String) throws -> Outcome {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw Failure(description: "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let output = (try? Data(contentsOf: URL(fileURLWithPath: outputPath))) ?? Data()
        // WIFEXITED / WEXITSTATUS, which Swift does not import as functions.
        let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        func inSeconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Outcome(status: exitStatus, output: output, seconds: seconds, cpuSeconds: inSeconds(usage.ru_utime) + inSeconds(usage.ru_stime),
                       peakBytes: Int(usage.ru_maxrss) * 1024)
    }
}
