import Crypto
import Foundation
import SeqrCore

/// A decrypted track as one self-contained HTML file (`seqr location follow --map out.html`):
/// Leaflet, the viewer's script and style and the fixes all inline, so opening it contacts no
/// server at all unless tiles were asked for. Its CSP (a meta tag) allows exactly these inline
/// scripts and styles, by their SHA-256, and images from the tile server alone.
public struct TrackMapFile: Sendable {
    public let fixes: [LocationFix]
    public let tiles: MapTileSource?
    public let leaflet: LeafletFiles

    public init(fixes: [LocationFix], tiles: MapTileSource?, leaflet: LeafletFiles) {
        self.fixes = fixes.sorted { $0.time < $1.time }
        self.tiles = tiles
        self.leaflet = leaflet
    }

    public var html: String {
        let leafletScript = String(decoding: leaflet.script, as: UTF8.self)
        let leafletStyle = String(decoding: leaflet.style, as: UTF8.self)
        let scripts = [leafletScript, LocationViewerResources.script]
        let styles = [leafletStyle, LocationViewerResources.style]
        let csp = "default-src 'none'; script-src \(scripts.map(Self.hashSource).joined(separator: " ")); "
            + "style-src \(styles.map(Self.hashSource).joined(separator: " ")); img-src \(tiles?.origin ?? "'none'"); "
            + "base-uri 'none'; form-action 'none'"
        let head = """
            <meta http-equiv="Content-Security-Policy" content="\(csp)">
            \(LocationViewerPage.mapMeta(tiles))
            \(styles.map { "<style>\($0)</style>" }.joined(separator: "\n"))
            """
        let body = """
            <script type="application/json" id="seqr-track">\(trackJSON)</script>
            \(scripts.map { "<script>\($0)</script>" }.joined(separator: "\n"))
            """
        // Leaflet is BSD-2-clause: its licence travels with this copy, as a comment.
        return "<!--\n" + LeafletFiles.license.replacingOccurrences(of: "--", with: "- -") + "\n-->\n"
            + LocationViewerResources.template
            .replacingOccurrences(of: "<!--seqr:head-->", with: head)
            .replacingOccurrences(of: "<!--seqr:body-->", with: body)
    }

    /// The fixes, in the JSON the viewer decrypts live; `<` escaped so no `</script>` can appear.
    var trackJSON: String {
        let items = fixes.map { String(decoding: $0.json(), as: UTF8.self) }
        return ("{\"fixes\":[" + items.joined(separator: ",") + "]}").replacingOccurrences(of: "<", with: "\\u003c")
    }

    static func hashSource(_ text: String) -> String {
        "'sha256-\(Data(SHA256.hash(data: Data(text.utf8))).base64EncodedString())'"
    }
}
