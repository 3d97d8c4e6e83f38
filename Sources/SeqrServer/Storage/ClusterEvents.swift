import Foundation
import NIOConcurrencyHelpers

/// Events every instance on one database sees (``ClusterEvent``): what makes per-process caches
/// and live streams correct when several seqr-server processes share a PostgreSQL database.
/// ``LocalClusterEvents`` for SQLite (one process), ``PostgresClusterEvents`` (LISTEN/NOTIFY) for PostgreSQL.
public protocol ClusterEvents: Sendable {
    /// True while every event published by any instance reaches this instance's handlers; a cache
    /// may answer from memory only while this holds.
    var isLive: Bool { get }
    /// Sends `event` to every instance's handlers, this one's included. Returns once this instance's
    /// handlers have run — on PostgreSQL once the event came back through the database, which
    /// delivers it to every listening instance at that same moment.
    func publish(_ event: ClusterEvent) async
    /// `handler` runs for every signal from now on, synchronously: it must be quick and must not block.
    func onSignal(_ handler: @escaping @Sendable (ClusterSignal) -> Void)
}

/// The handlers one process registered, called in order.
final class ClusterSignalHandlers: Sendable {
    private let handlers = NIOLockedValueBox<[@Sendable (ClusterSignal) -> Void]>([])

    func add(_ handler: @escaping @Sendable (ClusterSignal) -> Void) {
        handlers.withLockedValue { $0.append(handler) }
    }

    func dispatch(_ signal: ClusterSignal) {
        for handler in handlers.withLockedValue({ $0 }) { handler(signal) }
    }
}

/// One process is the whole cluster: events go straight to this process's handlers (SQLite).
public final class LocalClusterEvents: ClusterEvents {
    private let handlers = ClusterSignalHandlers()

    public init() {}

    public var isLive: Bool { true }

    public func publish(_ event: ClusterEvent) async {
        handlers.dispatch(.event(event))
    }

    public func onSignal(_ handler: @escaping @Sendable (ClusterSignal) -> Void) {
        handlers.add(handler)
    }
}
