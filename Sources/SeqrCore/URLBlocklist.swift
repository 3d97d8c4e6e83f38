import Foundation

/// An offline list of dangerous hosts and URL prefixes, one per line:
///
///     # comments and blank lines are ignored
///     evil.example            a host: matches it and its subdomains
///     https://bad.example/x   a URL prefix: matches URLs starting with it
public struct URLBlocklist: Sendable, Equatable {
    public let hosts: Set<String>
    public let prefixes: [String]

    /// Reads a list: every line that is not blank or a comment is a host or a URL prefix; nothing throws.
    public init(parsing text: String) {
        var hosts = Set<String>(), prefixes: [String] = []
        for raw in text.split(whereSeparator: \.isNewline) {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let entry = line.split(separator: " ").first.map(String.init) ?? line
            if entry.contains("://") { prefixes.append(entry.lowercased()) } else { hosts.insert(entry.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "."))) }
        }
        self.hosts = hosts
        self.prefixes = prefixes
    }

    /// The entry that flags `url`, or nil.
    public func match(_ url: String) -> String? {
        let lowered = url.lowercased()
        if let prefix = prefixes.first(where: { lowered.hasPrefix($0) }) { return prefix }
        guard var host = URLComponents(string: url)?.host?.lowercased() else { return nil }
        while true {
            if hosts.contains(host) { return host }
            guard let dot = host.firstIndex(of: ".") else { return nil }
            host = String(host[host.index(after: dot)...])
        }
    }
}
