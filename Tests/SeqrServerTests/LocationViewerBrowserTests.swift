import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCore
import SeqrLocationViewer
import SeqrServer
import SeqrTestSupport
import Testing

/// The location viewer in real headless Chromium against the server over a loopback socket,
/// with a loopback tile server that logs every request: which servers the page contacts, what
/// they learn, and what the page shows.
@Suite("the location viewer in headless Chromium", .serialized,
       .enabled(if: HeadlessChromium.tool != nil, "chromium is not installed: scripts/setup installs it"))
struct LocationViewerBrowserTests {
    /// A share with a 20-minute track ending a minute ago, a live server, and the follower's link.
    struct Scene: Sendable {
        let link: LocationShareLink
        let serverOrigin: String
        let accessLog: String
        /// Pushes one more fix as the share's owner.
        let push: @Sendable (LocationFix) async throws -> Void
        /// Revokes the share as its owner.
        let revoke: @Sendable () async throws -> Void
    }

    static func track(now: Date = Date()) throws -> [LocationFix] {
        try (0..<21).map { (minute: Int) throws -> LocationFix in
            let step = Double(minute)
            let accuracy: Double = minute == 20 ? 35 : 8
            return try LocationFix(lat: 47.37 + step * 0.0006, lon: 8.54 + step * 0.0009, accuracy: accuracy,
                                   altitude: 410, time: now.addingTimeInterval((step - 21) * 60))
        }
    }

    /// The server on 127.0.0.1 (so WebCrypto runs on plain http), with its access log.
    /// `streamsPerShare: 0` makes the live feed refuse every stream (503), as a full share would.
    func withScene(_ backend: Backend, tiles: MapTileSource?, directory: TemporaryDirectory, streamsPerShare: Int? = nil,
                   _ body: @escaping @Sendable (Scene) async throws -> Void) async throws {
        let accessLogPath = directory.file("access.log")
        try await backend.withRepository { repository, _ in
            let accounts = try AccountsService(repository: repository, settings: .testing)
            let notes = NotesService(repository: repository, plans: AccountsService.Settings.testing.plans)
            var settings = LocationService.Settings()
            settings.viewer = LocationViewerSettings(tiles: tiles, leaflet: try LeafletFiles())
            if let streamsPerShare { settings.liveFeed.streamsPerShare = streamsPerShare }
            let location = LocationService(repository: repository, settings: settings)
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            let router = SeqrServerApplication.router(accounts: accounts, notes: notes, location: location, logRequests: false,
                                                      accessLog: try AccessLog(path: accessLogPath))
            let app = Application(
                router: router,
                configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
            try await app.test(.live) { client in
                var alice = TestUser()
                try await client.register(&alice)
                let share = try await client.createShare(alice)
                let key = LocationShareKey.generate()
                let sealed = try Self.track().map { key.seal($0, shareID: share.id) }
                #expect(try await client.push(alice, share.id, sealed).status == .created)
                let port = try #require(client.port)
                let origin = "http://127.0.0.1:\(port)"
                let owner = alice
                let push: @Sendable (LocationFix) async throws -> Void = { fix in
                    let response = try await client.push(owner, share.id, [key.seal(fix, shareID: share.id)])
                    #expect(response.status == .created)
                }
                let revoke: @Sendable () async throws -> Void = {
                    let response = try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: owner.auth)
                    #expect(response.status == .noContent)
                }
                try await body(Scene(link: LocationShareLink(base: origin, shareID: share.id, key: key), serverOrigin: origin,
                                     accessLog: accessLogPath, push: push, revoke: revoke))
            }
        }
    }

    /// Every way the key could be written down: base64url, base64, hex, and the fragment marker.
    static func keyForms(_ link: LocationShareLink) -> [String] {
        [Base64URL.encode(link.key.bytes), link.key.bytes.base64EncodedString(), link.key.bytes.map { String(format: "%02x", $0) }.joined(), "#k="]
    }

