import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SeqrLocationViewer
import SeqrServer
import SeqrTestSupport
import SeqrWebApp
import Testing

/// What seqr-server promises about the web app's files at /app/, checked in process.
@Suite("the web app's files at /app/")
struct WebAppRoutesTests {
    static let qrcodeGeneratorPath = "/usr/share/javascript/qrcode-generator/qrcode.js"

    /// The headers every /app answer carries, whatever its status.
    static func expectAppHeaders(_ response: TestResponse, csp: String, _ what: String) {
        #expect(response.headers[.contentSecurityPolicy] == csp, "\(what)")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "no-referrer", "\(what)")
        #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff", "\(what)")
        #expect(response.headers[.cacheControl] == "no-cache", "\(what)")
    }

    @Test("every file in Resources is served at /app/<path> with its own bytes and content type, the index at /app/ itself, js/ modules too")
    func everyFileServed() async throws {
        let app = try WebApp(tiles: nil, qrcodeGenerator: try QRCodeGeneratorFile())
        #expect(app.unservedFiles.isEmpty, "files in Sources/SeqrWebApp/Resources with an extension not served: \(app.unservedFiles)")
        let paths = app.files.keys.filter { !$0.isEmpty }.sorted()
        #expect(paths.contains("index.html") && paths.contains("manifest.webmanifest") && paths.contains("sw.js"))
        #expect(paths.contains { $0.hasPrefix("js/") && $0.hasSuffix(".js") }, "no module under js/: \(paths)")
        // The scanner's decoder, which scripts/build-wasm writes into Resources before swift build (make does).
        #expect(app.hasQRDecoder, "wasm/zxing.wasm is not in this build: run scripts/build-wasm, then swift build")
        #expect(app.hasVaultModules, "the paper vault's wasm modules are not in this build: run scripts/build-wasm, then swift build")
        let expectedTypes = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
                             "webmanifest": "application/manifest+json", "png": "image/png", "wasm": "application/wasm"]
        try await Backend.sqlite.withApp { client, _, _ in
            for path in paths {
                let response = try await client.execute(uri: "/app/" + path, method: .get)
                #expect(response.status == .ok, "\(path)")
                #expect(Data(buffer: response.body) == app.files[path]?.contents, "\(path)")
                #expect(response.headers[.eTag] == app.files[path]?.etag, "\(path)")
                if let type = expectedTypes[(path as NSString).pathExtension] { #expect(response.headers[.contentType] == type, "\(path)") }
                Self.expectAppHeaders(response, csp: app.contentSecurityPolicy, path)
            }
            let index = try await client.execute(uri: "/app/", method: .get)
            #expect(index.status == .ok && index.headers[.contentType] == "text/html; charset=utf-8")
            #expect(Data(buffer: index.body) == app.files["index.html"]?.contents)
            let bare = try await client.execute(uri: "/app", method: .get)
            #expect(bare.status == .movedPermanently && bare.headers[.location] == "/app/")
        }
    }

    @Test("HEAD on the app's files, /app, /health, /openapi.yaml and the viewer's page answers as GET does (status, security headers, length, ETag) without a body")
    func headLikeGet() async throws {
        let csp = try WebApp(tiles: nil, qrcodeGenerator: nil).contentSecurityPolicy
        try await Backend.sqlite.withApp { client, _, _ in
            for uri in ["/app/", "/app", "/app/app.js", "/app/no-such-file.js", "/health", "/openapi.yaml", "/l/AAAAAAAAAAAAAAAAAAAAAA", "/l/x"] {
                let get = try await client.execute(uri: uri, method: .get)
                let head = try await client.execute(uri: uri, method: .head)
                #expect(head.status == get.status, "\(uri): HEAD \(head.status), GET \(get.status)")
                #expect(head.body.readableBytes == 0, "\(uri)")
                for name in [HTTPField.Name.contentType, .contentLength, .eTag, .location, .contentSecurityPolicy, .cacheControl,
                             HTTPField.Name("X-Content-Type-Options")!, HTTPField.Name("Referrer-Policy")!] {
                    #expect(head.headers[name] == get.headers[name], "\(uri): \(name)")
                }
                if uri.hasPrefix("/app") { Self.expectAppHeaders(head, csp: csp, "HEAD \(uri)") }
            }
            // A path served to POST only stays 405 (or 404) to HEAD, never a run of its handler.
            #expect([.methodNotAllowed, .notFound].contains(try await client.execute(uri: "/v1/sessions", method: .head).status))
        }
    }

