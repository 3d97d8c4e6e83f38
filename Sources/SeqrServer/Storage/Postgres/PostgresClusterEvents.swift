import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresNIO
import ServiceLifecycle

/// ``ClusterEvents`` through PostgreSQL `LISTEN`/`NOTIFY` on the channel `seqr_events`: every
/// instance on the database holds one connection listening (named `seqr-events` in
/// `pg_stat_activity`), and publishing is a `pg_notify`, which PostgreSQL delivers to every
/// listener. A service: ``run()`` listens until the server stops, reconnecting after a lost connection.
///
/// Revoked sessions must be gone everywhere before the revoking request answers, so every listener
/// acknowledges a ``ClusterEvent/sessionsRevoked(account:)`` after its handlers ran (payload
/// `<nonce> k`), and ``publish(_:)`` waits for as many acknowledgements as there are listening
/// connections (up to ``ackTimeout``). Other events wait only for their own echo. An instance that
/// starts listening later reads revoked sessions from the database, which no longer has them.
///
/// While the listener is down, events from other instances are lost: ``isLive`` is false (so caches
/// answer nothing from memory) and handlers get ``ClusterSignal/missedEvents`` when it goes down
/// and again when it is back (a read begun in between may predate an event nobody heard).
public final class PostgresClusterEvents: ClusterEvents, Service {
    static let channel = "seqr_events"
    static let listenerName = "seqr-events"

    /// A publisher waiting for its event's echo or acknowledgements.
    private struct Wait {
        var needed: Int?
        var got = 0
        var continuation: CheckedContinuation<Void, Never>?
    }

    private struct State {
        var live = false
        var waits: [String: Wait] = [:]
    }

    let client: PostgresClient
    let logger: Logger
    /// How long ``publish(_:)`` waits for its echo or acknowledgements before answering anyway. Not
    /// shorter than the session cache's lifetime (2 s): then even an instance that never acknowledges
    /// holds no session it cached before the revocation by the time the revoking request answers.
    let ackTimeout: Duration
    let retryDelay: Duration
    private let handlers = ClusterSignalHandlers()
    private let state = NIOLockedValueBox(State())

    public init(client: PostgresClient, logger: Logger, ackTimeout: Duration = .seconds(2), retryDelay: Duration = .seconds(1)) {
        self.client = client
        self.logger = logger
        self.ackTimeout = ackTimeout
        self.retryDelay = retryDelay
    }

    public var isLive: Bool { state.withLockedValue { $0.live } }

    public func onSignal(_ handler: @escaping @Sendable (ClusterSignal) -> Void) {
        handlers.add(handler)
    }

    public func run() async throws {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await self.client.withConnection { connection in
                        // Named, so that a publisher can count the listeners it waits for.
                        try await connection.query("SET application_name = \(unescaped: "'\(Self.listenerName)'")", logger: self.logger)
                        defer { Task { [logger = self.logger] in _ = try? await connection.query("RESET application_name", logger: logger) } }
                        try await connection.listen(on: Self.channel) { notifications in
                            self.setLive(true)
                            for try await notification in notifications { self.receive(notification.payload) }
                        }
                    }
                } catch {
                    if !Task.isCancelled { self.logger.warning("cluster events: listener lost", metadata: ["error": "\(String(reflecting: error))"]) }
                }
                self.setLive(false)
                try? await Task.sleep(for: self.retryDelay)
            }
        }
    }

    private func setLive(_ live: Bool) {
        let changed = state.withLockedValue { state -> Bool in
            defer { state.live = live }
            return state.live != live
        }
        guard changed else { return }
        handlers.dispatch(.missedEvents)
        if !live { for nonce in state.withLockedValue({ Array($0.waits.keys) }) { release(nonce) } }
    }

    private func receive(_ payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 1)
        guard parts.count == 2 else { return }
        let nonce = String(parts[0])
        if parts[1] == "k" {
            count(nonce)
            return
        }
        guard let event = ClusterEvent(payload: parts[1]) else { return }
        handlers.dispatch(.event(event))
        if case .sessionsRevoked = event {
            Task { [client, logger] in
                do {
                    try await client.query("SELECT pg_notify(\(Self.channel), \("\(nonce) k"))", logger: logger)
                } catch {
                    logger.warning("cluster events: acknowledgement failed", metadata: ["error": "\(String(reflecting: error))"])
                }
            }
        } else {
            count(nonce)  // the publisher's own echo
        }
    }

    /// One echo or acknowledgement for `nonce` arrived.
    private func count(_ nonce: String) {
        let done = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard var wait = state.waits[nonce] else { return nil }
            wait.got += 1
            state.waits[nonce] = wait
            return Self.finish(nonce, &state)
        }
        done?.resume()
    }

    /// Removes a wait that has all it needs and a waiting publisher, returning the publisher to resume.
    private static func finish(_ nonce: String, _ state: inout State) -> CheckedContinuation<Void, Never>? {
        guard let wait = state.waits[nonce], let needed = wait.needed, wait.got >= needed, let continuation = wait.continuation else { return nil }
        state.waits[nonce] = nil
        return continuation
    }

    /// Stops waiting for `nonce` (timeout, or the listener went down).
    private func release(_ nonce: String) {
        let done = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
            guard var wait = state.waits[nonce] else { return nil }
            wait.needed = 0
            state.waits[nonce] = wait
            return Self.finish(nonce, &state)
        }
        done?.resume()
    }

    public func publish(_ event: ClusterEvent) async {
        let nonce = String(UInt64.random(in: .min ... .max), radix: 16)
        let acknowledged: Bool
        if case .sessionsRevoked = event { acknowledged = true } else { acknowledged = false }
        let live = state.withLockedValue { state -> Bool in
            if state.live { state.waits[nonce] = Wait(needed: acknowledged ? nil : 1) }
            return state.live
        }
        let payload = "\(nonce) \(event.payload)"
        do {
            try await client.query("SELECT pg_notify(\(Self.channel), \(payload))", logger: logger)
        } catch {
            logger.error("cluster events: NOTIFY failed", metadata: ["error": "\(String(reflecting: error))"])
            state.withLockedValue { _ = $0.waits.removeValue(forKey: nonce) }
            handlers.dispatch(.event(event))  // at least this instance acts on it
            return
        }
        guard live else {
            // Not listening, so the echo will not come: this instance's handlers run here.
            handlers.dispatch(.event(event))
            return
        }
        let timeout = Task { [ackTimeout] in
            if acknowledged {
                // Every listening instance acknowledges, this one included; counted after the NOTIFY, so a
                // listener that started before it is counted, and one that starts after reads the database.
                var listeners = 1
                do {
                    for try await count in try await self.client.query("""
                        SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = \(Self.listenerName)
                        """, logger: self.logger).decode(Int.self) {
                        listeners = max(1, count)
                    }
                } catch {
                    self.logger.warning("cluster events: cannot count listeners", metadata: ["error": "\(String(reflecting: error))"])
                }
                let done = self.state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                    state.waits[nonce]?.needed = listeners
                    return Self.finish(nonce, &state)
                }
                done?.resume()
            }
            try? await Task.sleep(for: ackTimeout)
            self.release(nonce)
        }
        await withCheckedContinuation { continuation in
            let done = state.withLockedValue { state -> CheckedContinuation<Void, Never>? in
                guard state.waits[nonce] != nil else { return continuation }  // released already
                state.waits[nonce]?.continuation = continuation
                return Self.finish(nonce, &state)
            }
            done?.resume()
        }
        timeout.cancel()
    }
}
