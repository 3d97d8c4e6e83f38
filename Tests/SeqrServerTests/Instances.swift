import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrServer
import SeqrTestSupport
import ServiceLifecycle
import Testing

/// One seqr-server instance in process, with the cluster events it runs with in production
/// (LISTEN/NOTIFY on PostgreSQL, in-process on SQLite).
struct Instance: Sendable {
    let accounts: AccountsService
    let location: LocationService
    let events: any ClusterEvents
    let repository: any SeqrRepository
}

extension Backend {
    /// `count` instances over one database, each with its own repository (its own PostgreSQL pool)
    /// and its own cluster events — as separate server processes would be — driven in process.
    /// SQLite serves one process: there `count` must be 1. `live` serves each over a loopback socket (the clients' `port`).
    /// `locationRepository` is what the location service reads through (a counting wrapper, say);
    /// `X-Forwarded-For` is believed from the `trusting` proxies' addresses (with `live`, 127.0.0.1 is every client's).
    func withInstances<T: Sendable>(_ count: Int = 1, live: Bool = false, trusting proxies: [String] = [], settings: AccountsService.Settings = .testing,
                                    location: LocationService.Settings = .init(),
                                    locationRepository: @escaping @Sendable (any SeqrRepository) -> any LocationRepository = { $0 },
                                    _ body: @escaping @Sendable ([any TestClientProtocol], [Instance]) async throws -> T) async throws -> T {
        let quiet: Logger = {
            var logger = Logger(label: "seqr-server-test")
            logger.logLevel = .critical
            return logger
        }()
        @Sendable func make(_ repository: any SeqrRepository, _ events: any ClusterEvents) throws -> Instance {
            Instance(accounts: try AccountsService(repository: repository, settings: settings, events: events),
                     location: LocationService(repository: locationRepository(repository), settings: location, events: events), events: events, repository: repository)
        }
        let trusted = try TrustedProxies(proxies)
        @Sendable func run(_ instances: [Instance]) async throws -> T {
            let apps = instances.map { instance in
                Application(router: SeqrServerApplication.router(accounts: instance.accounts, notes: NotesService(repository: instance.repository, plans: settings.plans),
                                                                 location: instance.location, logRequests: false, trustedProxies: trusted),
                            configuration: .init(address: .hostname("127.0.0.1", port: 0)), logger: quiet)
            }
            return try await Self.nest(apps[...], live: live, []) { clients in try await body(clients, instances) }
        }
        switch self {
        case .sqlite:
            precondition(count == 1, "SQLite serves one process")
            return try await withRepository { repository, _ in try await run([make(repository, LocalClusterEvents())]) }
        case .postgres:
            guard let url = Self.postgresURL else { throw PostgresMissing() }
            let repositories = try (0..<count).map { _ in try PostgresRepository(url: url, logger: quiet) }
            let events = repositories.map { PostgresClusterEvents(client: $0.client, logger: quiet) }
            return try await withRunning(repositories.map { $0 as any Service } + events) {
                try await repositories[0].migrate()
                try await Self.waitUntil { events.allSatisfy(\.isLive) }
                return try await run(try zip(repositories, events).map { try make($0, $1) })
            }
        }
    }

    private static func nest<App: ApplicationProtocol, T: Sendable>(_ apps: ArraySlice<App>, live: Bool, _ clients: [any TestClientProtocol],
                                                                   _ body: @escaping @Sendable ([any TestClientProtocol]) async throws -> T) async throws -> T {
        guard let first = apps.first else { return try await body(clients) }
        return try await first.test(live ? .live : .router) { client in try await nest(apps.dropFirst(), live: live, clients + [client], body) }
    }

    /// Polls `condition` every 10 ms, `seconds × 100` times at most; fails the test when it never holds.
    ///
    /// The bound counts polls, not the clock: beside the whole suite the cooperative pool's two
    /// threads run hundreds of queued synchronous tests, so every await of the code under test can
    /// wait minutes for a thread. Each poll is one such wait too, so the code under test gets as
    /// many turns as the poll, however slow the queue (a wall-clock deadline failed the pool tests
    /// in fresh-clone runs while the listener they waited for was still queued).
    static func waitUntil(seconds: Double = 60, _ condition: @Sendable () async throws -> Bool, sourceLocation: SourceLocation = #_sourceLocation) async throws {
        for _ in 0..<Int(seconds * 100) {
            if try await condition() { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        if try await condition() { return }
        Issue.record("condition not met after \(Int(seconds * 100)) polls (\(seconds) s on an idle machine)", sourceLocation: sourceLocation)
    }
}

/// A Server-Sent Events body as the tests read it.
struct EventStreamBody {
    struct Event: Equatable {
        var name: String
        var id: Int?
        var data: String
    }

    var events: [Event] = []
    var heartbeats = 0

    init(_ text: String) {
        for block in text.components(separatedBy: "\n\n") where !block.isEmpty {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.allSatisfy({ $0.hasPrefix(":") }) {
                heartbeats += 1
                continue
            }
            var event = Event(name: "message", id: nil, data: "")
            for line in lines {
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("id: ") { event.id = Int(line.dropFirst(4)) }
                if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)) }
            }
            events.append(event)
        }
    }

    var fixIDs: [Int] { events.filter { $0.name == "fix" }.compactMap(\.id) }
    var endReason: String? {
        guard let last = events.last, last.name == "end" else { return nil }
        return (try? JSONSerialization.jsonObject(with: Data(last.data.utf8)) as? [String: String])?["reason"]
    }
}
