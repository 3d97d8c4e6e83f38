import AsyncHTTPClient
import Foundation
import NIOCore
import SeqrCore

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

/// A Google Safe Browsing v4 Lookup API client (`threatMatches:find`).
public struct SafeBrowsingClient: Sendable {
    public static let defaultEndpoint = "https://safebrowsing.googleapis.com/v4/threatMatches:find"

    public let apiKey: String
    public let endpoint: String

    /// How long one lookup may take before it counts as unreachable.
    public let timeout: TimeAmount

    public init(apiKey: String, endpoint: String = SafeBrowsingClient.defaultEndpoint, timeout: TimeAmount = .seconds(5)) {
        self.apiKey = apiKey
        self.endpoint = endpoint
        self.timeout = timeout
    }

    struct Request: Encodable {
        struct Client: Encodable { let clientId: String; let clientVersion: String }
        struct ThreatInfo: Encodable {
            let threatTypes: [String]
            let platformTypes: [String]
            let threatEntryTypes: [String]
            let threatEntries: [[String: String]]
        }
        let client: Client
        let threatInfo: ThreatInfo
    }

    struct Response: Decodable {
        struct Match: Decodable {
            struct Threat: Decodable { let url: String }
            let threatType: String
            let threat: Threat
        }
        let matches: [Match]?
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Threat types per URL, for the URLs that matched.
    public func lookup(_ urls: [String]) async throws -> [String: [String]] {
        let body = Request(
            client: .init(clientId: "seqr", clientVersion: "0.1.0"),
            threatInfo: .init(threatTypes: ["MALWARE", "SOCIAL_ENGINEERING", "UNWANTED_SOFTWARE", "POTENTIALLY_HARMFUL_APPLICATION"],
                              platformTypes: ["ANY_PLATFORM"], threatEntryTypes: ["URL"], threatEntries: urls.map { ["url": $0] }))
        var request = HTTPClientRequest(url: endpoint + (endpoint.contains("?") ? "&" : "?") + "key=" + (apiKey.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? apiKey))
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(bytes: try JSONEncoder().encode(body)))
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        let data = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else { throw Failure(description: "Safe Browsing answered HTTP \(response.status.code)") }
        let decoded = try JSONDecoder().decode(Response.self, from: Data(data.readableBytesView))
        var result: [String: [String]] = [:]
        for match in decoded.matches ?? [] { result[match.threat.url, default: []].append(match.threatType) }
        return result
    }
}

/// The blocklist and Safe Browsing together.
public struct URLSafetyChecker: Sendable {
    public var blocklist: URLBlocklist?
    public var safeBrowsing: SafeBrowsingClient?

    public init(blocklist: URLBlocklist? = nil, safeBrowsing: SafeBrowsingClient? = nil) {
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
            do {
                let matches = try await safeBrowsing.lookup([url])
                sources.append("Google Safe Browsing")
                if let threats = matches[url] { flags.append("Safe Browsing: \(threats.joined(separator: ", "))") }
            } catch {
                problems.append("Safe Browsing unreachable: \(error)")
            }
        }
        if !flags.isEmpty { return .flagged(flags) }
        if sources.isEmpty { return .notChecked(problems.first ?? "no blocklist or Safe Browsing key configured") }
        // When Safe Browsing could not answer, say so next to what did check.
        return .noMatch(checkedBy: sources + problems.map { "(\($0))" })
    }

    /// From the environment: SEQR_BLOCKLIST (a file), SEQR_SAFE_BROWSING_KEY and SEQR_SAFE_BROWSING_ENDPOINT.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment, blocklistPath: String? = nil) throws -> URLSafetyChecker {
        var checker = URLSafetyChecker()
        if let path = blocklistPath ?? environment["SEQR_BLOCKLIST"] {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw SafeBrowsingClient.Failure(description: "\(path): cannot read the blocklist") }
            checker.blocklist = URLBlocklist(parsing: text)
        }
        if let key = environment["SEQR_SAFE_BROWSING_KEY"], !key.isEmpty {
            checker.safeBrowsing = SafeBrowsingClient(apiKey: key, endpoint: environment["SEQR_SAFE_BROWSING_ENDPOINT"] ?? SafeBrowsingClient.defaultEndpoint)
        }
        return checker
    }
}
