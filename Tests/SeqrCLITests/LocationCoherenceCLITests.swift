import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// What `seqr location` says and where: the link alone on standard output, an expiry that can be
/// extended, fixes from the future refused, a follower that says when its connection comes and goes.
@Suite("seqr location: output, expiry, clock and connection", .serialized)
struct LocationCoherenceCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    func object(_ outcome: ExternalTool.Outcome) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: outcome.stdout)) as? [String: Any]
    }

    func jsonLines(_ outcome: ExternalTool.Outcome) -> [[String: Any]] {
        outcome.stdoutText.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
    }

    @Test("share --help names as default a value of its own list")
    func helpDefault() throws {
        let help = try seqr(["location", "share", "--help"])
        #expect(help.status == 0)
        let text = help.stdoutText.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        let option = try #require(text.range(of: "--format <format>").map { String(text[$0.lowerBound...].prefix(400)) }, "\(text)")
        #expect(option.contains("seqr") && option.contains("cryptojs") && option.contains("(default: seqr)"), "\(option)")
        #expect(!text.contains("seqr-location-v1"), "\(text)")
    }

    @Test("share prints only the link on standard output when piped, what it did on standard error with seqr:; follow --json says latitude/longitude")
    func linkAlone() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417"] + alice).status == 0)
        let shared = try seqr(["location", "share", "--expires", "2h", "--backfill"] + alice)
        #expect(shared.status == 0, "\(shared.stderr)")
        let lines = shared.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(shared.stdoutText)")
        let link = try LocationShareLink(parsing: String(lines[0]))
        #expect(link.description.hasPrefix("\(server.url)/l/"))
        #expect(!shared.errorLines.isEmpty && shared.errorLines.allSatisfy { $0.hasPrefix("seqr: ") }, "\(shared.stderr)")
        #expect(shared.stderr.contains("created share \(link.shareID)") && shared.stderr.contains("uploaded the last 1 own fix"))

        let fixes = jsonLines(try seqr(["location", "follow", link.description, "--once", "--json"]))
        #expect(fixes.count == 1 && fixes.first?["latitude"] as? Double == 47.3769 && fixes.first?["longitude"] as? Double == 8.5417)
        #expect(fixes.first?["lat"] == nil && fixes.first?["lon"] == nil)
        withExtendedLifetime(server) {}
    }

    @Test("extend gives a share a new expiry, or none, keeping its link; the server and this store agree; bad input is refused")
    func extend() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        let shared = try seqr(["location", "share", "--expires", "1m", "--json", "--no-qr"] + alice)
        let link = try LocationShareLink(parsing: try #require(object(shared)?["link"] as? String, "\(shared.stderr)"))
        let id = link.shareID

        let extended = try seqr(["location", "extend", String(id.prefix(6)), "--expires", "12h", "--json"] + alice)
        #expect(extended.status == 0, "\(extended.stderr)")
        let expiresAt = try #require((object(extended)?["expiresAt"] as? String).flatMap { ISO8601DateFormatter().date(from: $0) }, "\(extended.stdoutText)")
        #expect(abs(expiresAt.timeIntervalSinceNow - 12 * 3600) < 120)
        let listed = try JSONSerialization.jsonObject(with: try seqr(["location", "shares", "--json"] + alice).stdout) as? [[String: Any]]
        #expect(listed?.first?["id"] as? String == id && listed?.first?["expiresAt"] as? String == object(extended)?["expiresAt"] as? String)

        let lifted = try seqr(["location", "extend", id, "--until-revoked"] + alice)
        #expect(lifted.status == 0 && lifted.stdoutText == "share \(id) lasts until revoked\n", "\(lifted.stdoutText) \(lifted.stderr)")
        let after = try JSONSerialization.jsonObject(with: try seqr(["location", "shares", "--json"] + alice).stdout) as? [[String: Any]]
        #expect(after?.first?["expiresAt"] == nil)
        // The same link still works.
        #expect(try seqr(["location", "follow", link.description, "--once"]).status == 0)

        let both = try seqr(["location", "extend", id, "--expires", "1h", "--until-revoked"] + alice)
        #expect(both.status == 64 && both.errorLines.count == 1)
        #expect(try seqr(["location", "extend", id, "--expires", "soon"] + alice).status == 64)
        let unknown = try seqr(["location", "extend", "zzzzzz", "--expires", "1h"] + alice)
        #expect(unknown.status == 65 && unknown.stderr.contains("no share zzzzzz"))
        withExtendedLifetime(server) {}
    }

    @Test("a fix dated in the future is refused before anything is stored or sent: --time and a track log")
    func futureFixes() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        let shared = try seqr(["location", "share", "--json", "--no-qr"] + alice)
        let link = try #require(object(shared)?["link"] as? String, "\(shared.stderr)")
        let time = ISO8601DateFormatter()

        let future = try seqr(["location", "push", "--lat", "47.1", "--lon", "8.1", "--time", time.string(from: Date().addingTimeInterval(3600))] + alice)
        #expect(future.status == 65 && future.errorLines.count == 1 && future.stderr.contains("in the future"), "\(future.stderr)")
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="seqr-test"><trk><trkseg>
            <trkpt lat="47.2" lon="8.2"><time>\(time.string(from: Date().addingTimeInterval(-60)))</time></trkpt>
            <trkpt lat="47.3" lon="8.3"><time>\(time.string(from: Date().addingTimeInterval(86_400)))</time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try directory.write(Data(gpx.utf8), to: "ahead.gpx")
        let log = try seqr(["location", "push", "--follow", track] + alice)
        #expect(log.status == 65 && log.stderr.contains("in the future") && log.stderr.contains("nothing was pushed"), "\(log.stderr)")
        let followed = try seqr(["location", "follow", link, "--once", "--json"])
        #expect(followed.status == 0 && jsonLines(followed).isEmpty, "\(followed.stdoutText)")

        // A few seconds ahead (clocks differ a little) is accepted.
        let near = try seqr(["location", "push", "--lat", "47.4", "--lon", "8.4", "--time", time.string(from: Date().addingTimeInterval(20))] + alice)
        #expect(near.status == 0, "\(near.stderr)")
        withExtendedLifetime(server) {}
    }

    @Test("follow says on standard error when the connection is lost and when it is back, and goes on with the fixes")
    func connectionLostAndBack() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        var server = try Server(database: database, log: directory.file("server.log"))
        let port = server.port
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417"] + alice).status == 0)
        let link = try #require(object(try seqr(["location", "share", "--json", "--no-qr", "--backfill"] + alice))?["link"] as? String)

        let follower = try BackgroundProcess(SeqrBinary.tool.path, ["location", "follow", link, "--json", "--interval", "0.5"],
                                             logPath: directory.file("follow.log"))
        #expect(follower.waitForLog(seconds: 30) { $0.contains("\"seq\":1") ? true : nil } == true, "\(follower.log)")
        server.process.stop(SIGKILL)
        #expect(follower.waitForLog(seconds: 30) { $0.contains("seqr: connection to \(server.url) lost") ? true : nil } == true, "\(follower.log)")
        #expect(!follower.log.contains("is back"))

        // The same server again, on the same port and database.
        server = try Server(database: database, log: directory.file("server2.log"), extra: ["--port", "\(port)"])
        #expect(follower.waitForLog(seconds: 30) { $0.contains("seqr: connection to http://127.0.0.1:\(port) is back") ? true : nil } == true, "\(follower.log)")
        #expect(try seqr(["location", "push", "--lat", "47.3770", "--lon", "8.5418"] + alice).status == 0)
        #expect(follower.waitForLog(seconds: 30) { $0.contains("\"seq\":2") ? true : nil } == true, "\(follower.log)")
        #expect(follower.log.components(separatedBy: "lost").count == 2, "\(follower.log)")
        follower.stop()
        withExtendedLifetime(server) {}
    }
}
