/// Every way the viewer's configuration can be refused: a tile template, Leaflet's files.
public enum LocationViewerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a URL, or one with a user name, password, query or fragment.
    case tileTemplateMalformed(String)
    /// Plain http to a host other than loopback (the tile server would see the area over the network in clear).
    case tileTemplateNotHTTPS(String)
    /// `{z}`, `{x}` or `{y}` missing.
    case tileTemplateMissingPlaceholder(String, placeholder: String)
    /// `{s}`: several hosts, while the CSP names exactly one origin.
    case tileTemplateSubdomains(String)
    /// libjs-leaflet is not installed (or not at the directory given).
    case leafletMissing(directory: String)

    public var description: String {
        switch self {
        case .tileTemplateMalformed(let template):
            "--map-tiles \(template) is not a tile URL like https://tiles.example/{z}/{x}/{y}.png (no user, query or fragment)"
        case .tileTemplateNotHTTPS(let template):
            "--map-tiles \(template) must use https (plain http only to localhost or 127.0.0.1)"
        case .tileTemplateMissingPlaceholder(let template, let placeholder):
            "--map-tiles \(template) has no \(placeholder): it needs {z}, {x} and {y}"
        case .tileTemplateSubdomains(let template):
            "--map-tiles \(template) uses {s}: name one host, so that exactly one tile server is allowed"
        case .leafletMissing(let directory):
            "Leaflet is not in \(directory): install Debian's libjs-leaflet (scripts/setup does)"
        }
    }
}
