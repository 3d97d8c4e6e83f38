import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// `seqr location follow` on the server's live feed: fixes arrive as they are pushed, not at the next poll.
@Suite("seqr location follow over the live feed", .serialized)
struct LocationFollowLiveCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    @Test("follow prints replayed and newly pushed fixes at once (polling every 120 s would not), and ends when the share is revoked")
    func followLive() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417"] + alice).status == 0)
        let shared = try seqr(["location", "share", "--backfill", "--json"] + alice)
        let object = try JSONSerialization.jsonObject(with: shared.stdout) as? [String: Any]
        let link = try #require(object?["link"] as? String, "\(shared.stderr)")

        let follower = try BackgroundProcess(SeqrBinary.tool.path, ["location", "follow", link, "--json", "--interval", "120"],
                                             logPath: directory.file("follow.log"))
        #expect(follower.waitForLog(seconds: 20) { $0.contains("\"seq\":1") ? true : nil } == true, "\(follower.log)")
        let pushed = Date()
        #expect(try seqr(["location", "push", "--lat", "47.3770", "--lon", "8.5418"] + alice).status == 0)
        #expect(follower.waitForLog(seconds: 60) { $0.contains("\"seq\":2") ? true : nil } == true, "\(follower.log)")
        #expect(Date().timeIntervalSince(pushed) < 60)  // by the stream: polling (--interval 120) would take up to 120 s

        let shareID = try LocationShareLink(parsing: link).shareID
        #expect(try seqr(["location", "revoke", shareID] + alice).status == 0)
        #expect(follower.waitForExit(seconds: 20) == 65)
        #expect(follower.log.contains("the share was revoked"), "\(follower.log)")
        withExtendedLifetime(server) {}
    }
}
