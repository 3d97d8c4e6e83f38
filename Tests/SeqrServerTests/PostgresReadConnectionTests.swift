import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOPosix
import PostgresNIO
import SeqrCore
@testable import SeqrServer
import SeqrTestSupport
import ServiceLifecycle
import Testing

/// The hot reads over long-lived connections of their own (``PostgresReadConnections``): they keep
/// connections and prepared statements, never rows; they survive a backend that dies; and one
/// connection answers many reads at once.
@Suite("seqr-server PostgreSQL read connections", .enabled(if: Backend.available.contains(.postgres)), .timeLimit(.minutes(3)))
struct PostgresReadConnectionTests {
    static let logger = Logger(label: "seqr-read-connections-test")

    static func repository() throws -> PostgresRepository {
        guard let url = Backend.postgresURL else { throw Backend.PostgresMissing() }
        return try PostgresRepository(url: url, logger: logger)
    }

    /// An account with one note, written through `repository`'s pool.
    static func accountWithNote(_ repository: PostgresRepository, title: String = "title") async throws -> (AccountRecord, NoteRecord) {
        // Whole seconds: a time read back as seconds since 1970 then compares equal.
        let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
        let account = AccountRecord(id: UUID(), username: "reads-\(UUID().uuidString.prefix(12))", authHash: "hash",
                                    kdf: .fresh(iterations: AccountKDFParameters.minimumIterations), pro: false, createdAt: now)
        try await repository.createAccount(account)
        let id = UUID()
        let note = NoteRecord(id: id, accountID: account.id,
                              note: EncryptedNote(id: id, title: Data(title.utf8), info: Data("info of \(title)".utf8), format: .seqrAEAD,
                                                  kdf: NoteKDF(account.kdf)),
                              version: 1, createdAt: now, updatedAt: now)
        try await repository.createNote(note, limit: nil, storageQuota: nil)
        return (account, note)
    }

    /// Read connections of their own on one event loop (so that all reads share one connection) beside a
    /// running `repository`, with `count` accounts of one note each; closed after `body`.
    static func withReadsOnOneLoop(notes count: Int, titled title: String,
                                   _ body: @escaping @Sendable (PostgresRepository, PostgresReadConnections, [(AccountRecord, NoteRecord)]) async throws -> Void) async throws {
        let repository = try Self.repository()
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let reads = PostgresReadConnections(configuration: Result { try repository.settings.connectionConfiguration() }, group: loop, perLoop: 1, logger: logger)
        try await withRunning([repository]) {
            try await repository.migrate()
            var notes: [(AccountRecord, NoteRecord)] = []
            for i in 0..<count { notes.append(try await Self.accountWithNote(repository, title: "\(title) \(i)")) }
            try await body(repository, reads, notes)
            await reads.close()
        }
        try await loop.shutdownGracefully()
    }

    /// The backends `pg_stat_activity` shows under `reads`' application name.
    static func backends(_ reads: PostgresReadConnections, via repository: PostgresRepository) async throws -> [Int32] {
        var pids: [Int32] = []
        for try await pid in try await repository.client.query(
            "SELECT pid FROM pg_stat_activity WHERE application_name = \(reads.applicationName)", logger: logger).decode(Int32.self) {
            pids.append(pid)
        }
        return pids
    }

