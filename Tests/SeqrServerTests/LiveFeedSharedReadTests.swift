import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import SeqrCore
@testable import SeqrServer
import Testing

/// Live feeds of one share read its new fixes once per wake-up on an instance, shared by all its streams
/// (``SharedFixReads``), and each follower still gets exactly the fixes after its own resume point.
@Suite("seqr-server live feed: one shared read per share and wake-up")
struct LiveFeedSharedReadTests {
    static var settings: LocationService.Settings {
        var settings = LocationService.Settings()
        settings.liveFeed.heartbeat = .seconds(3600)  // no heartbeat re-reads during the test
        settings.liveFeed.streamsPerAddress = 100  // every follower here comes from one address
        return settings
    }

    static func lastEventID(_ seq: Int) -> HTTPFields { [HTTPField.Name("Last-Event-ID")!: "\(seq)"] }

    @Test("24 followers resuming at different points, opened while fixes arrive, each get exactly the fixes after their own point, in order, once",
          arguments: Backend.available)
    func differentResumePoints(backend: Backend) async throws {
        try await backend.withInstances(location: Self.settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let fixes = try LiveFeedTests.sealed(30, key: .generate(), shareID: share.id)
            #expect(try await client.push(alice, share.id, Array(fixes[0..<10])).status == .created)
            var streams: [(after: Int, response: Task<TestResponse, Error>)] = []
            for after in 0..<12 { streams.append((after, LiveFeedTests.open(client, share.id, headers: Self.lastEventID(after)))) }
            // Pushed without waiting for the streams: they catch up at their own pace, at different points.
            for fix in fixes[10..<20] { #expect(try await client.push(alice, share.id, [fix]).status == .created) }
            for after in stride(from: 1, through: 23, by: 2) { streams.append((after, LiveFeedTests.open(client, share.id, query: "?after=\(after)"))) }
            for fix in fixes[20..<30] { #expect(try await client.push(alice, share.id, [fix]).status == .created) }
            try await LiveFeedTests.waitForStreams(instances[0], share.id, 24)
            try await Backend.waitUntil { instances[0].location.liveFeedProgress(shareID: share.id).allSatisfy { $0.sent == 30 } }
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)

            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            for (after, response) in streams {
                let body = EventStreamBody(String(buffer: try await response.value.body))
                #expect(body.fixIDs == Array((after + 1)...30), "resumed after \(after)")
                let sent = try body.events.filter { $0.name == "fix" }.map { try decoder.decode(LocationAPI.FeedFix.self, from: Data($0.data.utf8)) }
                #expect(sent.map(\.data) == Array(fixes[after...]), "resumed after \(after)")
                #expect(body.endReason == "revoked")
            }
        }
    }

    @Test("a fix pushed to a share with 40 followers is read from the database once on the instance, not once per follower",
          arguments: Backend.available)
    func oneReadPerWakeup(backend: Backend) async throws {
        let counter = FixReadCounter()
        try await backend.withInstances(location: Self.settings, locationRepository: { CountingLocationRepository(base: $0, counter: counter) }) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let fixes = try LiveFeedTests.sealed(8, key: .generate(), shareID: share.id)
            #expect(try await client.push(alice, share.id, Array(fixes[0..<3])).status == .created)
            let streams = (0..<40).map { LiveFeedTests.open(client, share.id, headers: Self.lastEventID($0 % 3)) }
            try await LiveFeedTests.waitForStreams(instances[0], share.id, 40)
            try await Backend.waitUntil { instances[0].location.liveFeedProgress(shareID: share.id).allSatisfy { $0.sent == 3 } }

            for (index, fix) in fixes[3...].enumerated() {
                let before = counter.reads
                #expect(try await client.push(alice, share.id, [fix]).status == .created)
                try await Backend.waitUntil { instances[0].location.liveFeedProgress(shareID: share.id).allSatisfy { $0.sent == 4 + index } }
                #expect(counter.reads - before == 1, "fix \(4 + index): \(counter.reads - before) reads for 40 followers")
            }
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            for (index, stream) in streams.enumerated() {
                #expect(EventStreamBody(String(buffer: try await stream.value.body)).fixIDs == Array((index % 3 + 1)...8))
            }
        }
    }

