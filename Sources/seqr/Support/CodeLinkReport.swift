import Foundation
import SeqrCore
import SeqrURLSafety

/// Where a Seqr code read from a link (https://HOST/app/#CODE) points: the code inside is the same
/// whatever the host, so a look-alike phishing host would otherwise pass unseen ("public key: City
/// Council"). The host is shown with the result, checked as any URL is (blocklist, Safe Browsing) and
/// for look-alike letters, and compared with the link host `seqr config link` saved.
struct CodeLinkReport: Encodable, Equatable {
    /// The link's host (and port), as the link gives it.
    let host: String
    /// Whether `host` is the saved link host's; nil when none is saved.
    let configured: Bool?
    /// The saved link host, when one is and it differs.
    let configuredHost: String?
    /// ``HostNameWarning`` raw values: `punycode`, `nonASCII`, `mixedScripts`.
    let warnings: [String]
    /// The blocklist and Safe Browsing on the link's web app URL (https://HOST/app/).
    var urlCheck: ScanCommand.URLCheck?

    /// The report for `payload` when it is the text of a Seqr link, else nil; `configuredBase` is
    /// `seqr config link`'s value (https://HOST[:PORT]).
    init?(payload: [UInt8], configuredBase: String?) {
        guard payload.count < 8_192, let text = String(validating: payload, as: UTF8.self),
              let link = try? SeqrCodeLink(parsing: text) else { return nil }
        let host = Self.host(of: link.base)
        let saved = configuredBase.map(Self.host(of:))
        let configured = saved.map { $0 == host }
        self.host = host
        self.configured = configured
        configuredHost = configured == false ? saved : nil
        warnings = HostNameWarning.check(host).map(\.rawValue)
        url = link.base + "/app/"
    }

    /// The URL the check looks up: the web app the link opens.
    let url: String

    enum CodingKeys: String, CodingKey { case host, configured, configuredHost, warnings, urlCheck }

    /// Whether anything about the host deserves a warning.
    var isSuspect: Bool {
        configured == false || !warnings.isEmpty || urlCheck?.verdict == "flagged"
    }

    /// The text output's lines, each starting with two spaces.
    func lines(urlCheckSummary: String?) -> [String] {
        let shown = DisplayName.escaped(host)
        var lines: [String] = []
        switch configured {
        case true?: lines.append("  link host: \(shown) (your link host)")
        case false?:
            lines.append("  ⚠ link host: \(shown) is not your link host \(DisplayName.escaped(configuredHost ?? "")) (seqr config link): "
                         + "the code may come from a look-alike page")
        case nil: lines.append("  link host: \(shown) (no link host saved to compare with: seqr config link https://HOST)")
        }
        for warning in warnings.compactMap(HostNameWarning.init(rawValue:)) {
            lines.append("  ⚠ link host: \(shown) has \(warning.words)")
        }
        if let urlCheckSummary {
            lines.append(urlCheck?.verdict == "flagged" ? "  link host: \(urlCheckSummary)" : "  link host URL safety: \(urlCheckSummary)")
        }
        return lines
    }

    /// "https://host:port" → "host:port", lowercased as link bases are, and as a browser shows it:
    /// Foundation reads an `xn--` label as the Unicode name and percent-encodes it, which is decoded here,
    /// so that the letters a look-alike uses are the ones checked and shown.
    private static func host(of base: String) -> String {
        let withoutScheme = base.range(of: "://").map { String(base[$0.upperBound...]) } ?? base
        return (withoutScheme.removingPercentEncoding ?? withoutScheme).lowercased()
    }
}
