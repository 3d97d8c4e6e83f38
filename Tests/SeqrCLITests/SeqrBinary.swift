import Foundation
import SeqrTestSupport

/// The `seqr` executable built beside the test bundle (the test target depends on it).
enum SeqrBinary {
    static let tool: ExternalTool = {
        if let override = ProcessInfo.processInfo.environment["SEQR_BIN"] { return ExternalTool(path: override) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ExternalTool(path: URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("seqr").path)
    }()

    static func run(_ arguments: String..., stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try tool.run(arguments, stdin: stdin)
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try tool.run(arguments, stdin: stdin)
    }
}

extension ExternalTool.Outcome {
    /// Standard error's non-empty lines.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}
