import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import PostgresNIO
import SeqrCore

/// The reads of a signed-in request — a note by id, and a session with its account when the session
/// cache misses — over long-lived connections of their own, one per event loop by default, sent in
/// batches: while a connection's statement is out, the reads that arrive wait, and all of them go
/// out together as the next statement (`… FROM unnest($1::uuid[], …) JOIN note …`) as soon as it is
/// back. A lone read goes out at once; under load one round trip, one Bind/Execute and one wake-up
/// of the server answer many requests, where PostgreSQL and postgres-nio's per-query machinery had
/// cost more than everything else a read does (docs/benchmarks.md, "Reads in batches").
///
/// Nothing is kept but connections and prepared statements: every read is answered by a statement
/// sent after it arrived, so what any instance committed before a read arrived is what it sees. A
/// read is answered only by a row that matches it whole (note id *and* owner; token hash, and a
/// session live at the read's own time). A connection that dies is dropped and its reads sent once
/// more on a new one (a read may be repeated); when that fails too, ``RepositoryError/unavailable(_:)``
/// (503). Writes and every other query stay on the pool.
final class PostgresReadConnections: Sendable {
    /// The statements one connection has prepared.
    private struct Prepared: Sendable {
        let connection: PostgresConnection
        let notes: PreparedQuery
        let signedIn: PreparedQuery
    }

    private enum State: Sendable {
        case idle
        case open(EventLoopFuture<Prepared>)
        case closed
    }

    /// One connection of an event loop, opened on first use and again after it dies, with the reads
    /// waiting for its next statement.
    private final class Slot: Sendable {
        let eventLoop: any EventLoop
        let state = NIOLockedValueBox(State.idle)
        let queue = NIOLockedValueBox(PostgresReadBatch.Queue())
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
        let slot = slot()
        return try await withUnsafeThrowingContinuation { continuation in
            submit(.note(.init(id: id, owner: owner, continuation: continuation)), to: slot)
        }
    }

    /// The bearer-token check: a live session and its account.
    func signedInAccount(tokenHash: Data, now: Date) async throws -> (session: SessionRecord, account: AccountRecord)? {
        let slot = slot()
        return try await withUnsafeThrowingContinuation { continuation in
            submit(.signedIn(.init(tokenHash: tokenHash, now: now.timeIntervalSince1970, continuation: continuation)), to: slot)
        }
    }