    @Test("on the wire, a HEAD answer carries no body bytes: the next request on the same connection is answered in order")
    func headOnTheWire() async throws {
        try await Backend.sqlite.withLiveApp(settings: .testing, trusting: []) { client in
            let port = try #require(client.port)
            let text = try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async {
                    continuation.resume(with: Result {
                        let socket = try LoopbackSocket(port: port)
                        socket.send("HEAD /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        return socket.readAll(seconds: 10)
                    })
                }
            }
            let answers = text.components(separatedBy: "HTTP/1.1 ")
            #expect(answers.count == 3 && answers[1].hasPrefix("200") && answers[2].hasPrefix("200"), "\(text)")
            // The HEAD answer ends at its blank line; the body belongs to the GET only.
            #expect(answers[1].hasSuffix("\r\n\r\n") && answers[1].lowercased().contains("content-length: 15"), "\(text)")
            #expect(text.hasSuffix(#"{"status":"ok"}"#) && text.components(separatedBy: "status").count == 2, "\(text)")
        }
    }

    @Test("the CSP: nothing inline or eval'd (WebAssembly compiled, no JavaScript eval), everything from this origin, images also from the --map-tiles origin alone (no blob:, no data:)")
    func contentSecurityPolicy() async throws {
        let plain = try WebApp(tiles: nil, qrcodeGenerator: nil).contentSecurityPolicy
        #expect(plain == "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; img-src 'self'; "
            + "manifest-src 'self'; worker-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
        // 'wasm-unsafe-eval' compiles the QR decoder's WebAssembly; it allows no JavaScript eval.
        #expect(!plain.replacingOccurrences(of: "'wasm-unsafe-eval'", with: "").contains("unsafe"))
        let tiles = try MapTileSource(template: "https://tiles.example:8443/{z}/{x}/{y}.png")
        let csp = try WebApp(tiles: tiles, qrcodeGenerator: nil).contentSecurityPolicy
        #expect(csp.contains("; img-src 'self' https://tiles.example:8443; "))
        #expect(csp.matches(of: /https?:\/\/[^\s;]+/).map { String($0.0) } == ["https://tiles.example:8443"])
        try await Backend.sqlite.withApp(webApp: WebAppSettings(tiles: tiles)) { client, _, _ in
            for uri in ["/app/", "/app/app.js", "/app/no-such-file.js"] {
                Self.expectAppHeaders(try await client.execute(uri: uri, method: .get), csp: csp, uri)
            }
        }
    }

