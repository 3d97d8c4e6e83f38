import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import SeqrCore

/// The reads of a signed-in request — a note by id, and a session with its account when the session
/// cache misses — over long-lived connections of their own, a few per event loop, instead of a
/// connection leased from `PostgresClient`'s pool for every query. Callgrind put the lease (a lock
/// and a checked continuation through unspecialised generic code) and the async row sequence at
/// tens of thousands of instructions per read (docs/benchmarks.md, "Direct connections for the hot
/// reads"). Each statement is prepared once per connection; its rows come back in the future of
/// postgres-nio's `PreparedQuery.execute`, collected on the connection's loop.
///
/// Nothing is kept but connections and prepared statements: every read asks PostgreSQL, so what any
/// instance wrote is seen by the next read. postgres-nio queues a connection's queries, so concurrent
/// reads share it. A connection that dies is dropped and the read tried once more on a new one (a read
/// may be repeated); when that fails too, ``RepositoryError/unavailable(_:)`` (503). Writes and every
/// other query stay on the pool.
final class PostgresReadConnections: Sendable {
    /// The statements one connection has prepared.
    private struct Prepared: Sendable {
        let connection: PostgresConnection
        let note: PreparedQuery
        let signedIn: PreparedQuery
    }

    private enum State: Sendable {
        case idle
        case open(EventLoopFuture<Prepared>)
        case closed
    }

