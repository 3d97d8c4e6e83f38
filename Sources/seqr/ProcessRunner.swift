import Foundation

/// Runs other programs for the benchmarks and measures them as whole processes.
enum ProcessRunner {
    struct Outcome {
        let status: Int32
        let output: Data
        let seconds: Double
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

    /// This program's own executable.
    static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// Runs `executable` with `arguments`, feeding `input` (a file) on standard input,
    /// and returns its status, standard output and wall time. Standard error is discarded.
    static func run(_ executable: String, _ arguments: [String], input: String? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        if let input { process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: input)) }
        let start = DispatchTime.now().uptimeNanoseconds
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return Outcome(status: process.terminationStatus, output: output, seconds: seconds)
    }
}