    @Test("/app/map-tiles.json: the --map-tiles template, host and attribution for the People map; 404 without --map-tiles")
    func mapTilesDescription() async throws {
        let tiles = try MapTileSource(template: "https://tiles.example:8443/{z}/{x}/{y}.png", attribution: "<a href=\"https://tiles.example/\">Tiles</a> & co")
        try await Backend.sqlite.withApp(webApp: WebAppSettings(tiles: tiles)) { client, _, _ in
            let response = try await client.execute(uri: "/app/map-tiles.json", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "application/json")
            let object = try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: String]
            #expect(object == ["attribution": "<a href=\"https://tiles.example/\">Tiles</a> & co", "host": "tiles.example",
                               "template": "https://tiles.example:8443/{z}/{x}/{y}.png"])
            Self.expectAppHeaders(response, csp: try WebApp(tiles: tiles, qrcodeGenerator: nil).contentSecurityPolicy, "map-tiles.json")
        }
        try await Backend.sqlite.withApp { client, _, _ in
            let missing = try await client.execute(uri: "/app/map-tiles.json", method: .get)
            #expect(missing.status == .notFound)
        }
    }

    @Test("qrcode-generator is served from Debian's file at /app/vendor/qrcode-generator.js; missing, a one-line error naming the package")
    func qrcodeGenerator() async throws {
        try await Backend.sqlite.withApp { client, _, _ in
            let response = try await client.execute(uri: "/app/vendor/qrcode-generator.js", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(Data(buffer: response.body) == FileManager.default.contents(atPath: Self.qrcodeGeneratorPath))
            #expect(String(buffer: response.body).contains("Licensed under the MIT license"))
        }
        #expect(throws: WebAppError.qrcodeGeneratorMissing(path: "/nonexistent/qrcode.js")) {
            _ = try QRCodeGeneratorFile(path: "/nonexistent/qrcode.js")
        }
        let message = WebAppError.qrcodeGeneratorMissing(path: "/x").description
        #expect(message.contains("node-qrcode-generator") && !message.contains("\n"))
    }

    @Test("unknown names, folders, hidden files and every path-traversal form answer 404 with the app's headers, never another file")
    func unknownAndTraversal() async throws {
        let app = try WebApp(tiles: nil, qrcodeGenerator: nil)
        let refused = [
            "/app/no-such-file.js", "/app/js/no-such-module.js", "/app/js/", "/app/js", "/app/vendor/", "/app/Resources/index.html",
            "/app/../openapi.yaml", "/app/..%2fopenapi.yaml", "/app/%2e%2e/openapi.yaml", "/app/js/../index.html", "/app/./index.html",
            "/app//index.html", "/app/index.html/", "/app/.index.html", "/app/index.html%00.js", "/app/%69ndex.html", "/app/INDEX.HTML",
            "/app/..\\Package.swift", "/app/vendor/../../openapi.yaml", "/app/vendor/qrcode.js", "/app/app.js.map",
        ]
        try await Backend.sqlite.withApp { client, _, _ in
            for uri in refused {
                let response = try await client.execute(uri: uri, method: .get)
                #expect(response.status == .notFound, "\(uri): \(response.status)")
                #expect(String(buffer: response.body) == "no such file in the web app\n", "\(uri)")
                Self.expectAppHeaders(response, csp: app.contentSecurityPolicy, uri)
            }
        }
    }

    @Test("an unchanged file answers 304 to its ETag, a changed one (another ETag) the file again")
    func notModified() async throws {
        let app = try WebApp(tiles: nil, qrcodeGenerator: nil)
        try await Backend.sqlite.withApp { client, _, _ in
            let first = try await client.execute(uri: "/app/app.js", method: .get)
            let etag = try #require(first.headers[.eTag])
            #expect(etag == app.files["app.js"]?.etag)
            let again = try await client.execute(uri: "/app/app.js", method: .get, headers: [.ifNoneMatch: "\"other\", \(etag)"])
            #expect(again.status == .notModified && again.body.readableBytes == 0 && again.headers[.eTag] == etag)
            let other = try await client.execute(uri: "/app/app.js", method: .get, headers: [.ifNoneMatch: "\"0123\""])
            #expect(other.status == .ok && Data(buffer: other.body) == app.files["app.js"]?.contents)
        }
    }

    @Test("the manifest's start_url and scope are /app/, and each icon it names is a served PNG of the size it declares")
    func manifestIcons() async throws {
        struct Manifest: Decodable {
            struct Icon: Decodable { let src: String; let sizes: String; let type: String }
            let start_url: String
            let scope: String?
            let display: String
            let icons: [Icon]
        }
        try await Backend.sqlite.withApp { client, _, _ in
            let response = try await client.execute(uri: "/app/manifest.webmanifest", method: .get)
            let manifest = try JSONDecoder().decode(Manifest.self, from: Data(buffer: response.body))
            #expect(manifest.start_url == "/app/" && (manifest.scope ?? "/app/") == "/app/" && manifest.display == "standalone")
            #expect(Set(manifest.icons.map(\.sizes)).isSuperset(of: ["192x192", "512x512"]))
            for icon in manifest.icons where icon.type == "image/png" {
                // Relative to the manifest's own URL, as a browser resolves it.
                let uri = try #require(URL(string: icon.src, relativeTo: URL(string: "http://server/app/manifest.webmanifest"))).path
                let png = try await client.execute(uri: uri, method: .get)
                #expect(png.status == .ok && png.headers[.contentType] == "image/png", "\(icon.src)")
                let bytes = [UInt8](Data(buffer: png.body))
                try #require(bytes.count > 24 && bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(icon.src)")
                let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
                #expect("\(width)x\(height)" == icon.sizes, "\(icon.src)")
            }
        }
    }
}
