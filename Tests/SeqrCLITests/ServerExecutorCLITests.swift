import Foundation
import SeqrTestSupport
import Testing

/// Which executor a started `seqr-server` runs Swift concurrency's jobs on (ConcurrencyOnEventLoops).
@Suite("seqr-server executor")
struct ServerExecutorCLITests {
    func listeningLine(_ extra: [String]) throws -> Substring {
        let directory = try TemporaryDirectory()
        let server = try NotesCLITests.Server(database: directory.file("e.sqlite"), log: directory.file("e.log"), extra: extra)
        defer { _ = server.process.stop() }
        return try #require(server.process.log.split(separator: "\n").first { $0.contains("\"message\":\"listening\"") })
    }

    @Test("by default Swift concurrency runs on Swift's global pool; --event-loop-executor moves it onto the event loops (the hook is linked, also where dlsym cannot find it)")
    func executor() throws {
        #expect(try listeningLine([]).contains(#""executor":"global""#))
        #expect(try listeningLine(["--event-loop-executor"]).contains(#""executor":"event-loops""#))
    }
}
