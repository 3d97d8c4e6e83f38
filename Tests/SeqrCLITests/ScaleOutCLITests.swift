import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrTestSupport
import Testing

/// Several `seqr-server` processes on one PostgreSQL database (a fresh one on the test cluster of
/// scripts/postgres, named in SEQR_TEST_POSTGRES_URL), as deployed behind a load balancer.
@Suite("seqr-server processes on one PostgreSQL act as one server", .serialized,
       .enabled(if: ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false))
struct ScaleOutCLITests {
    typealias Server = NotesCLITests.Server

    /// A database of its own on the test cluster, dropped when released.
    final class FreshDatabase: @unchecked Sendable {
        let url: String
        let name: String
        private let admin: [String]
        private let psql: ExternalTool

        init() throws {
            let base = try #require(ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"])
            var components = try #require(URLComponents(string: base))
            psql = try ExternalTool.named("psql")
            admin = ["-h", components.host ?? "127.0.0.1", "-p", String(components.port ?? 5432), "-U", components.user ?? "postgres",
                     "-d", String(components.path.dropFirst()), "-v", "ON_ERROR_STOP=1", "-q", "-t", "-A"]
            name = "seqr_scale_\(UUID().uuidString.prefix(8).lowercased())"
            components.path = "/" + name
            url = try #require(components.string)
            let created = try psql.run(admin + ["-c", "CREATE DATABASE \(name)"])
            guard created.status == 0 else { throw ExternalTool.Missing(name: "a PostgreSQL cluster to create \(name) on (\(created.stderr))") }
        }

        /// Rows of a query on this database, one line each.
        func query(_ sql: String) throws -> [String] {
            var arguments = admin
            arguments[arguments.firstIndex(of: "-d")! + 1] = name
            let outcome = try psql.run(arguments + ["-c", sql])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            return outcome.stdoutText.split(separator: "\n").map(String.init)
        }

        deinit { _ = try? psql.run(admin + ["-c", "DROP DATABASE IF EXISTS \(name) WITH (FORCE)"]) }
    }

    static func user() -> (name: String, authKey: String, kdf: AccountKDFParameters) {
        ("scale-\(UUID().uuidString.prefix(8).lowercased())", Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString(),
         .fresh(iterations: AccountKDFParameters.minimumIterations))
    }

