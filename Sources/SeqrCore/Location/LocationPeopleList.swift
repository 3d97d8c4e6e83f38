import Foundation

/// The file `seqr location follow --people FILE` reads: one share to follow a line, `NAME=LINK` or
/// a bare `LINK` (or a picture's path), blank lines and lines starting with `#` skipped, lines
/// ended by LF or CRLF. Only the lines are read here; each entry is then read as the command's
/// arguments are (``nameAndSource(of:)``, then a link or a picture).
///
/// Security contract: the file may come from someone else, so it is bounded before anything is
/// done with it — at most ``maximumBytes`` and ``maximumEntries`` — and refused, never cut short,
/// when it is over. A name is shown only escaped (the command's job, `DisplayName.escaped`).
public struct LocationPeopleList: Sendable, Equatable {
    /// The web app's People map keeps at most as many people; a list of more is refused.
    public static let maximumEntries = 50
    /// 50 links of a few hundred bytes each: a larger file is not a list of people (and is not read whole).
    public static let maximumBytes = 64 * 1024

    /// One line that names a share: its text, trimmed, and its line number (from 1).
    public struct Entry: Sendable, Equatable {
        public let line: Int
        public let text: String

        public init(line: Int, text: String) {
            self.line = line
            self.text = text
        }
    }

    public enum Error: Swift.Error, Equatable, Sendable, CustomStringConvertible {
        case tooLarge(bytes: Int)
        case notUTF8
        /// More than `maximum` entries, counting the ones given before the file.
        case tooManyEntries(maximum: Int)

        public var description: String {
            switch self {
            case .tooLarge(let bytes): "\(bytes) bytes is not a list of people (at most \(LocationPeopleList.maximumBytes / 1024) KiB)"
            case .notUTF8: "not UTF-8 text"
            case .tooManyEntries(let maximum): "more than \(maximum) shares to follow: split them over several follows"
            }
        }
    }

    public let entries: [Entry]

    /// Reads the file's lines (none, for a file of blank lines and comments: the command says so);
    /// `alreadyGiven` entries (the command's arguments) count against ``maximumEntries``.
    public init(parsing data: some Collection<UInt8>, alreadyGiven: Int = 0) throws(Error) {
        guard data.count <= Self.maximumBytes else { throw .tooLarge(bytes: data.count) }
        guard var text = String(validating: data, as: UTF8.self) else { throw .notUTF8 }
        // A byte-order mark, as some editors write one: not part of the first line's name or link.
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        var entries: [Entry] = []
        // "\r\n" is one Character in Swift: splitting on "\n" alone left a CRLF file as one line.
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !entry.isEmpty, !entry.hasPrefix("#") else { continue }
            entries.append(Entry(line: number + 1, text: entry))
            guard alreadyGiven + entries.count <= Self.maximumEntries else { throw .tooManyEntries(maximum: Self.maximumEntries) }
        }
        // Also when the file adds none: the arguments alone may be over.
        guard alreadyGiven + entries.count <= Self.maximumEntries else { throw .tooManyEntries(maximum: Self.maximumEntries) }
        self.entries = entries
    }

    /// `NAME=LINK` split into the name and what follows it; nil name for anything else (no `=`, an
    /// empty name, or a `/` or `:` before the `=`, which make it a link or a path). A command reading
    /// an argument that names an existing file takes it whole, before asking this.
    public static func nameAndSource(of entry: String) -> (name: String?, source: String) {
        guard let equals = entry.firstIndex(of: "="), !entry[..<equals].isEmpty,
              !entry[..<equals].contains("/"), !entry[..<equals].contains(":") else { return (nil, entry) }
        return (String(entry[..<equals]), String(entry[entry.index(after: equals)...]))
    }
}
