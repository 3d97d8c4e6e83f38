import Foundation
import SeqrCore

/// Small helpers around the process's standard streams.
public enum StandardStreams {
    public static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    public static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The name errors and warnings start with: the executable's own ("seqr", "seqr-bench"). Split by
    /// hand: a URL would set up Foundation's path machinery for one warning line.
    public static let programName = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "seqr"

    public static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    public static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// What a command did, when its result is a file or the output is piped: standard error, so
    /// that standard output carries only the result (`-o -`, a link, JSON).
    public static func status(_ text: String) { warn(text) }

    /// One line to standard error, for progress and per-file problems. Whatever it quotes (a file
    /// name from a folder of downloads, a server's message) reaches the terminal with its control
    /// and bidi characters written as `\u{…}`: an escape sequence in a name is never run.
    public static func warn(_ text: String) {
        FileHandle.standardError.write(Data((programName + ": " + DisplayName.escapingUnprintable(text) + "\n").utf8))
    }

    public static func readAllInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }
}