    /// One connection of an event loop, opened on first use and again after it dies.
    private final class Slot: Sendable {
        let eventLoop: any EventLoop
        let state = NIOLockedValueBox(State.idle)
        init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }
    }

    private let slots: [Slot]
    /// Each loop's slots: a read takes them in turn.
    private let loops: [(loop: any EventLoop, slots: [Slot])]
    private let group: any EventLoopGroup
    /// A failure here (TLS settings that cannot be used) fails every read; the start-up check reports it first.
    private let configuration: Result<PostgresConnection.Configuration, any Error>
    private let logger: Logger
    private let nextID = NIOLockedValueBox(0)
    private let turn = NIOLockedValueBox(0)
    /// What `pg_stat_activity` shows for these connections: "seqr-server reads" and a random hex number of this set (one per repository).
    let applicationName: String

    /// - Parameter perLoop: connections on each loop of `group`.
    init(configuration: Result<PostgresConnection.Configuration, any Error>, group: MultiThreadedEventLoopGroup = .singleton,
         perLoop: Int = PostgresURL.defaultReadConnectionsPerLoop, logger: Logger) {
        let applicationName = "seqr-server reads " + String(UInt32.random(in: .min ... .max), radix: 16)
        self.applicationName = applicationName
        self.configuration = configuration.map { configuration in
            var configuration = configuration
            configuration.options.additionalStartupParameters.append(("application_name", applicationName))
            return configuration
        }
        self.group = group
        self.logger = logger
        loops = group.makeIterator().map { loop in (loop, (0..<perLoop).map { _ in Slot(loop) }) }
        slots = loops.flatMap(\.slots)
    }

    /// `GET /v1/notes/{id}`: one note of its owner.
    func note(id: UUID, owner: UUID) async throws -> NoteRecord? {
        let rows = try await rows([PostgresData(uuid: id), PostgresData(uuid: owner)]) { $0.note }
        guard let row = rows.first else { return nil }
        var cells = PostgresCellReader(row, describedByStatement: true)
        return try PostgresRepository.note(PostgresPreparedStatements.noteRow(&cells))
    }

    /// The bearer-token check: a live session and its account.
    func signedInAccount(tokenHash: Data, now: Date) async throws -> (session: SessionRecord, account: AccountRecord)? {
        let rows = try await rows([PostgresData(bytes: tokenHash), PostgresData(double: now.timeIntervalSince1970)]) { $0.signedIn }
        guard let row = rows.first else { return nil }
        var cells = PostgresCellReader(row, describedByStatement: true)
        return try PostgresPreparedStatements.sessionAccountRow(&cells)
    }

    /// Closes every connection; reads after this fail with ``RepositoryError/unavailable(_:)``.
    func close() async {
        let open = slots.compactMap { slot -> EventLoopFuture<Prepared>? in
            slot.state.withLockedValue { state in
                defer { state = .closed }
                if case .open(let future) = state { return future }
                return nil
            }
        }
        for future in open {
            if let prepared = try? await future.get() { try? await prepared.connection.close() }
        }
    }

    // MARK: Connections

    /// The rows of one statement, on this loop's connection; once more on a new connection when the first has died.
    private func rows(_ binds: [PostgresData], _ statement: @Sendable (Prepared) -> PreparedQuery) async throws -> [PostgresRow] {
        let slot = slot()
        var lastError: any Error = RepositoryError.unavailable("no connection to PostgreSQL")
        for _ in 0..<2 {
            let future = connection(slot)
            let prepared: Prepared
            do {
                prepared = try await future.get()
            } catch {
                lastError = error
                continue
            }
            do {
                let query = statement(prepared)
                let connection = prepared.connection
                return try await connection.eventLoop.flatSubmit {
                    // On the connection's loop, where it closes: open now, the query reaches the connection's
                    // handler, which answers it even if the connection dies next. Written to a channel already
                    // closed, it would be dropped unanswered and the read would wait for ever.
                    guard !connection.isClosed else { return connection.eventLoop.makeFailedFuture(PostgresError.connectionClosed) }
                    return query.execute(binds)
                }.get()
            } catch {
                // The statement's own error (severity ERROR) on a live connection is not the connection's:
                // it goes up as it is. Anything else, a FATAL one included (a terminated backend), ends it.
                if case .server(let message) = error as? PostgresError, message.fields[.severity] == "ERROR", !prepared.connection.isClosed {
                    throw error
                }
                lastError = error
                drop(future, from: slot)
                try? await prepared.connection.close()
            }
        }
        if let error = lastError as? RepositoryError { throw error }
        logger.warning("PostgreSQL read failed twice", metadata: ["reason": "\(PostgresRepository.reason(lastError, timeout: 10 /* postgres-nio's connect timeout */))"])
        throw RepositoryError.unavailable("PostgreSQL did not answer")
    }

    /// The connection of the loop this task runs on (it then stays there), or of the next loop.
    private func slot() -> Slot {
        let loop = MultiThreadedEventLoopGroup.currentEventLoop ?? group.next()
        let mine = loops.first { $0.loop === loop }?.slots ?? loops[0].slots
        guard mine.count > 1 else { return mine[0] }
        let n = turn.withLockedValue { turn in
            turn &+= 1
            return turn
        }
        return mine[Int(UInt(bitPattern: n) % UInt(mine.count))]
    }

    /// The slot's connection, opened (and its statements prepared) when it has none.
    private func connection(_ slot: Slot) -> EventLoopFuture<Prepared> {
        let (future, opened): (EventLoopFuture<Prepared>, Bool) = slot.state.withLockedValue { state in
            switch state {
            case .open(let future):
                return (future, false)
            case .closed:
                return (slot.eventLoop.makeFailedFuture(RepositoryError.unavailable("the server is stopping")), false)
            case .idle:
                let future = open(on: slot.eventLoop)
                state = .open(future)
                return (future, true)
            }
        }
        guard opened else { return future }
        // Outside the lock: a callback on a future already completed runs at once.
        future.whenComplete { result in
            switch result {
            case .failure:
                self.drop(future, from: slot)
            case .success(let prepared):
                let closed = slot.state.withLockedValue { state in if case .closed = state { return true } else { return false } }
                if closed {
                    let _: EventLoopFuture<Void> = prepared.connection.close()
                } else {
                    prepared.connection.closeFuture.whenComplete { _ in self.drop(future, from: slot) }
                }
            }
        }
        return future
    }

    /// Forgets `future`'s connection if the slot still holds it, so that the next read opens another.
    private func drop(_ future: EventLoopFuture<Prepared>, from slot: Slot) {
        slot.state.withLockedValue { state in
            if case .open(let current) = state, current === future { state = .idle }
        }
    }

    private func open(on eventLoop: any EventLoop) -> EventLoopFuture<Prepared> {
        let id = nextID.withLockedValue { id in
            id += 1
            return id
        }
        let configuration: PostgresConnection.Configuration
        do { configuration = try self.configuration.get() } catch { return eventLoop.makeFailedFuture(error) }
        return PostgresConnection.connect(on: eventLoop, configuration: configuration, id: id, logger: logger).flatMap { connection in
            // On the loop, as in rows(_:_:): a statement sent to a connection already closed would never be answered.
            guard !connection.isClosed else { return eventLoop.makeFailedFuture(PostgresError.connectionClosed) }
            return connection.prepare(query: PostgresPreparedStatements.Note.sql)
                .and(connection.prepare(query: PostgresPreparedStatements.SessionAccount.sql))
                .map { Prepared(connection: connection, note: $0, signedIn: $1) }
                .flatMapError { error in
                    connection.close().flatMapThrowing { _ -> Prepared in throw error }
                }
        }
    }
}
