import Foundation

/// Which URL schemes a channel message may carry as a link. A subscriber sees a URL message as
/// something to open; `javascript:`, `data:`, `file:` or an app's scheme there runs or opens
/// something other than a web page, which the URL safety check (web hosts only) cannot judge.
/// So only `http` and `https` are links unless the poster allows another scheme by name, and a
/// reader flags every other scheme whoever allowed it.
public struct MessageLinkPolicy: Sendable, Equatable {
    public static let webSchemes: Set<String> = ["http", "https"]
    /// Lowercased scheme names.
    public let allowedSchemes: Set<String>

    /// The web schemes plus `extra` (any case, with or without a trailing colon).
    public init(allowing extra: [String] = []) {
        allowedSchemes = Self.webSchemes.union(extra.map { $0.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ":")) })
    }

    /// The URL's scheme, lowercased, or nil when `url` is not a URL with a scheme.
    public static func scheme(of url: String) -> String? {
        URL(string: url)?.scheme?.lowercased()
    }

    /// Whether `url` has a scheme this policy allows.
    public func allows(_ url: String) -> Bool {
        Self.scheme(of: url).map(allowedSchemes.contains) ?? false
    }
}
