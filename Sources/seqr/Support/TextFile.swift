import Foundation
import SeqrCLISupport

/// A small text file (a key, a key set), with one clear error when it cannot be read.
/// Reads through a file handle, so that pipes such as `<(…)` work too.
func readText(_ path: String, what: String) throws -> String {
    guard let handle = FileHandle(forReadingAtPath: path), let text = String(data: handle.readDataToEndOfFile(), encoding: .utf8) else {
        throw CLIError("\(path): cannot read the \(what) file", status: .noInput)
    }
    return text
}
