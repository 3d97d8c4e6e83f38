import Foundation

/// Small helpers around the process's standard streams.
public enum StandardStreams {
    public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The name errors and warnings start with: the executable's own ("seqr", "seqr-bench"). Split by
    /// hand: a URL would set up Foundation's path machinery for one warning line.
    public static let programName = CommandLine.arguments.first.map { path in
        path.split(separator: "/").last.map(String.init) ?? path
    } ?? "seqr"

    public static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    public static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// What a command did, when its result is a file or the output is piped: standard error, so
    /// that standard output carries only the result (`-o -`, a link, JSON).
    public static func status(_ text: String) { warn(text) }

    /// One line to standard error, for progress and per-file problems.
    public static func warn(_ text: String) {
        FileHandle.standardError.write(Data((programName + ": " + text + "\n").utf8))
    }

    public static func readAllInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }
}
