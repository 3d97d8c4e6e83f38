import Foundation

/// The live viewer as seqr-server serves it at `/l/<share id>`: Leaflet, the script and the
/// style from the server's own origin, the tile server (if any) named in two meta tags.
public struct LocationViewerPage: Sendable {
    public let tiles: MapTileSource?

    public init(tiles: MapTileSource?) { self.tiles = tiles }

    /// Where the page loads what it needs; seqr-server routes the same paths.
    public enum Path {
        public static let script = "/static/location-viewer.js"
        public static let style = "/static/location-viewer.css"
        public static let leafletScript = "/static/leaflet/leaflet.js"
        public static let leafletStyle = "/static/leaflet/leaflet.css"
        public static let leafletLicense = "/static/leaflet/LICENSE.txt"
    }

    public var html: String {
        LocationViewerResources.template
            .replacingOccurrences(of: "<!--seqr:head-->", with: """
                \(Self.mapMeta(tiles))
                <link rel="stylesheet" href="\(Path.leafletStyle)">
                <link rel="stylesheet" href="\(Path.style)">
                """)
            .replacingOccurrences(of: "<!--seqr:body-->", with: """
                <script src="\(Path.leafletScript)"></script>
                <script src="\(Path.script)"></script>
                """)
    }

    /// Only this server's script, style and API, and images from the tile server alone — or none.
    public var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src \(tiles?.origin ?? "'none'"); "
            + "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    public static var script: String { LocationViewerResources.script }
    public static var style: String { LocationViewerResources.style }

    /// The tile server for the script to read (empty: no tiles, the grid).
    static func mapMeta(_ tiles: MapTileSource?) -> String {
        """
        <meta name="seqr-map-tiles" content="\(htmlEscaped(tiles?.template ?? ""))">
        <meta name="seqr-map-tiles-host" content="\(htmlEscaped(tiles?.host ?? ""))">
        <meta name="seqr-map-attribution" content="\(htmlEscaped(tiles?.attribution ?? ""))">
        """
    }
}
