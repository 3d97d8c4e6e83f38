import Foundation

/// Runs a program and captures what it prints, for tests that check Seqr against
/// other tools (qrencode, zbarimg, pdftoppm, rsvg-convert) and run the `seqr` binary.
public struct ExternalTool: Sendable {
    public struct Outcome: Sendable {
        public let status: Int32
        public let stdout: Data
        public let stderr: String
        public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
    }

    public struct Missing: Error, CustomStringConvertible {
        public let name: String
        public init(name: String) { self.name = name }
        public var description: String { "\(name) is not installed; run scripts/setup (it installs every tool the tests use)" }
    }

    public let path: String

    public init(path: String) { self.path = path }

    /// The tool `name` on PATH; a missing tool is an error, never a silent skip.
    public static func named(_ name: String) throws -> ExternalTool {
        let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in search.split(separator: ":") where FileManager.default.isExecutableFile(atPath: "\(directory)/\(name)") {
            return ExternalTool(path: "\(directory)/\(name)")
        }
        throw Missing(name: name)
    }

    /// Runs the tool; `stdin` is written to its standard input and then closed.
    public func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let out = Pipe(), err = Pipe(), input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(stdin)
            try input.fileHandleForWriting.close()
        }
        // Read both pipes concurrently so that neither can fill up and block the child.
        nonisolated(unsafe) var errorData = Data()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            errorData = err.fileHandleForReading.readDataToEndOfFile()
            group.leave()
        }
        let outputData = out.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Outcome(status: process.terminationStatus, stdout: outputData, stderr: String(decoding: errorData, as: UTF8.self))
    }
}
