import Foundation

/// Small helpers around the process's standard streams.
enum StandardStreams {
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    static var inputIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    static func print(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// One line to standard error, for progress and per-file problems.
    static func warn(_ text: String) {
        FileHandle.standardError.write(Data(("seqr: " + text + "\n").utf8))
    }

    static func readAllInput() -> Data {
        FileHandle.standardInput.readDataToEndOfFile()
    }

    /// Pretty, key-sorted JSON, so scripts and diffs see a stable shape.
    static func printJSON<T: Encodable>(_ value: T) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        write(try encoder.encode(value))
        write(Data("\n".utf8))
    }
}
