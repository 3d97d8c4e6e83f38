import Foundation

/// A one-line progress bar on standard error, redrawn in place — only when standard error is a
/// terminal: piped or redirected output gets no bar and no carriage returns.
public final class ProgressBar {
    public let label: String
    public private(set) var total: Int
    private let enabled: Bool
    private var drawn = false

    public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// `enabled` defaults to "standard error is a terminal"; pass false for `--quiet`.
    public init(_ label: String, total: Int, enabled: Bool = ProgressBar.standardErrorIsTerminal) {
        self.label = label
        self.total = max(total, 1)
        self.enabled = enabled
    }

    /// Redraws the bar at `done` of `total` (the total may grow, e.g. once a backup's size is known).
    public func update(_ done: Int, total newTotal: Int? = nil, note: String = "") {
        if let newTotal { total = max(newTotal, 1) }
        guard enabled else { return }
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
