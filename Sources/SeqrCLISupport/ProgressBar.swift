import Foundation

/// Progress on standard error: on a terminal a one-line bar redrawn in place; piped or
/// redirected (a CI log, `2>file`) a plain line per tenth of the work, with no carriage returns.
public final class ProgressBar {
    public let label: String
    public private(set) var total: Int
    private let enabled: Bool
    private let interactive: Bool
    private var drawn = false
    /// The last tenth reported as a plain line.
    private var reportedTenths = 0

    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// `enabled`: false for `--quiet` (and where standard error carries something else).
    public init(_ label: String, total: Int, enabled: Bool = true, interactive: Bool = ProgressBar.standardErrorIsTerminal) {
        self.label = label
        self.total = max(total, 1)
        self.enabled = enabled
        self.interactive = interactive
    }

    /// Redraws the bar at `done` of `total` (the total may grow, e.g. once a backup's size is known).
    public func update(_ done: Int, total newTotal: Int? = nil, note: String = "") {
        if let newTotal { total = max(newTotal, 1) }
        guard enabled else { return }
        guard interactive else {
            let tenths = min(max(done, 0), total) * 10 / total
            if tenths > reportedTenths {
                reportedTenths = tenths
                StandardStreams.warn("\(label): \(tenths * 10) % (\(min(done, total))/\(total))")
            }
            return
        }
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + Self.line(label: label, done: done, total: total, note: note)).utf8))
        drawn = true
    }

    /// A line of text above the bar (clears the bar; the next update draws it again).
    public func warn(_ text: String) {
        clear()
        StandardStreams.warn(text)
    }

    /// Removes the bar, leaving the line empty for what comes next.
    public func clear() {
        guard drawn else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        drawn = false
    }

    /// "backup [#########-----------]  9/20 pages".
    public static func line(label: String, done: Int, total: Int, note: String = "", width: Int = 24) -> String {
        let clamped = min(max(done, 0), total)
        let filled = total > 0 ? clamped * width / total : width
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return "\(label) [\(bar)] \(clamped)/\(total)" + (note.isEmpty ? "" : " \(note)")
    }
}
