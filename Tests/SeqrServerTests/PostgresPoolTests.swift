import Foundation
import Logging
import PostgresNIO
import SeqrServer
import Testing

/// `?pool=N` in a PostgreSQL URL: how many connections at most answer requests (docs/benchmarks.md
/// chose the default), the cluster events' listener not counted.
@Suite("seqr-server PostgreSQL pool")
struct PostgresPoolTests {
    @Test("pool=N is read, bounds the client at N plus the listener, and anything but a number from 1 to 1000 is refused with its own error")
    func parsing() throws {
        let plain = try PostgresURL(parsing: "postgres://u@h/db", environment: [:])
        #expect(plain.poolSize == PostgresURL.defaultPoolSize)
        #expect(plain.clientConfiguration.options.maximumConnections == PostgresURL.defaultPoolSize + 1)
        for size in [1, 4, 1000] {
            let url = try PostgresURL(parsing: "postgres://u@h/db?sslmode=disable&pool=\(size)", environment: [:])
            #expect(url.poolSize == size)
            #expect(url.clientConfiguration.options.maximumConnections == size + 1)
        }
        #expect(try PostgresURL(parsing: "postgres://u@h/db?pool=4&sslmode=require", environment: [:]).sslMode == .require)
        for bad in ["0", "1001", "-1", "+4", "four", "", "4.0", " 4", "0x10", "99999999999999999999999"] {
            let url = "postgres://u@h/db?pool=\(bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bad)"
            #expect(throws: PostgresURLError.badPoolSize(bad), "\(bad)") { try PostgresURL(parsing: url, environment: [:]) }
            #expect(PostgresURLError.badPoolSize(bad).description == "PostgreSQL URL: pool \"\(bad)\" is not a number of connections from 1 to 1000")
        }
        #expect(throws: PostgresURLError.badPoolSize("")) { try PostgresURL(parsing: "postgres://u@h/db?pool", environment: [:]) }
        #expect(PostgresURLError.unknownParameter("pools").description.contains("only sslmode, sslrootcert, pool and reads"))
        #expect(throws: PostgresURLError.unknownParameter("pools")) { try PostgresURL(parsing: "postgres://u@h/db?pools=4", environment: [:]) }
    }

    @Test("reads=N is read as the hot reads' connections per event loop, 1 by default; anything but a number from 1 to 64 is refused with its own error")
    func readsParsing() throws {
        #expect(try PostgresURL(parsing: "postgres://u@h/db", environment: [:]).readConnectionsPerLoop == 1)
        for count in [1, 2, 64] {
            #expect(try PostgresURL(parsing: "postgres://u@h/db?pool=4&reads=\(count)", environment: [:]).readConnectionsPerLoop == count)
        }
        for bad in ["0", "65", "-1", "+2", "two", "", "2.0"] {
            let url = "postgres://u@h/db?reads=\(bad.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? bad)"
            #expect(throws: PostgresURLError.badReadConnections(bad), "\(bad)") { try PostgresURL(parsing: url, environment: [:]) }
        }
        #expect(PostgresURLError.badReadConnections("0").description == "PostgreSQL URL: reads \"0\" is not a number of connections per event loop from 1 to 64")
    }

    /// The test database's URL with `pool=size` added.
    static func url(pool size: Int) throws -> String {
        guard let url = Backend.postgresURL else { throw Backend.PostgresMissing() }
        return url + (url.contains("?") ? "&" : "?") + "pool=\(size)"
    }

    /// Waits until `events` listens (it then holds its own connection).
    static func waitUntilLive(_ events: PostgresClusterEvents) async throws {
        // Generous: in the full suite the listener's own task can wait minutes for one of the two pool threads.
        try await Backend.waitUntil(seconds: 240) { events.isLive }
    }

    @Test("pool=2 beside the listener: twenty concurrent queries share two PostgreSQL backends", .enabled(if: Backend.available.contains(.postgres)))
    func bounded() async throws {
        let logger = Logger(label: "test")
        let repository = try PostgresRepository(url: Self.url(pool: 2), logger: logger)
        let events = PostgresClusterEvents(client: repository.client, logger: logger)
        let pids = try await withRunning([repository.client, events]) {
            try await Self.waitUntilLive(events)
            return try await withThrowingTaskGroup(of: Int32.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        // Each holds its connection a while, so that an unbounded pool would open one per query.
                        for try await pid in try await repository.client.query("SELECT pg_backend_pid() FROM pg_sleep(0.05)").decode(Int32.self) {
                            return pid
                        }
                        return 0
                    }
                }
                return try await group.reduce(into: Set<Int32>()) { $0.insert($1) }
            }
        }
        #expect(pids.count <= 2, "\(pids.count) backends")
        #expect(!pids.contains(0))
    }

    @Test("pool=1 with the cluster events' listener running: requests still get their connection", .enabled(if: Backend.available.contains(.postgres)))
    func listenerOnTop() async throws {
        let logger = Logger(label: "test")
        let repository = try PostgresRepository(url: Self.url(pool: 1), logger: logger)
        let events = PostgresClusterEvents(client: repository.client, logger: logger)
        let answered = try await withRunning([repository.client, events]) {
            // The listener holds its connection once live; then a query must not wait for it.
            try await Self.waitUntilLive(events)
            return try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await one in try await repository.client.query("SELECT 1").decode(Int.self) { return one == 1 }
                    return false
                }
                group.addTask {
                    // Without a connection left for requests the query waits for ever. Counted in polls
                    // (up to 60 s idle), not the clock: beside the whole suite every await of the query
                    // can wait minutes for a pool thread, and each poll waits as long.
                    for _ in 0..<6_000 { try await Task.sleep(for: .milliseconds(10)) }
                    return false  // the pool had no connection left for requests
                }
                let first = try await group.next() ?? false
                group.cancelAll()
                return first
            }
        }
        #expect(answered)
    }
}