    @Test("a read on one instance's read connection sees another instance's update, deletion, new session and revocation at once")
    func seesOtherInstancesWrites() async throws {
        let writer = try Self.repository()
        let reader = try Self.repository()
        try await withRunning([writer, reader] as [any Service]) {
            try await writer.migrate()
            let (account, note) = try await Self.accountWithNote(writer)
            // The reader's connection is open and has read the note before each write.
            #expect(try await reader.note(id: note.id, owner: account.id) == note)
            #expect(try await reader.note(id: note.id, owner: UUID()) == nil)
            let changed = EncryptedNote(id: note.id, title: Data("new title".utf8), info: Data("new info".utf8), format: .seqrAEAD, kdf: note.note.kdf)
            let updated = try await writer.updateNote(id: note.id, owner: account.id, content: changed, expectedVersion: 1, now: Date(), storageQuota: nil)
            let read = try #require(try await reader.note(id: note.id, owner: account.id))
            #expect(read.version == 2 && read.note.title == Data("new title".utf8) && read == updated)

            let token = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
            #expect(try await reader.signedInAccount(tokenHash: token, now: Date()) == nil)
            try await writer.createSession(SessionRecord(tokenHash: token, accountID: account.id, createdAt: Date(), expiresAt: Date() + 3600))
            let signedIn = try #require(try await reader.signedInAccount(tokenHash: token, now: Date()))
            #expect(signedIn.account == account && signedIn.session.tokenHash == token)
            #expect(try await reader.signedInAccount(tokenHash: token, now: Date() + 7200) == nil)
            try await writer.deleteSession(tokenHash: token)
            #expect(try await reader.signedInAccount(tokenHash: token, now: Date()) == nil)

            #expect(try await writer.deleteNote(id: note.id, owner: account.id))
            #expect(try await reader.note(id: note.id, owner: account.id) == nil)
        }
    }

    @Test("reads=N opens at most N read connections per event loop, and reads taken in turn across them are all answered")
    func readConnectionsPerLoop() async throws {
        guard let url = Backend.postgresURL else { throw Backend.PostgresMissing() }
        let repository = try PostgresRepository(url: url + (url.contains("?") ? "&" : "?") + "reads=2", logger: Self.logger)
        try await withRunning([repository]) {
            try await repository.migrate()
            let (account, note) = try await Self.accountWithNote(repository)
            let reads = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<64 { group.addTask { try await repository.note(id: note.id, owner: account.id) == note } }
                return try await group.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(reads.count == 64 && reads.allSatisfy { $0 })
            let loops = MultiThreadedEventLoopGroup.singleton.makeIterator().map { $0 }.count
            let backends = try await Self.backends(repository.reads, via: repository).count
            #expect(backends >= 2 && backends <= 2 * loops, "\(backends) backends on \(loops) loops")
        }
    }

    @Test("a read connection whose backend is terminated (pg_terminate_backend) is replaced: the next reads succeed, on a new backend")
    func terminatedBackendIsReplaced() async throws {
        let repository = try Self.repository()
        try await withRunning([repository]) {
            try await repository.migrate()
            let (account, note) = try await Self.accountWithNote(repository)
            for _ in 0..<3 {
                #expect(try await repository.note(id: note.id, owner: account.id) == note)
                let before = try await Self.backends(repository.reads, via: repository)
                #expect(!before.isEmpty)
                for try await terminated in try await repository.client.query(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(repository.reads.applicationName)",
                    logger: Self.logger).decode(Bool.self) {
                    #expect(terminated)
                }
                // At once, before the client may have seen the connection close, and again after.
                #expect(try await repository.note(id: note.id, owner: account.id) == note)
                #expect(try await repository.signedInAccount(tokenHash: Data(repeating: 7, count: 32), now: Date()) == nil)
                #expect(try await repository.note(id: note.id, owner: account.id) == note)
                let after = try await Self.backends(repository.reads, via: repository)
                #expect(!after.isEmpty && Set(after).isDisjoint(with: before), "before \(before), after \(after)")
            }
        }
    }

