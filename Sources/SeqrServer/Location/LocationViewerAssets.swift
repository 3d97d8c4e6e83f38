import Foundation
import HTTPTypes
import Hummingbird

/// The web viewer: one page, one script, one style sheet, all served from the bundle (no CDN,
/// no build step). The page reads the key from the URL fragment, which browsers never send.
struct LocationViewerAssets: Sendable {
    let html: ByteBuffer
    let js: ByteBuffer
    let css: ByteBuffer

    init() {
        func load(_ name: String, _ ext: String) -> ByteBuffer {
            guard let url = Bundle.module.url(forResource: name, withExtension: ext), let data = try? Data(contentsOf: url) else {
                return ByteBuffer(string: "")
            }
            return ByteBuffer(bytes: data)
        }
        html = load("location-viewer", "html")
        js = load("location-viewer", "js")
        css = load("location-viewer", "css")
    }

    /// Only the server's own script, style and API; no referrer, so even a click away from the
    /// page tells nobody the share id.
    static let pageHeaders: HTTPFields = [
        .contentType: "text/html; charset=utf-8",
        .contentSecurityPolicy: "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .cacheControl: "no-store",
        HTTPField.Name("X-Content-Type-Options")!: "nosniff",
    ]

    @Sendable func page(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        Response(status: .ok, headers: Self.pageHeaders, body: .init(byteBuffer: html))
    }

    @Sendable func script(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", HTTPField.Name("X-Content-Type-Options")!: "nosniff"],
                 body: .init(byteBuffer: js))
    }

    @Sendable func style(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        Response(status: .ok, headers: [.contentType: "text/css; charset=utf-8"], body: .init(byteBuffer: css))
    }
}
