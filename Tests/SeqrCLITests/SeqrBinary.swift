import Foundation
import SeqrTestSupport

/// The `seqr` executable built beside the test bundle (the test target depends on it), and
/// `seqr-bench` beside it (SEQR_BIN and SEQR_BENCH_BIN override them).
enum SeqrBinary {
    static let tool = built("seqr", override: "SEQR_BIN")
    static let bench = built("seqr-bench", override: "SEQR_BENCH_BIN")

    static func built(_ name: String, override: String) -> ExternalTool {
        if let path = ProcessInfo.processInfo.environment[override] { return ExternalTool(path: path) }
        let me = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return ExternalTool(path: URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent(name).path)
    }

    static func run(_ arguments: String..., stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try tool.run(arguments, stdin: stdin)
    }

    static func run(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try tool.run(arguments, stdin: stdin)
    }

    /// A readable QR code ("a good code") as good.png in `directory`: the valid input that error-path tests spoil.
    static func goodCode(in directory: TemporaryDirectory) throws -> String {
        let png = directory.file("good.png")
        _ = try run("encode", "--text", "a good code", "-o", png)
        return png
    }

    /// Runs `seqr-bench`, which runs the `seqr` under test.
    static func runBench(_ arguments: String...) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_BIN"] = tool.path
        return try bench.run(arguments, environment: environment)
    }
}

extension ExternalTool.Outcome {
    /// Standard error's non-empty lines.
    var errorLines: [Substring] { stderr.split(separator: "\n") }
}
