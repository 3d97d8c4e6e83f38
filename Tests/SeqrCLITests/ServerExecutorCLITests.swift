import Foundation
import SeqrTestSupport
import Testing

/// Which executor a started `seqr-server` runs Swift concurrency's jobs on (ConcurrencyOnEventLoops).
@Suite("seqr-server executor")
struct ServerExecutorCLITests {
    func listeningLine(_ extra: [String], database: String? = nil) throws -> Substring {
        let directory = try TemporaryDirectory()
        let server = try NotesCLITests.Server(database: database ?? directory.file("e.sqlite"), log: directory.file("e.log"), extra: extra)
        defer { _ = server.process.stop() }
        return try #require(server.process.log.split(separator: "\n").first { $0.contains("\"message\":\"listening\"") })
    }

    @Test("on SQLite Swift concurrency runs on Swift's global pool by default; --event-loop-executor moves it onto the event loops (the hook is linked, also where dlsym cannot find it)")
    func sqliteExecutor() throws {
        #expect(try listeningLine([]).contains(#""executor":"global""#))
        #expect(try listeningLine(["--event-loop-executor"]).contains(#""executor":"event-loops""#))
    }

    @Test("on PostgreSQL it runs on the event loops by default, and --no-event-loop-executor keeps it on the global pool",
          .enabled(if: !(ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"] ?? "").isEmpty))
    func postgresExecutor() throws {
        let url = try #require(ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"])
        #expect(try listeningLine([], database: url).contains(#""executor":"event-loops""#))
        #expect(try listeningLine(["--no-event-loop-executor"], database: url).contains(#""executor":"global""#))
    }
}