    /// Batches and reads sent so far over all connections: how many reads a statement answers on average.
    var sent: (batches: Int, reads: Int) {
        slots.reduce(into: (0, 0)) { sum, slot in
            slot.queue.withLockedValue { queue in
                sum.0 += queue.batchesSent
                sum.1 += queue.readsSent
            }
        }
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

    // MARK: Batches

    /// Queues `read` on `slot`; sends it at once when the slot has no statement out.
    private func submit(_ read: PostgresReadBatch.Read, to slot: Slot) {
        let batch = slot.queue.withLockedValue { $0.add(read) }
        if let batch { send(batch, on: slot) }
    }

    /// After a batch is answered: the reads that arrived meanwhile, if any, go out next.
    private func sendNext(on slot: Slot) {
        let batch = slot.queue.withLockedValue { $0.next() }
        if let batch { send(batch, on: slot) }
    }

    /// How long a batch may be out before its connection is taken for dead: closed, which fails its
    /// statements, so that its reads go once more on a new connection. Without it a connection whose
    /// packets vanish (a firewall that forgot it) would hold its loop's reads until TCP gives up,
    /// some fifteen minutes. A statement of this kind answers in milliseconds.
    static let batchDeadline = TimeAmount.seconds(5)

    private func send(_ batch: PostgresReadBatch, on slot: Slot) {
        // The connection's future completes on its loop, so the statements below are written there, where
        // the connection closes: open now, a statement reaches the connection's handler, which answers it
        // even if the connection dies next. Written to a channel already closed, it would be dropped
        // unanswered and its reads would wait for ever.
        let future = connection(slot)
        future.whenComplete { result in
            switch result {
            case .failure(let error):
                self.retry(batch, after: error, on: slot)
            case .success(let prepared):
                guard !prepared.connection.isClosed else {
                    // Closed, but its close future (which forgets it) has not run yet: forget it now, so
                    // that the reads go again on a new connection, not on this one.
                    self.drop(future, from: slot)
                    return self.retry(batch, after: PostgresError.connectionClosed, on: slot)
                }
                let loop = slot.eventLoop
                let deadline = loop.scheduleTask(in: Self.batchDeadline) {
                    self.logger.warning("PostgreSQL read connection did not answer within \(Self.batchDeadline.nanoseconds / 1_000_000_000) s; closing it")
                    let _: EventLoopFuture<Void> = prepared.connection.close()
                }
                let started = ServerMetrics.databaseClock()
                let notes: EventLoopFuture<Result<Void, any Error>> = batch.notes.isEmpty ? loop.makeSucceededFuture(.success(()))
                    : prepared.notes.execute(batch.noteBinds).map { rows in Result { try batch.answerNotes(rows) } }
                        .recover { .failure($0) }
                let signedIn: EventLoopFuture<Result<Void, any Error>> = batch.signedIn.isEmpty ? loop.makeSucceededFuture(.success(()))
                    : prepared.signedIn.execute(batch.signedInBinds).map { rows in Result { try batch.answerSignedIn(rows) } }
                        .recover { .failure($0) }
                notes.and(signedIn).whenSuccess { notes, signedIn in
                    deadline.cancel()
                    ServerMetrics.database(.postgresReadBatch, since: started)
                    self.settle(batch, notes: notes, signedIn: signedIn, connection: future, prepared: prepared, slot: slot)
                }
            }
        }
    }

    /// After both statements of a batch: the reads of a failed one fail with what ``failure(_:_:)`` makes
    /// of its error, or — when the connection is lost or its prepared statements are — go once more on a
    /// new connection.
    private func settle(_ batch: PostgresReadBatch, notes: Result<Void, any Error>, signedIn: Result<Void, any Error>,
                        connection: EventLoopFuture<Prepared>, prepared: Prepared, slot: Slot) {
        var again = PostgresReadBatch()
        var lost: (any Error)?
        if case .failure(let error) = notes {
            if let failure = failure(error, prepared) { batch.failNotes(with: failure) } else { lost = error; again.notes = batch.notes }
        }
        if case .failure(let error) = signedIn {
            if let failure = failure(error, prepared) { batch.failSignedIn(with: failure) } else { lost = error; again.signedIn = batch.signedIn }
        }
        guard let lost else { return sendNext(on: slot) }
        drop(connection, from: slot)
        let _: EventLoopFuture<Void> = prepared.connection.close()
        retry(again, after: lost, on: slot)
    }

    /// What a statement's reads fail with, or nil when the connection is to be replaced and the reads sent
    /// again: a connection that died (a FATAL error included: a terminated backend), or whose prepared
    /// statements PostgreSQL no longer has or can no longer run (SQLSTATE classes 26 and 0A: `DEALLOCATE
    /// ALL`, a column's type changed under a cached plan) — a new connection prepares them afresh.
    /// PostgreSQL's transient refusals (classes 40, 53, 57: a conflict on a standby, out of resources, a
    /// cancelled statement) are 503s; any other error of the statement goes up as it is (500).
    private func failure(_ error: any Error, _ prepared: Prepared) -> (any Error)? {
        if error is RepositoryError || error is PostgresDecodingError { return error }
        guard case .server(let message) = error as? PostgresError, message.fields[.severity] == "ERROR", !prepared.connection.isClosed else {
            return nil
        }
        let sqlState = message.fields[.sqlState] ?? ""
        if sqlState.hasPrefix("26") || sqlState.hasPrefix("0A") { return nil }
        if ["40", "53", "57"].contains(where: sqlState.hasPrefix) {
            return RepositoryError.unavailable("PostgreSQL refused a read for now (SQLSTATE \(sqlState))")
        }
        return error
    }

    /// Sends the reads of a batch that failed for want of a connection once more; those already sent
    /// twice fail with ``RepositoryError/unavailable(_:)``.
    private func retry(_ batch: PostgresReadBatch, after error: any Error, on slot: Slot) {
        let failure: any Error
        if let error = error as? RepositoryError {
            failure = error
        } else {
            failure = RepositoryError.unavailable("PostgreSQL did not answer")
            if batch.containsRetried {
                logger.warning("PostgreSQL read failed twice", metadata: ["reason": "\(PostgresRepository.reason(error, timeout: 10 /* postgres-nio's connect timeout */))"])
            }
        }
        let again = batch.failRetried(with: failure)
        let next = slot.queue.withLockedValue { $0.requeue(again) }
        if let next { send(next, on: slot) }
    }

    // MARK: Connections

    /// A slot of the loop this task runs on, or of the next loop.
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
            // On the loop, as in send(_:on:): a statement sent to a connection already closed would never be answered.
            guard !connection.isClosed else { return eventLoop.makeFailedFuture(PostgresError.connectionClosed) }
            // Connecting has postgres-nio's own timeout; preparing has none (see batchDeadline).
            let deadline = eventLoop.scheduleTask(in: Self.batchDeadline) { let _: EventLoopFuture<Void> = connection.close() }
            return connection.prepare(query: PostgresPreparedStatements.NoteBatch.sql)
                .and(connection.prepare(query: PostgresPreparedStatements.SessionAccountBatch.sql))
                .map { Prepared(connection: connection, notes: $0, signedIn: $1) }
                .always { _ in deadline.cancel() }
                .flatMapError { error in
                    connection.close().flatMapThrowing { _ -> Prepared in throw error }
                }
        }
    }
}
