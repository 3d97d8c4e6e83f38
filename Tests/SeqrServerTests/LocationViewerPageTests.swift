import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCore
import SeqrLocationViewer
import SeqrServer
import Testing

/// What the viewer's page, its CSP and the saved-track file promise, checked without a browser.
@Suite("the location viewer's page, CSP and saved track")
struct LocationViewerPageTests {
    @Test("a tile template: https (http only to loopback), {z} {x} {y}, one host; each refusal says why")
    func tileTemplates() throws {
        let tiles = try MapTileSource(template: "https://Tiles.Example/{z}/{x}/{y}{r}.png", attribution: "© Example")
        #expect(tiles.origin == "https://tiles.example" && tiles.host == "tiles.example")
        #expect(try MapTileSource(template: "https://tiles.example:8443/t/{z}/{x}/{y}.png").origin == "https://tiles.example:8443")
        #expect(try MapTileSource(template: "http://127.0.0.1:8123/{z}/{x}/{y}.png").origin == "http://127.0.0.1:8123")
        #expect(try MapTileSource(template: "http://localhost/{z}/{x}/{y}.png").origin == "http://localhost")

        let refused: [(String, LocationViewerError)] = [
            ("http://tiles.example/{z}/{x}/{y}.png", .tileTemplateNotHTTPS("http://tiles.example/{z}/{x}/{y}.png")),
            ("http://127.0.0.1.example/{z}/{x}/{y}.png", .tileTemplateNotHTTPS("http://127.0.0.1.example/{z}/{x}/{y}.png")),
            ("https://tiles.example/{z}/{x}.png", .tileTemplateMissingPlaceholder("https://tiles.example/{z}/{x}.png", placeholder: "{y}")),
            ("https://tiles.example/{x}/{y}.png", .tileTemplateMissingPlaceholder("https://tiles.example/{x}/{y}.png", placeholder: "{z}")),
            ("https://{s}.tiles.example/{z}/{x}/{y}.png", .tileTemplateSubdomains("https://{s}.tiles.example/{z}/{x}/{y}.png")),
            ("https://tiles.example/{z}/{x}/{y}.png?key=1", .tileTemplateMalformed("https://tiles.example/{z}/{x}/{y}.png?key=1")),
            ("https://user@tiles.example/{z}/{x}/{y}.png", .tileTemplateMalformed("https://user@tiles.example/{z}/{x}/{y}.png")),
            ("ftp://tiles.example/{z}/{x}/{y}.png", .tileTemplateMalformed("ftp://tiles.example/{z}/{x}/{y}.png")),
            ("https://tiles.example/{z}/{x}/{y}.png#f", .tileTemplateMalformed("https://tiles.example/{z}/{x}/{y}.png#f")),
            ("https://tiles.example;img-src */{z}/{x}/{y}.png", .tileTemplateMalformed("https://tiles.example;img-src */{z}/{x}/{y}.png")),
            ("https://tiles.example/{z}/{x}/{y}/{foo}.png", .tileTemplateMalformed("https://tiles.example/{z}/{x}/{y}/{foo}.png")),
        ]
        for (template, error) in refused {
            #expect(throws: error) { _ = try MapTileSource(template: template) }
            #expect(!error.description.contains("\n") && error.description.hasPrefix("--map-tiles "))
        }
    }

    @Test("the page's CSP: own script, style and API; images from the tile server alone, or none at all")
    func contentSecurityPolicy() throws {
        let plain = LocationViewerPage(tiles: nil).contentSecurityPolicy
        #expect(plain == "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
        let tiles = try MapTileSource(template: "https://tiles.example/{z}/{x}/{y}.png")
        let csp = LocationViewerPage(tiles: tiles).contentSecurityPolicy
        #expect(csp.contains("; img-src https://tiles.example; "))
        // No other origin anywhere in the policy.
        #expect(csp.matches(of: /https?:\/\/[^\s;]+/).map { String($0.0) } == ["https://tiles.example"])
    }