    @Test("one read connection answers two hundred concurrent reads of twenty notes, each with its own note")
    func concurrentReadsOnOneConnection() async throws {
        try await Self.withReadsOnOneLoop(notes: 20, titled: "note") { repository, reads, notes in
            let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<200 {
                    let (account, note) = notes[i % notes.count]
                    group.addTask { try await reads.note(id: note.id, owner: account.id) == note ? 0 : 1 }
                }
                return try await group.reduce(0, +)
            }
            #expect(wrong == 0)
            #expect(try await Self.backends(reads, via: repository).count == 1)
            await reads.close()
            // Closed: a read is refused as the database being unavailable, not answered from anything kept.
            await #expect(throws: RepositoryError.unavailable("the server is stopping")) {
                try await reads.note(id: notes[0].1.id, owner: notes[0].0.id)
            }
        }
    }

    @Test("reads that arrive while a statement is out go together as the next one, each answered only by its own owner's note")
    func readsGoInBatches() async throws {
        try await Self.withReadsOnOneLoop(notes: 10, titled: "batched") { repository, reads, notes in
            // Every second read asks for a note with the next note's owner: in the same statement as the
            // right pair, it must still find nothing.
            let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<300 {
                    let (account, note) = notes[i % notes.count]
                    let owner = i.isMultiple(of: 2) ? account.id : notes[(i + 1) % notes.count].0.id
                    group.addTask {
                        let read = try await reads.note(id: note.id, owner: owner)
                        return (i.isMultiple(of: 2) ? read == note : read == nil) ? 0 : 1
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(wrong == 0)
            let sent = reads.sent
            #expect(sent.reads == 300)
            #expect(sent.batches < sent.reads, "\(sent.batches) statements for \(sent.reads) reads")
        }
    }

    @Test("session reads sent together are each answered at their own time: live, expired, unknown and revoked tokens in one batch")
    func sessionReadsInBatches() async throws {
        try await Self.withReadsOnOneLoop(notes: 1, titled: "sessions") { repository, reads, notes in
            let account = notes[0].0
            let now = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())
            let token = { Data((0..<32).map { _ in UInt8.random(in: 0...255) }) }
            let live = token(), revoked = token(), unknown = token()
            try await repository.createSession(SessionRecord(tokenHash: live, accountID: account.id, createdAt: now, expiresAt: now + 3600))
            try await repository.createSession(SessionRecord(tokenHash: revoked, accountID: account.id, createdAt: now, expiresAt: now + 3600))
            try await repository.deleteSession(tokenHash: revoked)
            // (token, time of the read, whether it is signed in then)
            let cases: [(Data, Date, Bool)] = [(live, now, true), (live, now + 3599, true), (live, now + 3600, false), (live, now + 7200, false),
                                               (revoked, now, false), (unknown, now, false)]
            let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
                for i in 0..<240 {
                    let (tokenHash, time, signedIn) = cases[i % cases.count]
                    group.addTask {
                        let found = try await reads.signedInAccount(tokenHash: tokenHash, now: time)
                        let right = signedIn ? found?.account == account && found?.session.tokenHash == tokenHash : found == nil
                        return right ? 0 : 1
                    }
                }
                return try await group.reduce(0, +)
            }
            #expect(wrong == 0)
            #expect(reads.sent.batches < 240)
        }
    }

    @Test("a note this build cannot read fails only its own reads: the other notes of the same batch are answered")
    func unreadableRowFailsOnlyItsReads() async throws {
        try await Self.withReadsOnOneLoop(notes: 4, titled: "mixed") { repository, reads, notes in
            // As a newer instance might write it: a format this build does not know.
            let future = notes[0].1.id
            try await repository.client.query("UPDATE note SET format = 'seqr-future-v9' WHERE id = \(future)", logger: Self.logger)
            let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for i in 0..<120 {
                    let which = i % 4
                    let (account, note) = notes[which]
                    group.addTask {
                        do {
                            return (which, try await reads.note(id: note.id, owner: account.id) == note)
                        } catch RepositoryError.unknownFormat("seqr-future-v9") {
                            return (which, false)
                        }
                    }
                }
                return try await group.reduce(into: [Int: [Bool]]()) { $0[$1.0, default: []].append($1.1) }
            }
            #expect(outcomes[0] == Array(repeating: false, count: 30))
            for i in 1..<4 { #expect(outcomes[i] == Array(repeating: true, count: 30), "note \(i)") }
            #expect(reads.sent.batches < 120)
            try await repository.client.query("DELETE FROM note WHERE id = \(future)", logger: Self.logger)
        }
    }

    @Test("backends terminated while batches are out: every read of each wave is still answered with its own note")
    func terminatedDuringBatches() async throws {
        try await Self.withReadsOnOneLoop(notes: 8, titled: "wave") { repository, reads, notes in
            var seen = Set<Int32>()
            for _ in 0..<5 {
                seen.formUnion(try await Self.backends(reads, via: repository))
                let wrong = try await withThrowingTaskGroup(of: Int.self) { group in
                    group.addTask {
                        _ = try await repository.client.query(
                            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = \(reads.applicationName)", logger: Self.logger)
                        return 0
                    }
                    for i in 0..<150 {
                        let (account, note) = notes[i % notes.count]
                        group.addTask { try await reads.note(id: note.id, owner: account.id) == note ? 0 : 1 }
                    }
                    return try await group.reduce(0, +)
                }
                #expect(wrong == 0)
            }
            seen.formUnion(try await Self.backends(reads, via: repository))
            // The first wave found no connection to end; each later one ended the one before.
            #expect(seen.count >= 2, "backends \(seen)")
        }
    }

    @Test("a batch PostgreSQL never answers (its table locked) is given up after the deadline: the read is a 503, and reads work again once the lock is gone")
    func batchDeadline() async throws {
        // A database of its own: the lock would stall every other test's reads of `note`.
        guard let url = Backend.postgresURL, let slash = url.lastIndex(of: "/") else { throw Backend.PostgresMissing() }
        let name = "seqr_deadline_\(UInt32.random(in: .min ... .max))"
        // A client runs once: one for creating the database, another for dropping it.
        let creator = try Self.repository()
        _ = try await withRunning([creator]) {
            try await creator.client.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: Self.logger)
        }
        let repository = try PostgresRepository(url: String(url[..<slash]) + "/" + name, logger: Self.logger)
        let loop = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let reads = PostgresReadConnections(configuration: Result { try repository.settings.connectionConfiguration() }, group: loop, perLoop: 1, logger: Self.logger)
        try await withRunning([repository]) {
            try await repository.migrate()
            let (account, note) = try await Self.accountWithNote(repository)
            #expect(try await reads.note(id: note.id, owner: account.id) == note)
            try await repository.client.withTransaction(logger: Self.logger) { connection in
                try await connection.query("LOCK TABLE note IN ACCESS EXCLUSIVE MODE", logger: Self.logger)
                let start = ContinuousClock.now
                await #expect(throws: RepositoryError.unavailable("PostgreSQL did not answer")) {
                    try await reads.note(id: note.id, owner: account.id)
                }
                // Sent twice, each given up after the deadline.
                #expect(ContinuousClock.now - start >= .seconds(2 * PostgresReadConnections.batchDeadline.nanoseconds / 1_000_000_000))
            }
            #expect(try await reads.note(id: note.id, owner: account.id) == note)
            await reads.close()
        }
        try await loop.shutdownGracefully()
        let dropper = try Self.repository()
        _ = try await withRunning([dropper]) {
            try await dropper.client.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(name) WITH (FORCE)"), logger: Self.logger)
        }
    }

    @Test("a read the database cannot answer is a 503 with Retry-After, not a 500, in the answer and in the metrics")
    func unavailableIs503() async throws {
        ServerMetrics.enable()  // as `--metrics` does, before the router is made
        try await Backend.postgres.withRepository { repository, _ in
            let settings = AccountsService.Settings.testing
            let accounts = try AccountsService(repository: repository, settings: settings)
            let notes = NotesService(repository: repository, plans: settings.plans)
            var quiet = Logger(label: "seqr-server-test")
            quiet.logLevel = .critical
            // As seqr-server runs it: with the request log's middleware, which maps errors to answers.
            let app = Application(router: SeqrServerApplication.router(accounts: accounts, notes: notes), logger: quiet)
            try await app.test(.router) { client in
                var user = TestUser()
                try await client.register(&user)
                let note = try await client.createNote(user)
                #expect(try await client.execute(uri: "/v1/notes/\(note.id)", method: .get, headers: user.auth).status == .ok)
                let postgres = try #require(repository as? PostgresRepository)
                await postgres.reads.close()
                let response = try await client.execute(uri: "/v1/notes/\(note.id)", method: .get, headers: user.auth)
                #expect(response.status == .serviceUnavailable)
                #expect(response.headers[.retryAfter] == "1")
                // Counted as what it was answered: a 503 of the route, never a 500.
                let metrics = String(decoding: ServerMetrics.exposition(), as: UTF8.self)
                let route = metrics.split(separator: "\n").filter { $0.hasPrefix("hb_requests") && $0.contains("/v1/notes/{id}") && $0.contains("GET") }
                #expect(route.contains { $0.contains("\"503\"") }, "\(route)")
                #expect(!route.contains { $0.contains("\"500\"") }, "\(route)")
            }
        }
    }
}
