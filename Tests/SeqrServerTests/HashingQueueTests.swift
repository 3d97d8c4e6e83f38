import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SeqrCore
import SeqrServer
import Testing

/// Argon2id work is bounded: a flood of logins cannot queue hashes without end (``HashingQueue``).
@Suite("seqr-server Argon2id queue")
struct HashingQueueTests {
    static func login(_ client: some TestClientProtocol, _ name: String, _ key: String) async throws -> TestResponse {
        try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                 body: body(NotesAPI.LoginRequest(username: name, authKey: key)))
    }

    @Test("64 parallel failed logins at the production cost: those beyond the queue are answered 503 with Retry-After at once, and a real login afterwards succeeds")
    func floodOfLogins() async throws {
        var settings = AccountsService.Settings.testing
        settings.hasher = .standard
        settings.loginLimits = .init(perAccountFromAddress: 1000, perAddress: 1000)
        try await Backend.sqlite.withApp(settings: settings) { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            // Before, all 64 queued on the thread pool, and the last waited for 63 hashes.
            let name = alice.name
            let statuses = try await withThrowingTaskGroup(of: (Int, String?, String).self) { group in
                for _ in 0..<64 {
                    group.addTask {
                        let response = try await Self.login(client, name, TestUser().authKey)
                        return (Int(response.status.code), response.headers[.retryAfter], String(buffer: response.body))
                    }
                }
                return try await group.reduce(into: [(Int, String?, String)]()) { $0.append($1) }
            }
            let busy = statuses.filter { $0.0 == 503 }
            #expect(!busy.isEmpty, "no login was refused: \(Dictionary(grouping: statuses, by: \.0).mapValues(\.count))")
            #expect(busy.allSatisfy { $0.1 == "1" && $0.2.contains("\"busy\"") }, "\(busy.prefix(2))")
            #expect(statuses.allSatisfy { [401, 503].contains($0.0) })
            #expect(try await Self.login(client, alice.name, alice.authKey).status == .ok)
        }
    }

    @Test("with every place of the queue taken, login, registration and password change are 503 before any work or count; a freed place serves them",
          arguments: Backend.available)
    func fullQueue(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.hashingCapacity = 2
        settings.loginLimits = .init(perAccountFromAddress: 1, perAddress: 1)
        try await backend.withInstances(settings: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let queue = instances[0].accounts.hashing
            #expect(queue.capacity == 2 && queue.count == 0)
            #expect(queue.enter() && queue.enter() && !queue.enter())
            // A wrong key twice, each refused before the limiter counts it.
            for _ in 0..<2 {
                let refused = try await Self.login(client, alice.name, TestUser().authKey)
                #expect(refused.status == .serviceUnavailable && refused.headers[.retryAfter] == "1")
            }
            let bob = TestUser()
            let registration = try await client.execute(uri: "/v1/accounts", method: .post, headers: [.contentType: "application/json"],
                                                        body: body(NotesAPI.RegisterRequest(username: bob.name, authKey: bob.authKey, kdf: bob.kdf)))
            #expect(registration.status == .serviceUnavailable)
            let change = try await client.execute(uri: "/v1/account/password", method: .put, headers: alice.auth,
                                                  body: body(NotesAPI.PasswordChangeRequest(authKey: alice.authKey, newAuthKey: TestUser().authKey,
                                                                                            newKDF: alice.kdf, notes: [])))
            #expect(change.status == .serviceUnavailable)
            queue.leave()
            // One failure allowed per address: had a refused attempt counted, this would be 429.
            #expect(try await Self.login(client, alice.name, alice.authKey).status == .ok)
            #expect(try await Self.login(client, alice.name, TestUser().authKey).status == .unauthorized)
            #expect(try await Self.login(client, alice.name, TestUser().authKey).status == .tooManyRequests)
            queue.leave()
            #expect(queue.count == 0)
        }
    }
}
