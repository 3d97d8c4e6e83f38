import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// Watched-aware sending: the sharer learns how many followers have its share's live feed open — a count, nothing else.
@Suite("seqr-server tells a sharer how many watch")
struct WatchingTests {
    static func watching(_ client: any TestClientProtocol, _ user: TestUser, _ shareID: String, query: String = "") async throws -> TestResponse {
        try await client.execute(uri: "/v1/location/shares/\(shareID)/watching\(query)", method: .get, headers: user.auth)
    }

    /// The question held open in the background; its answer once the count changes.
    static func held(_ client: any TestClientProtocol, _ user: TestUser, _ shareID: String, changedFrom: Int) -> Task<TestResponse, Error> {
        Task { try await watching(client, user, shareID, query: "?changedFrom=\(changedFrom)") }
    }

    /// A follower's live feed over a socket of its own, open while the socket lives.
    static func follow(port: Int, _ shareID: String) async throws -> LoopbackSocket {
        let (socket, head) = try await LiveFeedTests.stream(port: port, shareID, from: "203.0.113.7")
        #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
        return socket
    }

    @Test("the fix upload's answer and /watching count the open live feeds; changedFrom answers as soon as a follower arrives or leaves",
          arguments: Backend.available)
    func countsFollowers(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.heartbeat = .seconds(1)  // a closed follower is noticed at the next write
        try await backend.withInstances(live: true, location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            let key = LocationShareKey.generate()
            let fixes = try LiveFeedTests.sealed(2, key: key, shareID: share.id)

            let unwatched = try decode(LocationAPI.FixUploadResponse.self, try await client.push(alice, share.id, [fixes[0]]))
            #expect(unwatched.watching == 0)
            #expect(try decode(LocationAPI.Watching.self, try await Self.watching(client, alice, share.id)) == .init(watching: 0))

            // The sharer holds the question open; a follower opening the live feed answers it.
            let held = Self.held(client, alice, share.id, changedFrom: 0)
            try await Task.sleep(for: .milliseconds(300))
            var follower: LoopbackSocket? = try await Self.follow(port: try #require(client.port), share.id)
            let arrived = try await held.value
            #expect(arrived.status == .ok && arrived.headers[.cacheControl] == "no-store")
            #expect(try decode(LocationAPI.Watching.self, arrived) == .init(watching: 1))
            // Nothing but the number: no address, no id of the follower.
            #expect(String(buffer: arrived.body) == #"{"watching":1}"#)
            #expect(try decode(LocationAPI.FixUploadResponse.self, try await client.push(alice, share.id, [fixes[1]])).watching == 1)

            // The follower leaves: a question held open with the count 1 is answered 0.
            let left = Self.held(client, alice, share.id, changedFrom: 1)
            #expect(follower != nil)
            follower = nil  // closes its socket
            #expect(try decode(LocationAPI.Watching.self, try await left.value) == .init(watching: 0))
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 0)
        }
    }

    @Test("a follower that closes its page is no longer counted at once, not at the second heartbeat after", arguments: Backend.available)
    func followerLeavingIsNoticedAtOnce(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.heartbeat = .seconds(60)  // no write would tell the server the follower left
        settings.liveFeed.watchingWait = .seconds(5)
        try await backend.withInstances(live: true, location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice)
            var follower: LoopbackSocket? = try await Self.follow(port: try #require(client.port), share.id)
            #expect(follower != nil)
            #expect(try decode(LocationAPI.Watching.self, try await Self.watching(client, alice, share.id)) == .init(watching: 1))
            let left = Self.held(client, alice, share.id, changedFrom: 1)
            try await Task.sleep(for: .milliseconds(200))
            follower = nil  // closes its socket; the server gets its FIN and nothing else
            // Before: the held question timed out still at 1 (the feed lived until a second write failed).
            #expect(try decode(LocationAPI.Watching.self, try await left.value) == .init(watching: 0))
            #expect(instances[0].location.liveFeedCount(shareID: share.id) == 0)
        }
    }

    @Test("only the share's owner may ask; changedFrom must be a count; an unchanged count is answered once the wait is over",
          arguments: Backend.available)
    func ownerOnlyAndBounded(backend: Backend) async throws {
        var settings = LocationService.Settings()
        settings.liveFeed.watchingWait = .milliseconds(500)
        try await backend.withInstances(location: settings) { clients, _ in
            let client = clients[0]
            var alice = TestUser(), mallory = TestUser()
            try await client.register(&alice)
            try await client.register(&mallory)
            let share = try await client.createShare(alice)
            #expect(try await Self.watching(client, mallory, share.id).status == .notFound)
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)/watching", method: .get).status == .unauthorized)
            for bad in ["-1", "two", ""] {
                #expect(try await Self.watching(client, alice, share.id, query: "?changedFrom=\(bad)").status == .badRequest, "changedFrom=\(bad)")
            }
            let unchanged = try await Self.watching(client, alice, share.id, query: "?changedFrom=0")
            #expect(unchanged.status == .ok)
            #expect(try decode(LocationAPI.Watching.self, unchanged) == .init(watching: 0))
            #expect(try await client.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await Self.watching(client, alice, share.id).status == .notFound)
        }
    }
}
