import Foundation
#if canImport(Glibc)
import Glibc
#endif
import SeqrCloudClient
import SeqrCore
import SeqrTestSupport
import Testing

/// seqr-server killed with SIGKILL at random moments while notes and location fixes are written at
/// load (bounded, loopback): every write that was answered 2xx is there after a restart and opens,
/// and nothing half-written is visible (every stored note and fix opens with its key). Issue 46.
@Suite("seqr-server killed at random moments", .serialized)
struct ServerCrashCLITests {
    typealias Server = NotesCLITests.Server

    static let kills = 20

    /// What the server acknowledged (a 2xx answer), as the writers saw it.
    final class Acknowledged: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var notes: [UUID: NotePlaintext] = [:]
        private(set) var fixes: Set<String> = []
        private(set) var failedWrites = 0

        func note(_ id: UUID, _ plaintext: NotePlaintext) { lock.withLock { notes[id] = plaintext } }
        func fix(_ data: String) { _ = lock.withLock { fixes.insert(data) } }
        func failed() { lock.withLock { failedWrites += 1 } }
        var counts: (notes: Int, fixes: Int, failed: Int) { lock.withLock { (notes.count, fixes.count, failedWrites) } }
    }

    final class Stop: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isSet: Bool { lock.withLock { stopped } }
        func set() { lock.withLock { stopped = true } }
    }

    func start(_ database: String, _ directory: TemporaryDirectory, round: Int) throws -> Server {
        try Server(database: database, log: directory.file("server-\(round).log"),
                   extra: ["--free-notes", "1000000", "--storage-quota-kib", "262144", "--location-history", "1000000",
                           "--location-retention-hours", "48"])
    }

    /// Writes until `stop`: notes (`noteWriters` at once) and fixes of `share`, one request each.
    func write(_ client: ServerClient, cipher: NoteCipher, kdf: AccountKDFParameters, share: String, key: LocationShareKey,
               acknowledged: Acknowledged, stop: Stop, round: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    var n = 0
                    while !stop.isSet {
                        n += 1
                        let plaintext = NotePlaintext(unchecked: "r\(round) w\(writer) n\(n)", info: String(repeating: "crash test \(n) ", count: 20))
                        do {
                            let sealed = try cipher.seal(plaintext, noteVersion: 1, account: kdf)
                            let stored = try await client.create(sealed)
                            acknowledged.note(stored.id, plaintext)
                        } catch {
                            acknowledged.failed()
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                    }
                }
            }
            group.addTask {
                var n = 0
                while !stop.isSet {
                    n += 1
                    do {
                        let fix = try LocationFix(lat: 47 + Double(round) / 100, lon: 8 + Double(n) / 10_000, accuracy: 5,
                                                  time: Date(timeIntervalSince1970: 1_790_000_000 + Double(round * 100_000 + n)))
                        let data = key.seal(fix, shareID: share)
                        _ = try await client.pushFixes(shareID: share, data: [data])
                        acknowledged.fix(data)
                    } catch {
                        acknowledged.failed()
                        try? await Task.sleep(for: .milliseconds(20))
                    }
                }
            }
        }
    }

    func run(database: String) async throws {
        let directory = try TemporaryDirectory()
        let cipher = NoteCipher(password: "crash test password")
        let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
        var server = try start(database, directory, round: 0)
        let keys = try cipher.accountKeys(kdf)
        let session = try await ServerClient(server: server.url, allowsInsecureHTTP: true)
            .register(username: "crash\(UUID().uuidString.prefix(6).lowercased())", authKey: keys.authenticationToken, kdf: kdf)
        let share = try await ServerClient(server: server.url, token: session.token, allowsInsecureHTTP: true)
            .createShare(format: .seqrLocationV1, expiresAt: nil)
        let key = LocationShareKey.generate()
        let acknowledged = Acknowledged()
        var generator = SystemRandomNumberGenerator()
        for round in 1...Self.kills {
            if round > 1 { server = try start(database, directory, round: round) }
            let client = ServerClient(server: server.url, token: session.token, allowsInsecureHTTP: true)
            let stop = Stop()
            let writers = Task { await write(client, cipher: cipher, kdf: kdf, share: share.id, key: key, acknowledged: acknowledged, stop: stop, round: round) }
            try await Task.sleep(for: .milliseconds(Int.random(in: 150...900, using: &generator)))
            _ = server.process.stop(SIGKILL)
            stop.set()
            await writers.value
        }
        server = try start(database, directory, round: Self.kills + 1)
        defer { _ = server.process.stop(SIGTERM) }
        let client = ServerClient(server: server.url, token: session.token, allowsInsecureHTTP: true)
        // Every acknowledged note is there and opens as written; every note there opens.
        let stored = try await client.notes()
        let byID = Dictionary(stored.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var lostNotes = 0
        for (id, plaintext) in acknowledged.notes {
            guard let note = byID[id] else { lostNotes += 1; continue }
            #expect(try cipher.open(note) == plaintext)
        }
        for note in stored { #expect(throws: Never.self) { _ = try cipher.open(note) } }
        // Every acknowledged fix is in the feed; every fix there opens.
        var fixes: [LocationAPI.FeedFix] = []
        var after = 0
        while true {
            let page = try await client.feed(shareID: share.id, after: after)
            guard let last = page.fixes.last else { break }
            fixes += page.fixes
            after = last.seq
        }
        let inFeed = Set(fixes.map(\.data))
        let lostFixes = acknowledged.fixes.subtracting(inFeed).count
        for fix in fixes { #expect(throws: Never.self) { _ = try key.open(fix.data, shareID: share.id) } }
        let counts = acknowledged.counts
        print("crash test (\(database.hasPrefix("postgres") ? "PostgreSQL" : "SQLite")): \(Self.kills) kills; acknowledged \(counts.notes) notes and \(counts.fixes) fixes (\(counts.failed) writes failed or cut off); stored \(stored.count) notes and \(fixes.count) fixes; lost \(lostNotes) notes and \(lostFixes) fixes")
        #expect(lostNotes == 0)
        #expect(lostFixes == 0)
        #expect(counts.notes > Self.kills && counts.fixes > Self.kills, "too few writes to mean anything: \(counts)")
    }

    @Test("SQLite (WAL, synchronous = FULL): 20 kills lose no acknowledged note or fix, and show nothing half-written")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        try await run(database: directory.file("crash.sqlite"))
    }

    @Test("PostgreSQL: 20 kills lose no acknowledged note or fix, and show nothing half-written",
          .enabled(if: ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].map { !$0.isEmpty } ?? false))
    func postgres() async throws {
        let database = try ScaleOutCLITests.FreshDatabase()
        try await run(database: database.url)
    }
}
