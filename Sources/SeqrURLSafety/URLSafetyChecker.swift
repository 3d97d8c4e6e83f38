import Foundation
import SeqrCore

/// The offline blocklist and Google Safe Browsing together. Safe Browsing uses the Update API
/// (`SafeBrowsingUpdateClient`): lists of hash prefixes kept on this machine, so that checking a
/// URL never sends it, nor its host, anywhere.
public struct URLSafetyChecker: Sendable {
    public var blocklist: URLBlocklist?
    public var safeBrowsing: SafeBrowsingUpdateClient?

    public init(blocklist: URLBlocklist? = nil, safeBrowsing: SafeBrowsingUpdateClient? = nil) {
        self.blocklist = blocklist
        self.safeBrowsing = safeBrowsing
    }

    public func check(_ url: String) async -> URLSafetyVerdict {
        var sources: [String] = [], flags: [String] = [], problems: [String] = []
        if let blocklist {
            sources.append("the offline blocklist")
            if let entry = blocklist.match(url) { flags.append("blocklist entry \(entry)") }
        }
        if let safeBrowsing {
            let answer = await safeBrowsing.check(url)
            if answer.checked { sources.append("Google Safe Browsing") }
            if !answer.threats.isEmpty { flags.append("Safe Browsing: \(answer.threats.joined(separator: ", "))") }
            problems += answer.notes
        }
        if !flags.isEmpty { return .flagged(flags) }
        if sources.isEmpty { return .notChecked(problems.first ?? "no blocklist or Safe Browsing key configured") }
        // When Safe Browsing could not answer fully, say so next to what did check.
        return .noMatch(checkedBy: sources + problems.map { "(\($0))" })
    }

    /// From the environment: SEQR_BLOCKLIST (a file), SEQR_SAFE_BROWSING_KEY and
    /// SEQR_SAFE_BROWSING_ENDPOINT (the v4 base URL); the Safe Browsing lists are kept at
    /// `safeBrowsingDatabasePath`.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment, blocklistPath: String? = nil,
                                       safeBrowsingDatabasePath: String) throws(URLSafetyError) -> URLSafetyChecker {
        var checker = URLSafetyChecker()
        if let path = blocklistPath ?? environment["SEQR_BLOCKLIST"] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .blocklistUnreadable(path: path) }
            checker.blocklist = URLBlocklist(parsing: text)
        }
        if let key = environment["SEQR_SAFE_BROWSING_KEY"], !key.isEmpty {
            let endpoint = environment["SEQR_SAFE_BROWSING_ENDPOINT"] ?? SafeBrowsingUpdateClient.defaultEndpoint
            // The key rides in the query string: never over plain http beyond loopback.
            guard (try? ServerTransportPolicy.check(endpoint, allowsInsecureHTTP: false)) != nil else { throw .insecureEndpoint(endpoint) }
            checker.safeBrowsing = SafeBrowsingUpdateClient(apiKey: key, databasePath: safeBrowsingDatabasePath, endpoint: endpoint)
        }
        return checker
    }
}
