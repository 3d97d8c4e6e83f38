/// What is known about a URL's safety. "Not checked" is never reported as safe.
public enum URLSafetyVerdict: Equatable, Sendable {
    /// Flagged: shown with a warning, never silently blocked (false positives happen).
    case flagged([String])
    /// Checked against these sources, with no match.
    case noMatch(checkedBy: [String])
    /// No check could be made (no source configured, or the service unreachable).
    case notChecked(String)

    public var summary: String {
        switch self {
        case .flagged(let reasons): "⚠ WARNING: flagged as dangerous (\(reasons.joined(separator: "; "))) — open only if you are sure"
        case .noMatch(let sources): "no match in \(sources.joined(separator: " and "))"
        case .notChecked(let reason): "not checked (\(reason))"
        }
    }
}
