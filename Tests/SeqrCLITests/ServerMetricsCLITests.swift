import Foundation
import SeqrTestSupport
import Testing

/// `seqr-server --metrics`: Prometheus text on a second listener, never on the public port, with
/// counters that move and no name, share id or address in any label (issue 46).
@Suite("seqr-server --metrics")
struct ServerMetricsCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String], password: String = "correct horse") throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    /// The value of the sample whose line starts with `name` (labels included), or 0 when absent.
    static func sample(_ text: String, _ name: String) -> Double {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ").last ?? "") } ?? 0
    }

    @Test("the metrics listener counts registrations, failed logins, refusals and database time (SQLite); the public port has no /metrics")
    func metricsListener() throws {
        let directory = try TemporaryDirectory()
        try scrape(database: directory.file("server.sqlite"), directory: directory,
                   databaseWork: [("sqlite", "statement")])
    }

    @Test("database time on PostgreSQL: queries, transactions and the hot read batches",
          .enabled(if: ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false))
    func postgresDatabaseTime() throws {
        let directory = try TemporaryDirectory()
        let database = try ScaleOutCLITests.FreshDatabase()
        try scrape(database: database.url, directory: directory,
                   databaseWork: [("postgresql", "query"), ("postgresql", "transaction"), ("postgresql", "read_batch")])
    }

    /// Registers, adds a note (an authenticated request: the session read, a transaction), fails three logins, and checks what the metrics listener says.
    func scrape(database: String, directory: TemporaryDirectory, databaseWork: [(engine: String, work: String)]) throws {
        let server = try Server(database: database, log: directory.file("server.log"),
                                extra: ["--metrics", "127.0.0.1:0", "--logins-per-address", "2"])
        let port = try #require(server.process.waitForLog { log in
            log.split(separator: "\n").first { $0.contains("\"message\":\"metrics listening\"") }
                .flatMap { line in line.range(of: #""port":"\d+""#, options: .regularExpression).map { Int(line[$0].filter(\.isNumber))! } }
        }, "no metrics listener: \(server.process.log)")
        let curl = try ExternalTool.named("curl")
        func metrics() throws -> String {
            let got = try curl.run(["-sS", "-f", "http://127.0.0.1:\(port)/metrics"])
            #expect(got.status == 0, "\(got.stderr)")
            return got.stdoutText
        }
        let before = try metrics()
        let store = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice-metrics", "--server", server.url, "--kdf-iterations", "210000"] + store).status == 0)
        let added = try seqr(["notes", "add", "--title", "metered", "--info", "a note", "--json"] + store)
        #expect(added.status == 0, "\(added.stderr)")
        for _ in 0..<3 {
            #expect(try seqr(["notes", "login", "alice-metrics", "--server", server.url] + store, password: "not the password").status != 0)
        }
        let after = try metrics()
        #expect(Self.sample(after, "seqr_registrations_total") == Self.sample(before, "seqr_registrations_total") + 1, "\(after)")
        #expect(Self.sample(after, "seqr_login_failures_total") >= 2, "\(after)")
        #expect(Self.sample(after, #"seqr_refusals_total{reason="login_rate"}"#) >= 1, "\(after)")
        #expect(after.contains(#"hb_requests{http_route="/v1/sessions",http_request_method="POST",http_response_status_code="401"} "#), "\(after)")
        #expect(after.contains(#"http_server_request_duration_bucket{"#), "\(after)")
        // Database time, by engine and a fixed kind of work: it moved for each kind this run used.
        for (engine, work) in databaseWork {
            let count = "seqr_database_seconds_count{engine=\"\(engine)\",work=\"\(work)\"}"
            #expect(Self.sample(after, count) > Self.sample(before, count), "\(count) did not move: \(after)")
            // SQLite's own statement profile counts whole milliseconds on Linux: a run of fast statements sums to 0 s
            // (a fresh-clone CI saw it). The clocks Seqr reads itself are finer.
            if (engine, work) != ("sqlite", "statement") {
                #expect(Self.sample(after, "seqr_database_seconds_sum{engine=\"\(engine)\",work=\"\(work)\"}") > 0, "\(after)")
            }
        }
        // Route templates and fixed reasons only.
        for secret in ["alice-metrics", "127.0.0.1"] { #expect(!after.contains(secret), "\(secret) in the metrics") }
        // The public port does not serve them.
        let public_ = try curl.run(["-sS", "-o", "/dev/null", "-w", "%{http_code}", server.url + "/metrics"])
        #expect(public_.stdoutText == "404", "\(public_.stdoutText)")
    }

    @Test("--metrics takes HOST:PORT, [IPv6]:PORT or PORT; anything else is one line, exit 64")
    func badAddress() throws {
        let directory = try TemporaryDirectory()
        let binary = URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path
        for value in ["localhost", "127.0.0.1:70000", ":9090", "[::1]9090"] {
            let process = try BackgroundProcess(binary, ["--port", "0", "--database", directory.file("m.sqlite"), "--metrics", value],
                                                logPath: directory.file("m-\(UUID().uuidString).log"))
            let status = process.waitForExit(seconds: 10)
            #expect(status == 64, "\(value): \(process.log)")
            #expect(process.log.split(separator: "\n") == ["seqr-server: --metrics takes HOST:PORT, [IPv6]:PORT or PORT (0–65535), not \(value)"], "\(process.log)")
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("m.sqlite")))
    }
}