    @Test("a read that started before a wake-up is never taken for it; one started after is shared; one asked from a later point is not")
    func freshness() async throws {
        let counter = FixReadCounter()
        let stored = StoredFixCount()
        let reads = SharedFixReads { _, after in
            counter.add()
            return (1...stored.value).filter { $0 > after }.map { SharedFixReads.Frame(seq: $0, bytes: ByteBuffer(string: "\($0)")) }
        }
        stored.set(2)
        let early = reads.stamp()
        #expect(try await reads.fixes(shareID: "s", after: 0, newerThan: early).map(\.seq) == [1, 2])
        // Fix 3 is stored, then its wake-up is stamped: the read above must not answer for it.
        stored.set(3)
        let wakeup = reads.stamp()
        #expect(try await reads.fixes(shareID: "s", after: 2, newerThan: wakeup).map(\.seq) == [3])
        #expect(counter.reads == 2)
        // Other streams woken by the same signal share that read, each from its own point.
        #expect(try await reads.fixes(shareID: "s", after: 2, newerThan: wakeup).map(\.seq) == [3])
        #expect(try await reads.fixes(shareID: "s", after: 3, newerThan: wakeup).isEmpty)
        #expect(counter.reads == 2)
        // A stream further back needs fixes the shared read did not ask for: it reads its own.
        #expect(try await reads.fixes(shareID: "s", after: 1, newerThan: wakeup).map(\.seq) == [2, 3])
        #expect(counter.reads == 3)
        // Another share never takes this share's read.
        #expect(try await reads.fixes(shareID: "t", after: 1, newerThan: wakeup).map(\.seq) == [2, 3])
        #expect(counter.reads == 4)
        reads.forget(shareID: "s")
        #expect(try await reads.fixes(shareID: "s", after: 2, newerThan: wakeup).map(\.seq) == [3])
        #expect(counter.reads == 5)
    }
}

/// Counts reads of fixes (``LocationRepository/fixes(shareID:after:notBefore:limit:)``).
final class FixReadCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var reads: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}

final class StoredFixCount: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = 0
    var value: Int { lock.withLock { stored } }
    func set(_ value: Int) { lock.withLock { stored = value } }
}

/// A location repository that counts the reads of fixes and passes everything on.
struct CountingLocationRepository: LocationRepository {
    let base: any LocationRepository
    let counter: FixReadCounter

    func createShare(_ share: LocationShareRecord, limit: Int?) async throws { try await base.createShare(share, limit: limit) }
    func shares(owner: UUID) async throws -> [LocationAPI.Share] { try await base.shares(owner: owner) }
    func share(id: String) async throws -> LocationShareRecord? { try await base.share(id: id) }
    func deleteShare(id: String, owner: UUID) async throws -> Bool { try await base.deleteShare(id: id, owner: owner) }
    func rotateShare(id: String, owner: UUID, newID: String, now: Date) async throws -> LocationShareRecord? {
        try await base.rotateShare(id: id, owner: owner, newID: newID, now: now)
    }
    func setShareExpiry(id: String, owner: UUID, expiresAt: Date?) async throws -> Bool {
        try await base.setShareExpiry(id: id, owner: owner, expiresAt: expiresAt)
    }
    func appendFixes(shareID: String, owner: UUID, data: [String], now: Date, retention: LocationRetention, storageQuota: Int?) async throws -> Int {
        try await base.appendFixes(shareID: shareID, owner: owner, data: data, now: now, retention: retention, storageQuota: storageQuota)
    }
    func fixes(shareID: String, after: Int, notBefore: Date, limit: Int) async throws -> [LocationAPI.FeedFix] {
        counter.add()
        return try await base.fixes(shareID: shareID, after: after, notBefore: notBefore, limit: limit)
    }
    func lastFixSeq(shareID: String) async throws -> Int? { try await base.lastFixSeq(shareID: shareID) }
}