    @Test("two instances started together: register on A, read on B; logout on A refused on B at once; each fix pushed on A reaches a follower on B by NOTIFY alone, median within 1.5 s; a third instance migrates nothing again")
    func twoInstances() async throws {
        let directory = try TemporaryDirectory()
        let database = try FreshDatabase()
        // Both start on an empty database at the same moment: the migration lock lets one migrate.
        let servers = try await withThrowingTaskGroup(of: Server.self) { group in
            for name in ["a", "b"] {
                group.addTask { try Server(database: database.url, log: directory.file("\(name).log"), extra: ["--heartbeat-seconds", "3600"]) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        let (a, b) = (servers[0], servers[1])
        let migrations = try database.query("SELECT name || ' ' || applied_at FROM seqr_migrations ORDER BY name")
        #expect(migrations.count >= 6 && Set(migrations.map { $0.split(separator: " ")[0] }).count == migrations.count)

        // Register on A, read on B.
        let alice = Self.user()
        var onA = ServerClient(server: a.url)
        onA.token = try await onA.register(username: alice.name, authKey: alice.authKey, kdf: alice.kdf).token
        let onB = ServerClient(server: b.url, token: onA.token)
        for _ in 0..<2 { #expect(try await onB.account().username == alice.name) }  // the second from B's session cache

        // Live location: a follower on B, fixes pushed on A. Heartbeats (which also re-read the feed)
        // are an hour apart, so a fix can only reach B through PostgreSQL's NOTIFY.
        let share = try await onA.createShare(format: .seqrLocationV1, expiresAt: nil)
        let key = LocationShareKey.generate()
        let follower = FeedRecorder(try await ServerClient(server: b.url).liveFeed(shareID: share.id))
        #expect(try await follower.waitFor(within: .seconds(30)) { $0.contains { if case .share = $0.event { true } else { false } } })
        var latencies: [Double] = []
        for i in 1...20 {
            let fix = try key.seal(LocationFix(lat: 47.37, lon: 8.54 + Double(i) * 0.0001, accuracy: 5, time: Date()), shareID: share.id)
            let pushed = ContinuousClock.now
            _ = try await onA.pushFixes(shareID: share.id, data: [fix])
            // Generous for a loaded machine, far below the heartbeat: a lost notification fails here.
            let arrived = try await follower.waitFor(within: .seconds(30)) { $0.contains { $0.fix?.seq == i } }
            guard arrived, let received = await follower.arrival(of: i) else { Issue.record("fix \(i) never reached the follower on B"); return }
            #expect(received.fix?.data == fix)
            let elapsed = received.at - pushed
            latencies.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        }
        #expect(await follower.fixSequence() == Array(1...20), "each fix once, in order")
        let sorted = latencies.sorted()
        // The target (within 1.5 s) is measured by `scripts/bench-follow`; on two cores shared
        // with the rest of the suite single fixes can take seconds, so the test holds the median to it.
        #expect(sorted[10] < 1.5, "push on A → event on B: \(sorted)")
        print("fan-out A → B, push request to event received, 20 fixes: median \(String(format: "%.1f", sorted[10] * 1000)) ms, max \(String(format: "%.1f", sorted.last! * 1000)) ms")

        // A third instance joins while A and B run: it finds every migration applied and changes none.
        let c = try Server(database: database.url, log: directory.file("c.log"))
        #expect(try database.query("SELECT name || ' ' || applied_at FROM seqr_migrations ORDER BY name") == migrations)
        #expect(try await ServerClient(server: c.url, token: onA.token).account().username == alice.name)

        // Logout on A: B (which cached the session) and C refuse the token at once.
        try await onA.logout()
        for server in [b, c] {
            do {
                _ = try await ServerClient(server: server.url, token: onA.token).account()
                Issue.record("\(server.url) still accepts a logged-out session")
            } catch let error as ServerClientError {
                #expect(error.code == "unauthorized")
            }
        }

        // Revoking on A ends B's stream with the reason.
        let owner = try await ServerClient(server: a.url).login(username: alice.name, authKey: alice.authKey)
        try await ServerClient(server: a.url, token: owner.token).revokeShare(id: share.id)
        #expect(try await follower.waitFor(within: .seconds(30)) { $0.last?.event == .end(LocationAPI.StreamEnd(reason: "revoked")) })
        withExtendedLifetime((a, b, c)) {}
    }
}

/// Reads a live feed in the background and notes when each event arrived, so a test can wait for
/// an event with a deadline instead of hanging on a stream that never delivers it.
actor FeedRecorder {
    struct Arrival: Sendable {
        let event: LocationAPI.StreamEvent
        let at: ContinuousClock.Instant
        var fix: LocationAPI.FeedFix? { if case .fix(let fix) = event { fix } else { nil } }
    }
    private(set) var arrivals: [Arrival] = []
    private var reader: Task<Void, Never>?

    init(_ stream: AsyncThrowingStream<LocationAPI.StreamEvent, Error>) {
        Task { await self.start(stream) }
    }

    private func start(_ stream: AsyncThrowingStream<LocationAPI.StreamEvent, Error>) {
        reader = Task {
            do {
                for try await event in stream { self.record(Arrival(event: event, at: .now)) }
            } catch {}
        }
    }

    private func record(_ arrival: Arrival) { arrivals.append(arrival) }

    /// Waits until `condition` holds for the events so far; false when `limit` passed first.
    func waitFor(within limit: Duration, _ condition: @Sendable ([Arrival]) -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + limit
        while !condition(arrivals) {
            if ContinuousClock.now > deadline { return false }
            try await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    func arrival(of seq: Int) -> Arrival? { arrivals.first { $0.fix?.seq == seq } }

    func fixSequence() -> [Int] { arrivals.compactMap { $0.fix?.seq } }

    deinit { reader?.cancel() }
}