    static func keepScreenshot(_ link: String, directory: TemporaryDirectory, name: String) async throws {
        try FileManager.default.createDirectory(atPath: HeadlessChromium.artefactDirectory, withIntermediateDirectories: true)
        let path = HeadlessChromium.artefactDirectory + "/\(name).png"
        try? FileManager.default.removeItem(atPath: path)
        _ = try await HeadlessChromium.visit(link, directory: directory, name: name + "-screenshot", screenshot: path)
        let png = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(png.count > 5000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    /// What the page shows whatever the map: the newest fix, its links, the track and its time marks.
    static func expectTrackShown(_ dom: String) {
        typealias C = HeadlessChromium
        #expect(C.element("status", in: dom)?.contains("decrypted in this browser") == true, "\(dom.prefix(3000))")
        #expect(C.element("lat", in: dom) == "47.38200" && C.element("lon", in: dom) == "8.55800")
        #expect(C.element("accuracy", in: dom) == "±35 m" && C.element("count", in: dom) == "21")
        #expect(C.element("age", in: dom).map { $0.hasPrefix("1 min") && $0.hasSuffix("s ago") } == true)
        #expect(C.attribute("href", of: "osm", in: dom) == "https://www.openstreetmap.org/?mlat=47.382000&mlon=8.558000#map=16/47.382000/8.558000")
        #expect(C.attribute("href", of: "geo", in: dom) == "geo:47.382000,8.558000;u=35")
        // Leaflet drew: the map, its scale bar, the line, the accuracy circle, the newest fix and the time marks.
        #expect(dom.contains("leaflet-container") && dom.contains("<div class=\"leaflet-control-scale-line\""))
        #expect(dom.components(separatedBy: "class=\"leaflet-interactive\"").count - 1 >= 3 + 3)
        let marks = dom.matches(of: /class="leaflet-tooltip seqr-time-mark[^"]*"[^>]*>\d\d:\d\d</).count
        #expect((3...9).contains(marks), "\(marks) time marks")
    }

    @Test("without --map-tiles: the track over a plain grid with a scale bar; no tile requested, no server but this one contacted; the key reaches no log",
          arguments: Backend.available)
    func withoutTiles(backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let tileServer = try TileServerFixture(directory: directory)
        try await withScene(backend, tiles: nil, directory: directory) { scene in
            let visit = try await HeadlessChromium.visit(scene.link.description, directory: directory, name: "no-tiles")
            Self.expectTrackShown(visit.dom)
            #expect(HeadlessChromium.element("tiles-note", in: visit.dom)?.hasPrefix("No map tiles") == true)
            #expect(!visit.dom.contains("leaflet-tile-container\"><img") && !visit.dom.contains("<img"))
            #expect(visit.dom.contains("<canvas"), "the grid")  // the graticule's tiles, drawn here

            let pageRequests = visit.netLog.made(for: "http://127.0.0.1")
            #expect(!pageRequests.isEmpty)
            #expect(Set(pageRequests.map(\.origin)) == [scene.serverOrigin], "\(pageRequests)")
            try await Self.keepScreenshot(scene.link.description, directory: directory, name: "location-viewer-grid")
        }
        #expect(tileServer.requests.isEmpty)
        try Self.expectFallbackAndNoKey(directory: directory, tileServer: tileServer)
    }

    @Test("with --map-tiles: tiles come from that server only, without the key or a referrer; no other origin is contacted",
          arguments: Backend.available)
    func withTiles(backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let tileServer = try TileServerFixture(directory: directory)
        let tiles = try MapTileSource(template: "\(tileServer.origin)/{z}/{x}/{y}.png", attribution: "Test tiles")
        try await withScene(backend, tiles: tiles, directory: directory) { scene in
            let visit = try await HeadlessChromium.visit(scene.link.description, directory: directory, name: "tiles")
            Self.expectTrackShown(visit.dom)
            #expect(HeadlessChromium.element("tiles-note", in: visit.dom) == "Map tiles come from 127.0.0.1: that server sees which area you view (never the key).")
            #expect(visit.dom.contains("Test tiles"))
            #expect(visit.dom.contains("<img") && visit.dom.contains("src=\"\(tileServer.origin)/"))

            let pageRequests = visit.netLog.made(for: "http://127.0.0.1")
            #expect(Set(pageRequests.map(\.origin)) == [scene.serverOrigin, tileServer.origin], "\(pageRequests)")
            let tileRequests = pageRequests.filter { $0.origin == tileServer.origin }
            #expect(tileRequests.allSatisfy { $0.url.range(of: #"^http://127\.0\.0\.1:\d+/1[0-9]/\d+/\d+\.png$"#, options: .regularExpression) != nil },
                    "\(tileRequests)")
            try await Self.keepScreenshot(scene.link.description, directory: directory, name: "location-viewer-tiles")
        }
        let requests = tileServer.requests
        #expect(requests.count >= 4)
        for request in requests {
            #expect(request.path.range(of: #"^/\d+/\d+/\d+\.png$"#, options: .regularExpression) != nil, "\(request.path)")
            #expect(request.headers.keys.allSatisfy { $0.lowercased() != "referer" }, "\(request.headers)")
        }
        try Self.expectFallbackAndNoKey(directory: directory, tileServer: tileServer)
    }

    /// The access log and the tile server's log hold no form of the key; while the server has no
    /// event stream (`…/events` answers 404), the page polled the feed instead.
    static func expectFallbackAndNoKey(directory: TemporaryDirectory, tileServer: TileServerFixture) throws {
        let accessLog = try String(contentsOfFile: directory.file("access.log"), encoding: .utf8)
        let tileLog = (try? String(contentsOfFile: tileServer.requestLog, encoding: .utf8)) ?? ""
        let ids = accessLog.matches(of: /GET \/l\/([A-Za-z0-9_-]{22})/).map { String($0.1) }
        #expect(!ids.isEmpty, "\(accessLog)")
        if let id = ids.first, accessLog.contains("GET /v1/location/feed/\(id)/events HTTP/1.1\" 404") {
            #expect(accessLog.contains("GET /v1/location/feed/\(id)?after=0"), "\(accessLog)")
        }
        #expect(!accessLog.contains("#") && !tileLog.contains("#k="))
        #expect(!tileLog.contains(ids.first ?? "-"), "the tile server never learns the share id")
    }

    @Test("the key, in any encoding, reaches neither the server's access log nor the tile server", arguments: [Backend.sqlite])
    func keyNeverLogged(backend: Backend) async throws {
        let directory = try TemporaryDirectory()
        let tileServer = try TileServerFixture(directory: directory)
        let tiles = try MapTileSource(template: "\(tileServer.origin)/{z}/{x}/{y}.png")
        try await withScene(backend, tiles: tiles, directory: directory) { scene in
            _ = try await HeadlessChromium.visit(scene.link.description, directory: directory, name: "key")
            // The access log is written as each request ends; every request of the visit has ended.
            let logs = [try String(contentsOfFile: scene.accessLog, encoding: .utf8),
                        (try? String(contentsOfFile: tileServer.requestLog, encoding: .utf8)) ?? ""]
            #expect(logs[0].contains("GET /l/\(scene.link.shareID)") && logs[1].contains(".png"))
            for form in Self.keyForms(scene.link) { #expect(logs.allSatisfy { !$0.contains(form) }, "\(form)") }
        }
    }

    @Test("on the live feed: the viewer reads share, fix and end events, shows that the owner revoked the share, and never polls")
    func eventStream() async throws {
        let directory = try TemporaryDirectory()
        try await withScene(.sqlite, tiles: nil, directory: directory) { scene in
            // The live feed replays the track; the owner revokes the share while the page is open.
            async let opened = HeadlessChromium.visit(scene.link.description, directory: directory, name: "stream", seconds: 12)
            try await Task.sleep(for: .seconds(6))
            try await scene.revoke()
            let visit = try await opened
            #expect(visit.dom.contains("<body data-updates=\"stream\">"), "\(visit.dom.prefix(1500))")
            #expect(HeadlessChromium.element("status", in: visit.dom) == "This share was revoked by its owner; nothing more will arrive.")
            #expect(HeadlessChromium.element("lat", in: visit.dom) == "47.38200" && HeadlessChromium.element("count", in: visit.dom) == "21")
            let log = try String(contentsOfFile: scene.accessLog, encoding: .utf8)
            #expect(log.contains("GET /v1/location/feed/\(scene.link.shareID)/events HTTP/1.1\" 200"), "\(log)")
            #expect(!log.contains("?after="), "no polling once the stream works: \(log)")
        }
    }

    @Test("a link the viewer refuses at once leaves no key in the address bar; a fix dated beyond what a JavaScript Date holds is counted unreadable, and the track is shown")
    func keyClearedAndOutOfRangeTime() async throws {
        let directory = try TemporaryDirectory()
        try await withScene(.sqlite, tiles: nil, directory: directory) { scene in
            let key = Base64URL.encode(scene.link.key.bytes)
            for (name, url, message) in [("bad-id", scene.serverOrigin + "/l/not-a-share#k=" + key, "This is not a share link"),
                                         ("bad-key", scene.link.pageURL + "#k=" + key.dropLast(3), "The key in this link is damaged")] {
                let visit = try await HeadlessChromium.visit(url, directory: directory, name: name, seconds: 3)
                #expect(HeadlessChromium.element("status", in: visit.dom)?.hasPrefix(message) == true, "\(visit.dom.prefix(1500))")
                #expect(visit.address.hasPrefix(scene.serverOrigin) && !visit.address.contains("#"), "\(name): \(visit.address)")
            }
            // 9e15 ms is past ±8.64e15, the most a Date holds: before, drawing it threw and the page froze.
            try await scene.push(try LocationFix(lat: 47.39, lon: 8.56, time: Date(timeIntervalSince1970: 9e12)))
            let visit = try await HeadlessChromium.visit(scene.link.description, directory: directory, name: "far-future")
            #expect(HeadlessChromium.element("status", in: visit.dom) == "Live · decrypted in this browser (1 altered or unreadable point ignored).",
                    "\(visit.dom.prefix(1500))")
            #expect(HeadlessChromium.element("lat", in: visit.dom) == "47.38200" && HeadlessChromium.element("count", in: visit.dom) == "21")
            #expect(!visit.address.contains("#"), "\(visit.address)")
        }
    }

    @Test("when the live feed refuses the stream, the viewer polls the feed instead and still shows the track")
    func pollingFallback() async throws {
        let directory = try TemporaryDirectory()
        try await withScene(.sqlite, tiles: nil, directory: directory, streamsPerShare: 0) { scene in
            let visit = try await HeadlessChromium.visit(scene.link.description, directory: directory, name: "poll")
            #expect(visit.dom.contains("<body data-updates=\"poll\">"), "\(visit.dom.prefix(1500))")
            #expect(HeadlessChromium.element("status", in: visit.dom) == "Live (checked every 5 s) · decrypted in this browser.")
            #expect(HeadlessChromium.element("lat", in: visit.dom) == "47.38200" && HeadlessChromium.element("count", in: visit.dom) == "21")
            let log = try String(contentsOfFile: scene.accessLog, encoding: .utf8)
            #expect(log.contains("GET /v1/location/feed/\(scene.link.shareID)/events HTTP/1.1\" 503"), "\(log)")
            #expect(log.contains("GET /v1/location/feed/\(scene.link.shareID)?after=0 HTTP/1.1\" 200"), "\(log)")
        }
    }

    /// Runs a DevTools scenario (`Fixtures/<script>`) until it exits or `seconds` pass. Each "push N" it
    /// prints is answered as the share's owner: a new fix pushed, then the file DIR/pushed-N, which
    /// the script waits for.
    static func runScenario(_ script: String, _ arguments: [String], scene: Scene, directory: TemporaryDirectory,
                            seconds: Double) async throws -> (status: Int32?, pushed: Int, log: String) {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + script).path
        let driver = try BackgroundProcess(try ExternalTool.named("python3").path, [path] + arguments, logPath: directory.file(script + ".log"))
        var pushed = 0
        var status: Int32?
        let deadline = Date().addingTimeInterval(seconds)
        while status == nil && Date() < deadline {
            status = driver.waitForExit(seconds: 0)
            let requested = driver.log.split(separator: "\n").filter { $0.hasPrefix("push ") }.count
            while pushed < requested {
                pushed += 1
                try await scene.push(try LocationFix(lat: 47.39 + Double(pushed) * 0.002, lon: 8.57, accuracy: 10, time: Date()))
                _ = FileManager.default.createFile(atPath: directory.file("pushed-\(pushed)"), contents: nil)
            }
            try await Task.sleep(for: .milliseconds(200))
        }
        return (status, pushed, driver.log)
    }