    @Test("seqr-server serves the page with that CSP, Leaflet from Debian's files and Leaflet's licence", arguments: Backend.available)
    func served(backend: Backend) async throws {
        let tiles = try MapTileSource(template: "https://tiles.example/{z}/{x}/{y}.png", attribution: "<a href=\"https://tiles.example/\">Tiles</a> & co")
        var settings = LocationService.Settings()
        settings.viewer = LocationViewerSettings(tiles: tiles, leaflet: try LeafletFiles())
        try await backend.withApp(location: settings) { client, _, _ in
            let page = try await client.execute(uri: "/l/AAAAAAAAAAAAAAAAAAAAAA", method: .get)
            #expect(page.headers[.contentSecurityPolicy] == LocationViewerPage(tiles: tiles).contentSecurityPolicy)
            let html = String(buffer: page.body)
            #expect(html.contains(#"<meta name="seqr-map-tiles" content="https://tiles.example/{z}/{x}/{y}.png">"#))
            #expect(html.contains(#"content="&lt;a href=&quot;https://tiles.example/&quot;&gt;Tiles&lt;/a&gt; &amp; co""#))
            #expect(html.contains(#"<script src="/static/leaflet/leaflet.js"></script>"#) && !html.contains("<script>"))

            let leaflet = try await client.execute(uri: "/static/leaflet/leaflet.js", method: .get)
            #expect(leaflet.status == .ok && leaflet.headers[.contentType]?.hasPrefix("text/javascript") == true)
            #expect(Data(buffer: leaflet.body) == FileManager.default.contents(atPath: "/usr/share/javascript/leaflet/leaflet.min.js"))
            let style = try await client.execute(uri: "/static/leaflet/leaflet.css", method: .get)
            #expect(Data(buffer: style.body) == FileManager.default.contents(atPath: "/usr/share/javascript/leaflet/leaflet.css"))
            let license = try await client.execute(uri: "/static/leaflet/LICENSE.txt", method: .get)
            #expect(String(buffer: license.body).contains("Copyright (c) 2010-2019, Vladimir Agafonkin"))
        }
    }

    @Test("libjs-leaflet missing: a one-line error naming the package")
    func leafletMissing() {
        #expect(throws: LocationViewerError.leafletMissing(directory: "/nonexistent")) { _ = try LeafletFiles(directory: "/nonexistent") }
        #expect(LocationViewerError.leafletMissing(directory: "/x").description.contains("libjs-leaflet"))
    }

    @Test("a saved track: no external script, style or link; its CSP hashes are exactly its inline scripts' and styles'")
    func savedTrackFile() throws {
        let fix = try LocationFix(lat: 47.5, lon: 8.25, accuracy: 9, time: Date(timeIntervalSince1970: 1_795_000_000))
        let html = TrackMapFile(fixes: [fix], tiles: nil, leaflet: try LeafletFiles()).html
        #expect(html.hasPrefix("<!--\nLeaflet 1.7") && html.contains("Redistributions in binary form"))
        #expect(!html.contains("<script src") && !html.contains("<link "))
        #expect(html.contains(#"{"fixes":[{"accuracy":9,"lat":47.5,"lon":8.25,"time":1795000000000}]}"#))

        let csp = try #require(html.firstMatch(of: /http-equiv="Content-Security-Policy" content="([^"]*)"/)).1
        #expect(csp.hasPrefix("default-src 'none'; script-src 'sha256-") && csp.contains("img-src 'none'"))
        func hashes(_ directive: String) -> Set<String> {
            let part = csp.split(separator: ";").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(directive + " ") } ?? ""
            return Set(part.matches(of: /'sha256-([^']+)'/).map { String($0.1) })
        }
        func inline(_ tag: String) -> Set<String> {
            Set(html.matches(of: try! Regex("<\(tag)>(.*?)</\(tag)>").dotMatchesNewlines()).map { match in
                Data(SHA256.hash(data: Data(String(html[match.range].dropFirst(tag.count + 2).dropLast(tag.count + 3)).utf8))).base64EncodedString()
            })
        }
        #expect(hashes("script-src") == inline("script") && hashes("script-src").count == 2)
        #expect(hashes("style-src") == inline("style") && hashes("style-src").count == 2)
    }
}
