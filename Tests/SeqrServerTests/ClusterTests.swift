import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCloudClient
import SeqrCore
import SeqrServer
import SeqrTestSupport
import Testing

/// Two seqr-server instances on one PostgreSQL database, in process: each with its own pool, its own
/// session cache and its own LISTEN/NOTIFY listener, as two processes would have. They must act as one server.
@Suite("several seqr-server instances on one PostgreSQL")
struct ClusterTests {
    static var postgres: [Backend] { Backend.available.filter { $0 == .postgres } }

    @Test("a session revoked on one instance is refused by the other at once: logout, password change, account deletion", arguments: postgres)
    func revocationReachesEveryInstance(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.sessionCacheLifetime = 60  // long, so only the revocation event can make B forget
        try await backend.withInstances(2, settings: settings) { clients, _ in
            let (a, b) = (clients[0], clients[1])
            var alice = TestUser()
            try await a.register(&alice)
            // B verifies the token once and caches it.
            for _ in 0..<2 { #expect(try await b.execute(uri: "/v1/account", method: .get, headers: alice.auth).status == .ok) }
            #expect(try await a.execute(uri: "/v1/sessions/current", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await b.execute(uri: "/v1/account", method: .get, headers: alice.auth).status == .unauthorized)

            // A password change on A ends the other sessions on B.
            let login = try await a.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                            body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            alice.token = try decode(NotesAPI.SessionResponse.self, login).token
            var other = alice
            let second = try await a.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                             body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey)))
            other.token = try decode(NotesAPI.SessionResponse.self, second).token
            #expect(try await b.execute(uri: "/v1/account", method: .get, headers: other.auth).status == .ok)
            let newKey = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
            let change = NotesAPI.PasswordChangeRequest(authKey: alice.authKey, newAuthKey: newKey, newKDF: alice.kdf, notes: [])
            #expect(try await a.execute(uri: "/v1/account/password", method: .put, headers: alice.auth, body: body(change)).status == .noContent)
            #expect(try await b.execute(uri: "/v1/account", method: .get, headers: other.auth).status == .unauthorized)

            // Deleting the account on A ends its last session on B.
            #expect(try await b.execute(uri: "/v1/account", method: .get, headers: alice.auth).status == .ok)
            #expect(try await a.execute(uri: "/v1/account", method: .delete, headers: alice.auth,
                                        body: body(NotesAPI.DeleteAccountRequest(authKey: newKey))).status == .noContent)
            #expect(try await b.execute(uri: "/v1/account", method: .get, headers: alice.auth).status == .unauthorized)
        }
    }

    @Test("failed logins and registrations count against one limit across instances", arguments: postgres)
    func limitsAreShared(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.loginLimits = .init(perAccountFromAddress: 3, perAddress: 1000)
        settings.registrationLimits = .init(perAddress: 1000, overall: 1_000_000)
        try await backend.withInstances(2, settings: settings) { clients, _ in
            var alice = TestUser()
            try await clients[0].register(&alice)
            let wrong = body(NotesAPI.LoginRequest(username: alice.name, authKey: TestUser().authKey))
            for client in [clients[0], clients[1], clients[0]] {
                #expect(try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: wrong).status == .unauthorized)
            }
            let refused = try await clients[1].execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"], body: wrong)
            #expect(refused.status == .tooManyRequests && refused.headers[.retryAfter] != nil)
        }
    }

    @Test("a fix pushed on one instance reaches a live feed on the other (ServerClient's stream), in order; revocation there ends it",
          .timeLimit(.minutes(3)), arguments: postgres)
    func fanOutAcrossInstances(backend: Backend) async throws {
        // No heartbeat (which also re-reads the feed) within the test: only NOTIFY can bring B the fixes,
        // and a lost one hangs the stream until the time limit fails the test.
        var location = LocationService.Settings()
        location.liveFeed.heartbeat = .seconds(3600)
        try await backend.withInstances(2, live: true, location: location) { clients, _ in
            let (a, b) = (clients[0], clients[1])
            var alice = TestUser()
            try await a.register(&alice)
            let share = try await a.createShare(alice)
            let key = LocationShareKey.generate()
            let follower = ServerClient(server: "http://127.0.0.1:\(try #require(b.port))")
            var events = try await follower.liveFeed(shareID: share.id).makeAsyncIterator()
            #expect(try await events.next() == .share(LocationAPI.StreamShare(id: share.id, format: .seqrLocationV1, expiresAt: nil)))
            var latencies: [Double] = []
            for (i, fix) in try LiveFeedTests.sealed(5, key: key, shareID: share.id).enumerated() {
                let pushed = ContinuousClock.now
                #expect(try await a.push(alice, share.id, [fix]).status == .created)
                guard case .fix(let received) = try await events.next() else { Issue.record("no fix event"); return }
                let elapsed = ContinuousClock.now - pushed
                latencies.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
                #expect(received.seq == i + 1 && received.data == fix)
            }
            // Delivery is what this asserts: beside the whole suite running in parallel on two cores, latency
            // here says little (scripts/bench-follow measures it).
            print("fan-out A → B (s): \(latencies.map { String(format: "%.4f", $0) }.joined(separator: " "))")
            #expect(try await a.execute(uri: "/v1/location/shares/\(share.id)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await events.next() == .end(LocationAPI.StreamEnd(reason: "revoked")))
            #expect(try await events.next() == nil)
        }
    }

    @Test("events published on one instance reach every instance's handlers, in order, and come back to the publisher", arguments: postgres)
    func eventsReachEveryInstance(backend: Backend) async throws {
        try await backend.withInstances(2) { _, instances in
            let received = ReceivedSignals()
            instances[1].events.onSignal { received.append($0) }
            let account = UUID()
            let shareID = UUID().uuidString
            let events: [ClusterEvent] = [.sessionsRevoked(account: account), .fixesStored(shareID: shareID, seq: 7), .shareEnded(shareID: shareID, reason: .rotated)]
            for event in events { await instances[0].events.publish(event) }
            // Tests running beside this one publish on the same database: only this test's events count.
            let mine: @Sendable () -> [ClusterEvent] = {
                received.events.filter { event in
                    switch event {
                    case .sessionsRevoked(let id): id == account
                    case .fixesStored(let id, _), .shareEnded(let id, _): id == shareID
                    }
                }
            }
            try await Backend.waitUntil { mine().count >= 3 }
            #expect(mine() == events)
        }
    }
}

final class ReceivedSignals: @unchecked Sendable {
    private let lock = NSLock()
    private var signals: [ClusterSignal] = []
    func append(_ signal: ClusterSignal) { lock.lock(); signals.append(signal); lock.unlock() }
    var events: [ClusterEvent] {
        lock.lock()
        defer { lock.unlock() }
        return signals.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }
}