    @Test("the map follows the newest fix until the user drags it; the follow button brings it back (DevTools protocol)")
    func followsUntilDragged() async throws {
        let directory = try TemporaryDirectory()
        let chromium = try #require(HeadlessChromium.tool)
        try await withScene(.sqlite, tiles: nil, directory: directory) { scene in
            let run = try await Self.runScenario("follow_scenario.py", [chromium.path, scene.link.description, directory.path], scene: scene,
                                                 directory: directory, seconds: 120)
            #expect(run.status == 0, "\(run.log)")
            #expect(run.log.hasSuffix("done\n") && run.pushed == 2, "\(run.log)")
        }
    }

    @Test("on a phone (390×844, touch): the map fills the screen; while the live feed is cut, \"Connection lost — retrying…\" stays on screen; back, it goes and the fix pushed meanwhile arrives")
    func phoneAndConnectionLost() async throws {
        let directory = try TemporaryDirectory()
        let chromium = try #require(HeadlessChromium.tool)
        try FileManager.default.createDirectory(atPath: HeadlessChromium.artefactDirectory, withIntermediateDirectories: true)
        try await withScene(.sqlite, tiles: nil, directory: directory) { scene in
            let shots = HeadlessChromium.artefactDirectory + "/location-viewer-phone"
            // The script asks for a fix ("push 1") while the feed is cut.
            let run = try await Self.runScenario("phone_scenario.py", [chromium.path, scene.link.description, directory.path, shots], scene: scene,
                                                 directory: directory, seconds: 150)
            #expect(run.status == 0, "\(run.log)")
            #expect(run.log.hasSuffix("done\n") && run.pushed == 1, "\(run.log)")
            for name in ["online", "offline"] {
                let png = try Data(contentsOf: URL(fileURLWithPath: shots + "-\(name).png"))
                #expect(png.count > 5000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
            }
        }
    }

