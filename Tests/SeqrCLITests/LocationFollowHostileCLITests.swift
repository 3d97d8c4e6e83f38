import Foundation
import SeqrTestSupport
import Testing

/// Issue 47: `seqr location follow` against a server that sends one endless event stayed silent until
/// killed. Every line of an event counts towards the event cap (256 KiB): past it the connection is
/// dropped, the user is told in one line, and follow reconnects as on a lost connection.
@Suite("seqr location follow against a hostile live feed")
struct LocationFollowHostileCLITests {
    @Test("one endless event of `event:` lines is refused at the event cap: one line says the connection was lost and why, and follow reconnects")
    func endlessEvent() throws {
        let directory = try TemporaryDirectory()
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("SeqrServerTests/Fixtures/hostile_event_stream.py").path
        let server = try BackgroundProcess(try ExternalTool.named("python3").path, ["-u", script, "endless-fields"], logPath: directory.file("server.log"))
        let port = try #require(server.waitForLog { log in log.split(separator: "\n").first { $0.hasPrefix("port ") }.flatMap { Int($0.dropFirst(5)) } })
        let link = "http://127.0.0.1:\(port)/l/AAAAAAAAAAAAAAAAAAAAAA#k=" + String(repeating: "A", count: 43)
        let follower = try BackgroundProcess(SeqrBinary.tool.path, ["location", "follow", link, "--interval", "1"], logPath: directory.file("follow.log"))
        let said = follower.waitForLog(seconds: 90) { log in log.contains("lost") ? log : nil }
        #expect(said?.contains("connection to http://127.0.0.1:\(port) lost (unexpected answer from the server: a live-feed event over 262144 bytes); reconnecting") == true,
                "\(follower.log)")
        #expect(said?.split(separator: "\n").count == 1, "\(follower.log)")
        // The server was not read past the cap and the socket buffers.
        let ending = server.waitForLog(seconds: 90) { log in
            log.split(separator: "\n").first { $0.hasPrefix("closed after") || $0.hasPrefix("blocked after") || $0.hasPrefix("sent all") }.map(String.init)
        }
        let sent = ending.flatMap { $0.split(separator: " ").last.flatMap { Int($0) } } ?? .max
        #expect(ending?.hasPrefix("sent all") == false && sent < 16 * 1024 * 1024, "\(String(describing: ending))")
    }
}
