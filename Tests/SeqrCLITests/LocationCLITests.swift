import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// `seqr location` against a real `seqr-server` on a loopback socket, and the web viewer in
/// real headless Chromium.
@Suite("seqr location against a started seqr-server", .serialized)
struct LocationCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    func jsonLines(_ outcome: ExternalTool.Outcome) -> [[String: Any]] {
        outcome.stdoutText.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    func link(_ outcome: ExternalTool.Outcome) throws -> String {
        let object = try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any]
        return try #require(object?["link"] as? String, "\(outcome.stdoutText) \(outcome.stderr)")
    }

    /// A three-point GPX track from a minute ago (recent, so a rotated share re-uploads it).
    static let gpx: String = {
        let time = ISO8601DateFormatter()
        let start = Date().addingTimeInterval(-60)
        return """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="seqr-test"><trk><trkseg>
            <trkpt lat="47.3780" lon="8.5430"><ele>410</ele><time>\(time.string(from: start))</time></trkpt>
            <trkpt lat="47.3790" lon="8.5440"><time>\(time.string(from: start.addingTimeInterval(10)))</time></trkpt>
            <trkpt lat="47.3800" lon="8.5450"><time>\(time.string(from: start.addingTimeInterval(20)))</time></trkpt>
            </trkseg></trk></gpx>
            """
    }()

    /// An NMEA RMC sentence for now plus `offset` seconds, with its checksum.
    static func rmc(lat minutes: String, lon lonMinutes: String, offset: TimeInterval) -> String {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "HHmmss,'A',"
        let time = formatter.string(from: Date().addingTimeInterval(offset))
        formatter.dateFormat = "ddMMyy"
        let body = "GPRMC,\(time)47\(minutes),N,008\(lonMinutes),E,0.0,0.0,\(formatter.string(from: Date().addingTimeInterval(offset))),,"
        return "$\(body)*\(String(format: "%02X", body.utf8.reduce(0, ^)))\n"
    }

    @Test("push → share → follow end to end (link and QR image), GPX, NMEA and a tailed log; rotate, revoke, wrong key, tampered fix, CryptoJS mode")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)

        // A fix before any share is kept locally, and a share made with --backfill starts with it.
        let early = try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417", "--accuracy", "12"] + alice)
        #expect(early.status == 0 && early.stdoutText.contains("no live share yet"))
        let qr = directory.file("link.png")
        let shared = try seqr(["location", "share", "--expires", "2h", "--backfill", "--qr", qr, "--json"] + alice)
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect((try JSONSerialization.jsonObject(with: shared.stdout) as? [String: Any])?["fixesUploaded"] as? Int == 1)
        let first = try link(shared)
        let parsed = try LocationShareLink(parsing: first)
        #expect(first.hasPrefix("\(server.url)/l/") && parsed.key.format == .seqrLocationV1)

        let once = try seqr(["location", "follow", first, "--once", "--json"])
        #expect(once.status == 0, "\(once.stderr)")
        #expect(jsonLines(once).map { $0["latitude"] as? Double } == [47.3769])

        // A GPX track, all at once: followers see distance and bearing from the previous fix.
        let track = try directory.write(Data(Self.gpx.utf8), to: "ride.gpx")
        #expect(try seqr(["location", "push", "--follow", track] + alice).stdoutText == "pushed 3 fixes from \(track)\n")
        let fixes = jsonLines(try seqr(["location", "follow", first, "--once", "--json"]))
        #expect(fixes.count == 4 && fixes.map { $0["seq"] as? Int } == [1, 2, 3, 4])
        #expect(fixes[0]["distance"] == nil && fixes[1]["altitude"] as? Double == 410)
        let a = try LocationFix(lat: 47.3780, lon: 8.5430, time: Date()), b = try LocationFix(lat: 47.3790, lon: 8.5440, time: Date())
        #expect(abs((fixes[2]["distance"] as? Double ?? 0) - a.distance(to: b)) < 0.1)
        #expect(abs((fixes[2]["bearing"] as? Double ?? 0) - a.bearing(to: b)) < 0.1)
        let human = try seqr(["location", "follow", first, "--once"]).stdoutText
        #expect(human.contains("moved 134 m toward 34° NE"), "\(human)")
        // The same share from its QR code.
        let fromImage = try seqr(["location", "follow", qr, "--once", "--json"])
        #expect(fromImage.status == 0 && jsonLines(fromImage).count == 4, "\(fromImage.stderr)")
        // --people: the links from a file, one NAME=LINK per line, comments and blank lines skipped.
        let people = try directory.write(Data("# the pickers\n\nAna=\(first)\n".utf8), to: "people.txt")
        let fromFile = try seqr(["location", "follow", "--people", people, "--once", "--json"])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(jsonLines(fromFile).count == 4 && jsonLines(fromFile).allSatisfy { $0["name"] as? String == "Ana" }, "\(fromFile.stdoutText)")
        let badLine = try directory.write(Data("Ana=\(first)\nBen=https://notes.example/l/short\n".utf8), to: "bad-people.txt")
        let refused = try seqr(["location", "follow", "--people", badLine, "--once"])
        #expect(refused.status == 65 && refused.stderr.hasPrefix("seqr: \(badLine):2: "), "\(refused.stderr)")
        let crowd = try directory.write(Data(String(repeating: "\(first)\n", count: 51).utf8), to: "crowd.txt")
        let tooMany = try seqr(["location", "follow", "--people", crowd, "--once"])
        #expect(tooMany.status == 64 && tooMany.stderr.contains("more than 50 shares"), "\(tooMany.stderr)")
        #expect(try seqr(["location", "follow", "--people", directory.file("none.txt"), "--once"]).status == 66)
        let huge = try directory.write(Data(repeating: 0x41, count: 65 * 1024), to: "huge.txt")
        let hugeRefused = try seqr(["location", "follow", "--people", huge, "--once"])
        #expect(hugeRefused.status == 65 && hugeRefused.stderr.contains("is not a list of people"), "\(hugeRefused.stderr)")

        // An NMEA log, then a tailed one that grows while `push --tail` runs.
        let nmea = try directory.write(Data((Self.rmc(lat: "22.860", lon: "32.760", offset: -30) + Self.rmc(lat: "22.880", lon: "32.780", offset: -20)).utf8), to: "log.nmea")
        let nmeaPush = try seqr(["location", "push", "--follow", nmea, "--json"] + alice)
        #expect(nmeaPush.status == 0 && nmeaPush.stdoutText.contains("\"fixes\":2"), "\(nmeaPush.stdoutText) \(nmeaPush.stderr)")
        let live = try directory.write(Data(Self.rmc(lat: "22.890", lon: "32.790", offset: -15).utf8), to: "live.nmea")
        // Every fix, watched or not (--unwatched-interval 0): nobody follows here, and the test counts them all.
        let tail = try BackgroundProcess(SeqrBinary.tool.path, ["location", "push", "--follow", live, "--tail", "--unwatched-interval", "0", "--json"] + alice,
                                         logPath: directory.file("tail.log"))
        #expect(tail.waitForLog(seconds: 30) { $0.contains("watching") ? true : nil } == true, "\(tail.log)")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: live))
        handle.seekToEndOfFile()
        handle.write(Data(Self.rmc(lat: "22.900", lon: "32.800", offset: -10).utf8))
        try handle.close()
        #expect(tail.waitForLog(seconds: 30) { $0.components(separatedBy: "\"fixes\":1").count == 3 ? true : nil } == true, "\(tail.log)")
        _ = tail.stop(SIGTERM)
        let all = jsonLines(try seqr(["location", "follow", first, "--once", "--json"]))
        #expect(all.count == 8 && abs((all.last?["latitude"] as? Double ?? 0) - (47 + 22.9 / 60)) < 1e-9)

        // Wrong and missing keys: one clear line, non-zero exit.
        let wrongKey = LocationShareLink(base: parsed.base, shareID: parsed.shareID, key: .generate()).description
        let wrong = try seqr(["location", "follow", wrongKey, "--once"])
        #expect(wrong.status != 0 && wrong.errorLines.count == 1 && wrong.errorLines[0].contains("wrong key"), "\(wrong.stderr)")
        let keyless = try seqr(["location", "follow", parsed.pageURL, "--once"])
        #expect(keyless.status != 0 && keyless.errorLines.first?.contains("has no key") == true)

        // Someone with the database flips one character of a stored fix: that fix is refused, never shown.
        let tamper = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            (seq, data) = db.execute("SELECT seq, data FROM location_fix ORDER BY seq LIMIT 1 OFFSET 1").fetchone()
            data = data[:30] + ("A" if data[30] != "A" else "B") + data[31:]
            db.execute("UPDATE location_fix SET data = ? WHERE seq = ?", (data, seq)); db.commit()
            """, database])
        #expect(tamper.status == 0, "\(tamper.stderr)")
        let tampered = try seqr(["location", "follow", first, "--once", "--json"])
        #expect(tampered.status != 0 && jsonLines(tampered).count == 7)
        #expect(tampered.errorLines.contains { $0.contains("fix 2 skipped") } && tampered.errorLines.last?.contains("failed authentication") == true)

        // Rotation: the old link stops working; the new one starts with the recent track.
        let id = parsed.shareID
        let rotated = try seqr(["location", "rotate", String(id.prefix(6)), "--json"] + alice)
        #expect(rotated.status == 0, "\(rotated.stderr)")
        let second = try link(rotated)
        let old = try seqr(["location", "follow", first, "--once"])
        #expect(old.status != 0 && old.errorLines.first?.contains("no such share") == true)
        #expect(jsonLines(try seqr(["location", "follow", second, "--once", "--json"])).count == 8)
        let listed = try seqr(["location", "shares", "--json"] + alice)
        #expect(listed.stdoutText.contains(try LocationShareLink(parsing: second).shareID) && !listed.stdoutText.contains(id))

        // CryptoJS mode: warned about, and it works end to end.
        let legacy = try seqr(["location", "share", "--format", "cryptojs", "--backfill", "--json", "--no-qr"] + alice)
        #expect(legacy.status == 0 && legacy.stderr.contains("unauthenticated"))
        let legacyLink = try link(legacy)
        #expect(try LocationShareLink(parsing: legacyLink).key.bytes.count == 16)
        let both = try seqr(["location", "push", "--lat", "-33.8568", "--lon", "151.2153"] + alice)
        #expect(both.stdoutText == "pushed 1 fix to 2 shares\n", "\(both.stdoutText) \(both.stderr)")
        let legacyFixes = jsonLines(try seqr(["location", "follow", legacyLink, "--once", "--json"]))
        #expect(legacyFixes.count == 9 && legacyFixes.last?["latitude"] as? Double == -33.8568)

        // Revocation.
        let secondID = try LocationShareLink(parsing: second).shareID
        let revoked = try seqr(["location", "revoke", secondID] + alice)
        #expect(revoked.stdoutText == "revoked \(secondID)\n", "\(revoked.stderr)")
        let afterRevoke = try seqr(["location", "follow", second, "--once"])
        #expect(afterRevoke.status != 0, "\(afterRevoke.stdoutText)")
        #expect(try seqr(["location", "revoke", secondID] + alice).status != 0)

        // Bad input to the CLI itself.
        #expect(try seqr(["location", "push", "--lat", "95", "--lon", "0"] + alice).errorLines == ["seqr: latitude 95.0 is outside −90…90"])
        let notTrack = try directory.write(Data("hello\n".utf8), to: "notes.txt")
        #expect(try seqr(["location", "push", "--follow", notTrack] + alice).errorLines.first?.contains("neither a GPX file nor an NMEA log") == true)
        #expect(try seqr(["location", "follow", "https://example.org/"]).errorLines.first?.contains("not a location share link") == true)
        #expect(server.process.stop(SIGTERM) == 0)
    }

    @Test("a new share starts empty: no fix from before it was made; --backfill starts it with the last 24 hours")
    func newShareStartsEmpty() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417"] + alice).status == 0)

        let fresh = try seqr(["location", "share", "--json", "--no-qr"] + alice)
        #expect((try JSONSerialization.jsonObject(with: fresh.stdout) as? [String: Any])?["fixesUploaded"] as? Int == 0, "\(fresh.stderr)")
        let human = try seqr(["location", "share", "--no-qr"] + alice)
        #expect(human.status == 0 && !human.stdoutText.contains("uploaded"), "\(human.stdoutText)")
        let backfilled = try seqr(["location", "share", "--backfill", "--json", "--no-qr"] + alice)
        #expect((try JSONSerialization.jsonObject(with: backfilled.stdout) as? [String: Any])?["fixesUploaded"] as? Int == 1)
        let empty = try seqr(["location", "follow", try link(fresh), "--once", "--json"])
        #expect(empty.status == 0 && jsonLines(empty).isEmpty, "\(empty.stdoutText) \(empty.stderr)")
        #expect(jsonLines(try seqr(["location", "follow", try link(backfilled), "--once", "--json"])).map { $0["latitude"] as? Double } == [47.3769])

        // From now on both shares get every fix.
        #expect(try seqr(["location", "push", "--lat", "47.3770", "--lon", "8.5418"] + alice).status == 0)
        #expect(jsonLines(try seqr(["location", "follow", try link(fresh), "--once", "--json"])).map { $0["latitude"] as? Double } == [47.3770])
        #expect(jsonLines(try seqr(["location", "follow", try link(backfilled), "--once", "--json"])).count == 2)
        withExtendedLifetime(server) {}
    }

    /// Where the viewer's screenshot is kept: the package's .build/test-output.
    static let outputDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/test-output").path

    func chromium(_ url: String, profile: String, screenshot: String? = nil) throws -> String {
        // Over the DevTools protocol, on real time (the server tests' Fixtures/visit_page.py says why).
        let browser = try ExternalTool.named("chromium")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SeqrServerTests/Fixtures/visit_page.py").path
        var arguments = [script, browser.path, url, profile, "6"]
        arguments += screenshot.map { ["--screenshot", $0] } ?? []
        let outcome = try ExternalTool.named("python3").run(arguments + ["--", "--window-size=800,900", "--hide-scrollbars"])
        #expect(outcome.status == 0, "\(outcome.stderr.suffix(500))")
        return outcome.stdoutText
    }

    func element(_ id: String, in dom: String) -> String? {
        guard let start = dom.range(of: "id=\"\(id)\""), let open = dom[start.upperBound...].firstIndex(of: ">"),
              let close = dom[open...].range(of: "</") else { return nil }
        return String(dom[dom.index(after: open)..<close.lowerBound])
    }

    @Test("the web viewer in headless Chromium decrypts and shows the position; the key never reaches the server's access log")
    func webViewer() throws {
        let directory = try TemporaryDirectory()
        let accessLog = directory.file("access.log")
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"), extra: ["--access-log", accessLog])
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        let link = try self.link(try seqr(["location", "share", "--json", "--no-qr"] + alice))
        let parsed = try LocationShareLink(parsing: link)
        #expect(try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417", "--accuracy", "12"] + alice).status == 0)
        let track = try directory.write(Data(Self.gpx.utf8), to: "ride.gpx")
        #expect(try seqr(["location", "push", "--follow", track] + alice).status == 0)

        let dom = try chromium(link, profile: directory.file("profile"))
        #expect(element("status", in: dom)?.contains("decrypted in this browser") == true, "\(dom)")
        // The newest by time: the single push (the GPX track is from a minute ago).
        #expect(element("lat", in: dom) == "47.37690" && element("lon", in: dom) == "8.54170")
        #expect(element("accuracy", in: dom) == "±12 m" && element("count", in: dom) == "4")
        #expect(element("age", in: dom)?.hasSuffix("s ago") == true)
        #expect(dom.contains("leaflet-container") && dom.contains("class=\"leaflet-interactive\""))
        try FileManager.default.createDirectory(atPath: Self.outputDirectory, withIntermediateDirectories: true)
        let screenshot = Self.outputDirectory + "/location-viewer.png"
        try? FileManager.default.removeItem(atPath: screenshot)
        _ = try chromium(link, profile: directory.file("profile"), screenshot: screenshot)
        let png = try Data(contentsOf: URL(fileURLWithPath: screenshot))
        #expect(png.count > 5000 && png.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))

        // The same track saved as one self-contained page: every fix, Leaflet inline, private to its owner.
        let trip = directory.file("trip.html")
        let saved = try seqr(["location", "follow", link, "--once", "--map", trip])
        #expect(saved.status == 0, "\(saved.stderr)")
        let html = try String(contentsOfFile: trip, encoding: .utf8)
        #expect(html.contains(#""lat":47.3769,"lon":8.5417"#) && html.components(separatedBy: #""time":"#).count - 1 == 4)
        #expect(html.contains("Vladimir Agafonkin") && !html.contains("<script src") && html.contains("img-src 'none'"))
        #expect((try FileManager.default.attributesOfItem(atPath: trip)[.posixPermissions] as? Int) == 0o600)
        #expect(try seqr(["location", "follow", link, "--once", "--map-tiles", "https://t.example/{z}/{x}/{y}.png"]).errorLines
                == ["seqr: --map-tiles needs --map FILE"])

        // A wrong key and a missing key: a clear message, no position.
        let wrong = try chromium(LocationShareLink(base: parsed.base, shareID: parsed.shareID, key: .generate()).description, profile: directory.file("profile"))
        #expect(element("status", in: wrong)?.hasPrefix("Wrong key") == true, "\(wrong)")
        #expect(element("lat", in: wrong) == "")
        let keyless = try chromium(parsed.pageURL, profile: directory.file("profile"))
        #expect(element("status", in: keyless)?.contains("has no key") == true)

        // What reached the server: the page and its fetches, by share id — never the key, in any encoding.
        _ = server.process.stop(SIGTERM)
        let log = try String(contentsOfFile: accessLog, encoding: .utf8)
        #expect(log.contains("\"GET /l/\(parsed.shareID) HTTP/1.1\" 200") && log.contains("GET /v1/location/feed/\(parsed.shareID)?after=0"))
        let key = Base64URL.encode(parsed.key.bytes)
        for secret in [key, parsed.key.bytes.base64EncodedString(), "#k=", parsed.key.bytes.map { String(format: "%02x", $0) }.joined()] {
            #expect(!log.contains(secret) && !server.process.log.contains(secret), "\(secret)")
        }
    }
}
