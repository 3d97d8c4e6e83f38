import Foundation
import HTTPTypes
import Hummingbird
import SeqrLocationViewer
import SeqrWebApp

/// The web app at `/app/`: `index.html` at `/app/` itself, every other file of `WebApp` at
/// `/app/<path>`, anything else 404. Each answer carries the app's CSP, no referrer, nosniff and
/// `no-cache` (the service worker does the caching; an ETag makes each check a 304). HEAD answers as GET, without the body.
struct WebAppRoutes: Sendable {
    /// nil when this build has no app files (only embedders of the library can get here).
    let app: WebApp?
    /// The operator's trusted keys at `/app/trusted-keys.json`, when `--trusted-keys` gave some.
    let trustedKeys: WebAppFile?
    let headers: HTTPFields

    init(settings: WebAppSettings) {
        app = try? WebApp(tiles: settings.tiles, qrcodeGenerator: settings.qrcodeGenerator ?? (try? QRCodeGeneratorFile()))
        trustedKeys = settings.trustedKeys?.file
        headers = [
            .contentSecurityPolicy: app?.contentSecurityPolicy ?? "default-src 'none'; frame-ancestors 'none'",
            HTTPField.Name("Referrer-Policy")!: "no-referrer",
            HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            .cacheControl: "no-cache",
        ]
    }

    func addRoutes(to router: Router<SeqrRequestContext>) {
        router.getAndHead("app", use: serve)
        router.getAndHead("app/**", use: serve)
    }

    @Sendable func serve(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let path = request.uri.path
        // Relative links in index.html resolve against /app/, so the bare /app goes there first.
        if path == "/app" { return answer(.movedPermanently, extra: [.location: WebApp.Path.root]) }
        guard let app else { return answer(.serviceUnavailable, text: "the web app's files are missing from this build") }
        let name = path.dropFirst(WebApp.Path.root.count)
        let trusted = name == TrustedKeysFile.path ? trustedKeys : nil
        guard path.hasPrefix(WebApp.Path.root), let file = trusted ?? app.file(at: name) else {
            if name == WebApp.Path.qrcodeGenerator {
                return answer(.serviceUnavailable, text: "node-qrcode-generator is not installed on this server")
            }
            return answer(.notFound, text: "no such file in the web app")
        }
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: { $0.trimmingCharacters(in: .whitespaces) == file.etag }) == true {
            return answer(.notModified, extra: [.eTag: file.etag])
        }
        var fields = headers
        fields[.contentType] = file.contentType
        fields[.eTag] = file.etag
        return Response(status: .ok, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: file.contents)))
    }

    func answer(_ status: HTTPResponse.Status, text: String? = nil, extra: HTTPFields = [:]) -> Response {
        var fields = headers
        fields.append(contentsOf: extra)
        guard let text else { return Response(status: status, headers: fields) }
        fields[.contentType] = "text/plain; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text + "\n")))
    }
}

/// What the web app needs from the operator: the tile server its CSP lets images come from (the
/// same `--map-tiles` as the viewer's), and qrcode-generator as read at start.
public struct WebAppSettings: Sendable {
    public var tiles: MapTileSource?
    /// nil reads `QRCodeGeneratorFile.defaultPath` when the routes are made.
    public var qrcodeGenerator: QRCodeGeneratorFile?
    /// The operator's trusted keys for the scanner (`--trusted-keys`); nil serves none (404).
    public var trustedKeys: TrustedKeysFile?
    public init(tiles: MapTileSource? = nil, qrcodeGenerator: QRCodeGeneratorFile? = nil, trustedKeys: TrustedKeysFile? = nil) {
        self.tiles = tiles
        self.qrcodeGenerator = qrcodeGenerator
        self.trustedKeys = trustedKeys
    }
}
