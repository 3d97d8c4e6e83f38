import Foundation
import HTTPTypes
import Hummingbird
import SeqrCore
import SeqrLocationViewer

/// The web viewer: one page, its script and style, and Leaflet, all from the server's own origin
/// (no CDN, no build step). The page reads the key from the URL fragment, which browsers never
/// send. Leaflet is read from Debian's libjs-leaflet when the server starts (`LeafletFiles`).
struct LocationViewerAssets: Sendable {
    let page: LocationViewerPage
    let html: ByteBuffer
    let js: ByteBuffer
    let css: ByteBuffer
    /// nil when libjs-leaflet is missing: its two files then answer 503 and the page says the map library is missing.
    /// (`seqr-server serve` refuses to start without it; only embedders of the library can get here.)
    let leaflet: LeafletFiles?
    let leafletLicense: ByteBuffer

    init(settings: LocationViewerSettings) {
        page = LocationViewerPage(tiles: settings.tiles)
        html = ByteBuffer(string: page.html)
        js = ByteBuffer(string: LocationViewerPage.script)
        css = ByteBuffer(string: LocationViewerPage.style)
        leaflet = settings.leaflet ?? (try? LeafletFiles())
        leafletLicense = ByteBuffer(string: LeafletFiles.license)
        pageHeaders = [
            .contentType: "text/html; charset=utf-8",
            .contentSecurityPolicy: page.contentSecurityPolicy,
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            .cacheControl: "no-store",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
        ]
    }

    func addRoutes(to router: Router<SeqrRequestContext>) {
        router.getAndHead("l/:id", use: servePage)
        router.getAndHead(RouterPath(LocationViewerPage.Path.script), use: { _, _ in Self.file(js, "text/javascript") })
        router.getAndHead(RouterPath(LocationViewerPage.Path.style), use: { _, _ in Self.file(css, "text/css") })
        router.getAndHead(RouterPath(LocationViewerPage.Path.leafletLicense), use: { _, _ in Self.file(leafletLicense, "text/plain") })
        let leaflet = leaflet
        router.getAndHead(RouterPath(LocationViewerPage.Path.leafletScript)) { _, _ in
            guard let leaflet else { throw HTTPError(.serviceUnavailable, message: "libjs-leaflet is not installed on this server") }
            return Self.file(ByteBuffer(bytes: leaflet.script), "text/javascript")
        }
        router.getAndHead(RouterPath(LocationViewerPage.Path.leafletStyle)) { _, _ in
            guard let leaflet else { throw HTTPError(.serviceUnavailable, message: "libjs-leaflet is not installed on this server") }
            return Self.file(ByteBuffer(bytes: leaflet.style), "text/css")
        }
    }

    /// Only the server's own script, style and API, and the operator's tile server if any; no
    /// referrer, so neither the tile server nor a click away from the page learns the share id.
    let pageHeaders: HTTPFields

    /// The page; for a path that is no share id, with 404 (as docs/openapi.yaml says) — the page itself tells the reader why.
    @Sendable func servePage(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let isShareID = context.parameters.get("id").map(LocationShareLink.isValidShareID) ?? false
        return Response(status: isShareID ? .ok : .notFound, headers: pageHeaders, body: .init(byteBuffer: html))
    }

    static func file(_ body: ByteBuffer, _ type: String) -> Response {
        Response(status: .ok, headers: [.contentType: "\(type); charset=utf-8", HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                 body: .init(byteBuffer: body))
    }
}

/// What the viewer shows beyond the track: the operator's tile server (`--map-tiles`), and
/// where Leaflet comes from.
public struct LocationViewerSettings: Sendable {
    /// nil: no tiles, the track is drawn over a plain grid and no third party is contacted.
    public var tiles: MapTileSource?
    /// Leaflet as read at start; nil reads `LeafletFiles.defaultDirectory` when the service is made.
    public var leaflet: LeafletFiles?
    public init(tiles: MapTileSource? = nil, leaflet: LeafletFiles? = nil) {
        self.tiles = tiles
        self.leaflet = leaflet
    }
}
