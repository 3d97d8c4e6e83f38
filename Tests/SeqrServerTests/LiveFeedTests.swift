import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SeqrCloudClient
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// The live feed (`GET /v1/location/feed/{id}/events`, Server-Sent Events) in process, on SQLite and PostgreSQL.
@Suite("seqr-server live location feed")
struct LiveFeedTests {
    static func sealed(_ count: Int, key: LocationShareKey, shareID: String) throws -> [String] {
        try LocationServerTests.fixes(count).map { key.seal($0, shareID: shareID) }
    }

    /// Opens a stream in the background; its response is complete once the stream ends.
    static func open(_ client: any TestClientProtocol, _ shareID: String, headers: HTTPFields = [:], query: String = "") -> Task<TestResponse, Error> {
        Task { try await client.execute(uri: "/v1/location/feed/\(shareID)/events\(query)", method: .get, headers: headers) }
    }

    static func waitForStreams(_ instance: Instance, _ shareID: String, _ count: Int) async throws {
        try await Backend.waitUntil { instance.location.liveFeedCount(shareID: shareID) == count }
    }

    @Test("replays the stored fixes, sends each new one as it is stored (id = seq), and ends with revoked (ServerClient over a socket)",
          arguments: Backend.available)
    func replayLiveAndRevoke(backend: Backend) async throws {
        try await backend.withInstances(live: true) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let key = LocationShareKey.generate()
            let fixes = try Self.sealed(4, key: key, shareID: share.id)
            #expect(try await client.push(alice, share.id, Array(fixes[0..<2])).status == .created)

            let follower = ServerClient(server: "http://127.0.0.1:\(try #require(client.port))")
            var events = try await follower.liveFeed(shareID: share.id).makeAsyncIterator()
            #expect(try await events.next() == .share(LocationAPI.StreamShare(id: share.id, format: .seqrLocationV1, expiresAt: nil)))
            var received: [LocationAPI.FeedFix] = []
            for _ in 0..<2 { if case .fix(let fix) = try await events.next() { received.append(fix) } }
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 1)
            for fix in fixes[2...] {
                #expect(try await client.push(alice, share.id, [fix]).status == .created)
                if case .fix(let fix) = try await events.next() { received.append(fix) }
            }
            #expect(received.map(\.seq) == [1, 2, 3, 4] && received.map(\.data) == fixes)
            #expect(try received.map { try key.open($0.data, shareID: share.id) } == LocationServerTests.fixes(4))
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await events.next() == .end(LocationAPI.StreamEnd(reason: "revoked")))
            #expect(try await events.next() == nil)
            try await Self.waitForStreams(instances[0], share.id, 0)

            // Rotation ends a share's stream too, saying so.
            let second = try await client.createShare(alice)
            var secondEvents = try await follower.liveFeed(shareID: second.id).makeAsyncIterator()
            guard case .share = try await secondEvents.next() else { Issue.record("no share event"); return }
            #expect(try await client.execute(uri: "/v1/location/shares/\(second.id)/rotate", method: .post, headers: alice.auth).status == .ok)
            #expect(try await secondEvents.next() == .end(LocationAPI.StreamEnd(reason: "rotated")))
        }
    }

    @Test("a reconnect with Last-Event-ID (or ?after=) resumes after that fix: no gap, no duplicate; the wire format; revocation ends it",
          arguments: Backend.available)
    func resumeAndRotate(backend: Backend) async throws {
        try await backend.withInstances { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice, expiresAt: Date().addingTimeInterval(3600))
            let key = LocationShareKey.generate()
            let fixes = try Self.sealed(6, key: key, shareID: share.id)
            _ = try await client.push(alice, share.id, Array(fixes[0..<5]))

            let resumed = Self.open(client, share.id, headers: [HTTPField.Name("Last-Event-ID")!: "3"])
            let byQuery = Self.open(client, share.id, query: "?after=4")
            try await Self.waitForStreams(instances[0], share.id, 2)
            #expect(try await client.push(alice, share.id, [fixes[5]]).status == .created)
            // Both streams have sent fix 6 before the revocation deletes it.
            try await Backend.waitUntil { instances[0].location.liveFeedProgress(shareID: share.id).map(\.sent) == [6, 6] }
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)

            let response = try await resumed.value
            #expect(response.status == .ok && response.headers[.contentType] == "text/event-stream")
            #expect(response.headers[.cacheControl] == "no-store")
            let body = EventStreamBody(String(buffer: response.body))
            #expect(body.events.first?.name == "share")
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let header = try decoder.decode(LocationAPI.StreamShare.self, from: Data(body.events[0].data.utf8))
            #expect(header.id == share.id && header.format == .seqrLocationV1 && header.expiresAt != nil)
            let sent = try body.events.filter { $0.name == "fix" }.map { try decoder.decode(LocationAPI.FeedFix.self, from: Data($0.data.utf8)) }
            #expect(sent.map(\.data) == Array(fixes[3...]))
            #expect(body.fixIDs == [4, 5, 6])
            #expect(body.endReason == "revoked")
            let second = EventStreamBody(String(buffer: try await byQuery.value.body))
            #expect(second.fixIDs == [5, 6] && second.endReason == "revoked")
        }
    }

    @Test("heartbeat comments keep an idle stream alive; expiry ends it with expired; unknown and expired shares are 404 and 410",
          arguments: Backend.available)
    func heartbeatAndExpiry(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.heartbeat = .milliseconds(200)
        try await backend.withInstances(location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let idle = try await client.createShare(alice)
            let stream = Self.open(client, idle.id)
            try await Backend.waitUntil { instances[0].location.liveFeedProgress(shareID: idle.id).first.map { $0.heartbeats >= 2 } ?? false }
            #expect(try await client.execute(uri: "/v1/location/shares/\(idle.id)", method: .delete, headers: alice.auth).status == .noContent)
            let body = EventStreamBody(String(buffer: try await stream.value.body))
            #expect(body.heartbeats >= 2 && body.endReason == "revoked")

            let expiry = Date().addingTimeInterval(3)
            let share = try await client.createShare(alice, expiresAt: expiry)
            let stored = try #require(share.expiresAt)  // whole seconds, as the JSON carries it
            let response = try await client.execute(uri: "/v1/location/feed/\(share.id)/events", method: .get)
            if response.status == .gone {
                #expect(Date() >= stored)  // a machine so busy that the request came after the expiry
            } else {
                #expect(EventStreamBody(String(buffer: response.body)).endReason == "expired")
                #expect(Date() >= stored.addingTimeInterval(-0.05))
            }
            #expect(try await client.execute(uri: "/v1/location/feed/\(share.id)/events", method: .get).status == .gone)
            #expect(try await client.execute(uri: "/v1/location/feed/\(LocationServiceTestIDs.unknown)/events", method: .get).status == .notFound)
        }
    }

    @Test("a share extended while followed keeps its stream past the first expiry, which then ends at the new one", arguments: Backend.available)
    func extendedWhileFollowed(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.heartbeat = .milliseconds(200)
        try await backend.withInstances(location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            // Expiries with room for a busy machine: the stream must be open before the first one passes.
            let share = try await client.createShare(alice, expiresAt: Date().addingTimeInterval(10))
            let first = try #require(share.expiresAt)
            let stream = Self.open(client, share.id)
            try await Self.waitForStreams(instances[0], share.id, 1)
            // Later than the first expiry, and in the future however long the stream took to open.
            let later = max(first, Date()).addingTimeInterval(5)
            let extended = try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .patch, headers: alice.auth,
                                                    body: body(LocationAPI.ShareExpiryRequest(expiresAt: later)))
            #expect(extended.status == .ok)
            let second = try #require(try decode(LocationAPI.Share.self, extended).expiresAt)
            try await Task.sleep(for: .seconds(max(0, first.timeIntervalSinceNow) + 1))
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 1)  // past the first expiry, still open
            #expect(EventStreamBody(String(buffer: try await stream.value.body)).endReason == "expired")
            #expect(Date() >= second.addingTimeInterval(-0.05))
        }
    }

    @Test("streams per share are capped with 503 (the server is full), per address with 429, both with Retry-After; a closed stream frees its slot",
          arguments: Backend.available)
    func caps(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.streamsPerShare = 2
        settings.liveFeed.streamsPerAddress = 3
        try await backend.withInstances(location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let first = try await client.createShare(alice), second = try await client.createShare(alice), third = try await client.createShare(alice)
            let streams = [Self.open(client, first.id), Self.open(client, first.id)]
            try await Self.waitForStreams(instances[0], first.id, 2)
            let full = try await client.execute(uri: "/v1/location/feed/\(first.id)/events", method: .get)
            #expect(full.status == .serviceUnavailable && full.headers[.retryAfter] != nil)
            #expect(String(buffer: full.body).contains("too_many_streams"))

            let other = Self.open(client, second.id)
            try await Self.waitForStreams(instances[0], second.id, 1)
            // Three from this address now: a stream of another share is refused too.
            let fromHere = try await client.execute(uri: "/v1/location/feed/\(third.id)/events", method: .get)
            #expect(fromHere.status == .tooManyRequests && fromHere.headers[.retryAfter] != nil)

            #expect(try await client.execute(uri: "/v1/location/shares/\(second.id)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(EventStreamBody(String(buffer: try await other.value.body)).endReason == "revoked")
            try await Self.waitForStreams(instances[0], second.id, 0)
            let freed = Self.open(client, third.id)
            try await Self.waitForStreams(instances[0], third.id, 1)

            for share in [first, third] {
                #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            }
            for stream in streams + [freed] { #expect(EventStreamBody(String(buffer: try await stream.value.body)).endReason == "revoked") }
        }
    }
}

extension LiveFeedTests {
    static func forwarded(_ address: String) -> HTTPFields { [HTTPField.Name("X-Forwarded-For")!: address] }

    @Test("streams per instance are capped with 503 and Retry-After, whatever the share", arguments: Backend.available)
    func instanceCap(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.streamsPerInstance = 2
        // Three client addresses, each stream on its own socket, so that no address's fair share of the last
        // places (LiveFeedHub.fairShareFactor) is what refuses.
        try await backend.withInstances(live: true, trusting: ["127.0.0.1"], location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let shares = [try await client.createShare(alice), try await client.createShare(alice), try await client.createShare(alice)]
            let port = try #require(client.port)
            let (first, firstHead) = try await Self.stream(port: port, shares[0].id, from: "203.0.113.1")
            let (second, secondHead) = try await Self.stream(port: port, shares[1].id, from: "203.0.113.2")
            #expect(firstHead.hasPrefix("HTTP/1.1 200") && secondHead.hasPrefix("HTTP/1.1 200"), "\(firstHead) \(secondHead)")
            try await Self.waitForStreams(instances[0], shares[0].id, 1)
            try await Self.waitForStreams(instances[0], shares[1].id, 1)
            let full = try await client.execute(uri: "/v1/location/feed/\(shares[2].id)/events", method: .get, headers: Self.forwarded("203.0.113.3"))
            #expect(full.status == .serviceUnavailable && full.headers[.retryAfter] != nil)
            #expect(String(buffer: full.body).contains("too_many_streams"))
            for share in shares.prefix(2) {
                #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            }
            for socket in [first, second] {
                let ended = await withCheckedContinuation { continuation in
                    DispatchQueue.global().async { continuation.resume(returning: socket.read(until: "revoked", seconds: 30).found) }
                }
                #expect(ended)
            }
        }
    }

    /// Opens a live feed over a socket of its own, as a client at `address` behind a trusted proxy; the socket and the response head.
    static func stream(port: Int, _ shareID: String, from address: String) async throws -> (LoopbackSocket, String) {
        let socket = try LoopbackSocket(port: port)
        socket.send("GET /v1/location/feed/\(shareID)/events HTTP/1.1\r\nHost: x\r\nX-Forwarded-For: \(address)\r\n\r\n")
        // Blocking reads, off Swift's cooperative pool: the server under test answers on it.
        let head = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: socket.read(until: "\r\n\r\n", seconds: 30).text) }
        }
        return (socket, head)
    }

    @Test("the streams of one IPv6 /64 count as one address's: 429 beyond its cap, while another /64 is served", arguments: Backend.available)
    func streamsPerIPv6Prefix(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.streamsPerAddress = 2
        try await backend.withInstances(live: true, trusting: ["127.0.0.1"], location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let port = try #require(client.port)
            var open: [LoopbackSocket] = []
            for address in ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:3::1"] {
                let (socket, head) = try await Self.stream(port: port, share.id, from: address)
                #expect(head.hasPrefix("HTTP/1.1 200"), "\(address): \(head)")
                open.append(socket)
            }
            // Another address of the first /64 (before, it was simply another address, and its stream stayed open).
            let (_, refused) = try await Self.stream(port: port, share.id, from: "2001:db8:1:2:ffff:ffff:ffff:3")
            #expect(refused.hasPrefix("HTTP/1.1 429") && refused.lowercased().contains("retry-after:"), "\(refused)")
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 3)
            withExtendedLifetime(open) {}
        }
    }

    @Test("as the instance fills, each address gets a fair share of the last places: one address cannot take them all", arguments: Backend.available)
    func fairShares(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.streamsPerInstance = 24  // and 20 per address, the default
        try await backend.withInstances(live: true, trusting: ["127.0.0.1"], location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let port = try #require(client.port)
            var open: [LoopbackSocket] = []
            // One address: its sixth stream would leave 18 places, no more than 4 × the 5 it holds (before, it got 20 of the 24).
            for number in 1...5 {
                let (socket, head) = try await Self.stream(port: port, share.id, from: "203.0.113.1")
                #expect(head.hasPrefix("HTTP/1.1 200"), "stream \(number): \(head)")
                open.append(socket)
            }
            let (_, refused) = try await Self.stream(port: port, share.id, from: "203.0.113.1")
            #expect(refused.hasPrefix("HTTP/1.1 429") && refused.lowercased().contains("retry-after:"), "\(refused)")
            // Other addresses are still served, each within its own shrinking share.
            for address in ["203.0.113.2", "2001:db8:1:2::1"] {
                let (socket, head) = try await Self.stream(port: port, share.id, from: address)
                #expect(head.hasPrefix("HTTP/1.1 200"), "\(address): \(head)")
                open.append(socket)
            }
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 7)
            withExtendedLifetime(open) {}
        }
    }

    @Test("lastFixSeq: 0 before the first fix, the newest seq after (also once retention dropped fixes), nil for no such share",
          arguments: Backend.available)
    func lastFixSeq(backend: Backend) async throws {
        try await backend.withRepository { repository, _ in
            let owner = try await Fixture.storedAccount(in: repository)
            let share = Fixture.share(owner: owner.id)
            try await repository.createShare(share, limit: nil)
            #expect(try await repository.lastFixSeq(shareID: share.id) == 0)
            _ = try await repository.appendFixes(shareID: share.id, owner: owner.id, data: ["a", "b", "c"], now: Fixture.t0,
                                                 retention: LocationRetention(limit: 2, maxAge: 3600))
            #expect(try await repository.lastFixSeq(shareID: share.id) == 3)
            #expect(try await repository.lastFixSeq(shareID: Fixture.shareID()) == nil)
        }
    }
}

enum LocationServiceTestIDs {
    /// A well-formed share id no server made.
    static let unknown = "AAAAAAAAAAAAAAAAAAAAAA"
}
