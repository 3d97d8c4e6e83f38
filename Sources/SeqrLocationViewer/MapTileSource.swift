import Foundation

/// The one tile server an operator chose (`--map-tiles`, `--map-attribution`): the only
/// third party a viewer contacts, and it learns the area viewed. Its origin is the only one the
/// page's CSP lets images come from.
public struct MapTileSource: Sendable, Equatable {
    /// Leaflet's URL template, `{z}/{x}/{y}` (and optionally `{r}`) filled in by the page.
    public let template: String
    /// HTML shown in the map's corner (the tile provider's licence usually asks for one).
    public let attribution: String
    /// `scheme://host[:port]`, as the CSP names it.
    public let origin: String
    /// The host, as the page tells the reader who sees the area.
    public let host: String

    public init(template: String, attribution: String = "") throws(LocationViewerError) {
        for placeholder in ["{z}", "{x}", "{y}"] where !template.contains(placeholder) {
            throw .tileTemplateMissingPlaceholder(template, placeholder: placeholder)
        }
        if template.contains("{s}") { throw .tileTemplateSubdomains(template) }
        // The placeholders are not URL characters; a digit stands in for each while parsing.
        var probe = template
        for placeholder in ["{z}", "{x}", "{y}", "{r}"] { probe = probe.replacingOccurrences(of: placeholder, with: "0") }
        guard !probe.contains("{"), !probe.contains("}"), !probe.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" }),
              let url = URLComponents(string: probe), let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased(),
              !host.isEmpty, host.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }),
              url.user == nil, url.password == nil, url.query == nil, url.fragment == nil, scheme == "https" || scheme == "http"
        else { throw .tileTemplateMalformed(template) }
        if scheme == "http" && !Self.isLoopback(host) { throw .tileTemplateNotHTTPS(template) }
        self.template = template
        self.attribution = attribution
        self.host = host
        origin = "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? "")
    }

    /// Names only: CSP host sources cannot name an IPv6 literal such as [::1].
    static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || (host.hasPrefix("127.") && host.split(separator: ".").count == 4 && host.split(separator: ".").allSatisfy { UInt8($0) != nil })
    }
}