    @Test("a saved track (follow --map) opens with no network at all: its CSP hashes let exactly its inline scripts run")
    func savedTrack() async throws {
        let directory = try TemporaryDirectory()
        let file = TrackMapFile(fixes: try Self.track(), tiles: nil, leaflet: try LeafletFiles())
        let path = try directory.write(Data(file.html.utf8), to: "trip.html")
        let visit = try await HeadlessChromium.visit("file://\(path)", directory: directory, name: "file")
        typealias C = HeadlessChromium
        #expect(C.element("status", in: visit.dom) == "Saved track · 21 positions.", "\(visit.dom.prefix(2000))")
        #expect(C.element("lat", in: visit.dom) == "47.38200" && C.attribute("href", of: "geo", in: visit.dom) == "geo:47.382000,8.558000;u=35")
        #expect(C.element("tiles-note", in: visit.dom) == "No map tiles: the grid is drawn here, and this file contacts no server at all.")
        #expect(visit.dom.contains("<div class=\"leaflet-control-scale-line\"") && visit.dom.contains("class=\"leaflet-tooltip seqr-time-mark"))
        #expect(visit.dom.contains("class=\"leaflet-interactive\""))
        #expect(visit.netLog.made(for: "file://").isEmpty, "\(visit.netLog.made(for: "file://"))")
        #expect(visit.netLog.requests.allSatisfy { !$0.isolationKey.contains("file") })

        // One changed byte in an inline script: the CSP refuses it, and the page never gets past its first line.
        let tampered = file.html.replacingOccurrences(of: "'use strict';", with: "'use strict'; ")
        let tamperedPath = try directory.write(Data(tampered.utf8), to: "tampered.html")
        let refused = try await HeadlessChromium.visit("file://\(tamperedPath)", directory: directory, name: "tampered")
        #expect(C.element("status", in: refused.dom) == "Decrypting…")
    }
}

/// A loopback tile server (Tests/SeqrServerTests/Fixtures/tile_server.py) logging every request.
final class TileServerFixture: Sendable {
    let process: BackgroundProcess
    let origin: String
    let requestLog: String

    struct NotStarted: Error, CustomStringConvertible {
        let log: String
        var description: String { "the tile server fixture did not start: \(log)" }
    }

    init(directory: TemporaryDirectory) throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tile_server.py").path
        requestLog = directory.file("tiles.requests.jsonl")
        process = try BackgroundProcess(try ExternalTool.named("python3").path, [script, "0", requestLog], logPath: directory.file("tiles.out"))
        guard let port = process.waitForLog(seconds: 20, { log in
            log.split(separator: "\n").first { $0.hasPrefix("listening ") }.flatMap { Int($0.dropFirst("listening ".count)) }
        }) else { throw NotStarted(log: process.log) }
        origin = "http://127.0.0.1:\(port)"
    }

    /// Each request the fixture got: its path and headers.
    var requests: [(path: String, headers: [String: String])] {
        let text = (try? String(contentsOfFile: requestLog, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                  let path = object["path"] as? String else { return nil }
            return (path, object["headers"] as? [String: String] ?? [:])
        }
    }

    deinit { process.stop() }
}

