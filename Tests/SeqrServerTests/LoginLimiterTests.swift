import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SeqrCore
import SeqrServer
import Testing

/// The login rate limiter's memory bound and what it counts; client addresses behind a proxy.
@Suite("login rate limiter and trusted proxies")
struct LoginLimiterTests {
    @Test("100,000 distinct names from distinct addresses: the table never holds more than its cap")
    func hardCap() async throws {
        let limiter = LoginRateLimiter(limits: .init(perAccountFromAddress: 10, perAddress: 30, window: 300, capacity: 1_000))
        var largest = 0
        for i in 0..<100_000 {
            _ = try await limiter.attempt(account: "name-\(i)", address: "10.\(i >> 16 & 255).\(i >> 8 & 255).\(i & 255)")
            if i % 97 == 0 { largest = max(largest, await limiter.entryCount) }
        }
        largest = max(largest, await limiter.entryCount)
        #expect(largest == 1_000)
    }

    @Test("60 KB names are not stored, and refused attempts store nothing")
    func longNames() async throws {
        let limiter = LoginRateLimiter(limits: .init(perAccountFromAddress: 10, perAddress: 1_000, window: 300))
        for i in 0..<500 {
            _ = try await limiter.attempt(account: String(repeating: "x", count: 60_000) + "\(i)", address: "192.0.2.1")
        }
        // Only the address is counted: an invalid name matches no account.
        #expect(await limiter.entryCount == 1)
        let locked = LoginRateLimiter(limits: .init(perAccountFromAddress: 10, perAddress: 2, window: 300))
        _ = try await locked.attempt(account: "alice", address: "192.0.2.2")
        _ = try await locked.attempt(account: "alice", address: "192.0.2.2")
        let before = await locked.entryCount
        for i in 0..<100 { #expect(try await locked.attempt(account: "name-\(i)", address: "192.0.2.2") != nil) }
        #expect(await locked.entryCount == before)
    }

    @Test("only failed logins count: a user who logs in often from one address is never locked out", arguments: Backend.available)
    func successesDoNotCount(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.loginLimits = .init(perAccountFromAddress: 3, perAddress: 3, window: 300)
        try await backend.withApp(settings: settings) { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            var statuses: [Int] = []
            for _ in 0..<8 {
                statuses.append(Int(try await client.execute(uri: "/v1/sessions", method: .post, headers: [.contentType: "application/json"],
                                                             body: body(NotesAPI.LoginRequest(username: alice.name, authKey: alice.authKey))).status.code))
            }
            #expect(statuses == Array(repeating: 200, count: 8))
        }
    }

    /// A request from `address` (as a trusted proxy reports it), with `headers` besides.
    static func send(_ client: some TestClientProtocol, _ uri: String, _ method: HTTPRequest.Method, from address: String,
                     headers: HTTPFields = [:], _ payload: some Encodable) async throws -> Int {
        var fields: HTTPFields = [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: address]
        for field in headers { fields[field.name] = field.value }
        return Int(try await client.execute(uri: uri, method: method, headers: fields, body: body(payload)).status.code)
    }

    @Test("ten failed logins lock out the address that failed (an IPv6 one by its /64), never the owner presenting the right key from elsewhere; password change and account deletion alike",
          arguments: Backend.available)
    func ownerIsNeverLockedOut(backend: Backend) async throws {
        // The default limits: 10 failures at one account from one address, 30 from one address.
        try await backend.withLiveApp(settings: .testing, trusting: ["127.0.0.1"]) { client async throws in
            var alice = TestUser()
            try await client.register(&alice)
            let wrong = TestUser().authKey
            func login(_ key: String, from address: String) async throws -> Int {
                try await Self.send(client, "/v1/sessions", .post, from: address, NotesAPI.LoginRequest(username: alice.name, authKey: key))
            }
            for _ in 0..<10 { #expect(try await login(wrong, from: "203.0.113.5") == 401) }
            #expect(try await login(wrong, from: "203.0.113.5") == 429)
            #expect(try await login(alice.authKey, from: "203.0.113.5") == 429, "from the failing address even the right key waits")
            #expect(try await login(alice.authKey, from: "198.51.100.7") == 200, "the owner elsewhere is not locked out")
            // An IPv6 guesser cannot move to the next address of its /64; the owner in another /64 logs in.
            for i in 1...10 { #expect(try await login(wrong, from: "2001:db8:5:6::\(i)") == 401) }
            #expect(try await login(wrong, from: "2001:db8:5:6:ffff:ffff:ffff:ffff") == 429)
            #expect(try await login(alice.authKey, from: "2001:db8:5:7::1") == 200)

            // Someone holding Alice's session but not her key fails the password change and the deletion from their address...
            let change = { (key: String) in NotesAPI.PasswordChangeRequest(authKey: key, newAuthKey: TestUser().authKey, newKDF: alice.kdf, notes: []) }
            for _ in 0..<10 { #expect(try await Self.send(client, "/v1/account/password", .put, from: "192.0.2.66", headers: alice.auth, change(wrong)) == 401) }
            #expect(try await Self.send(client, "/v1/account/password", .put, from: "192.0.2.66", headers: alice.auth, change(wrong)) == 429)
            #expect(try await Self.send(client, "/v1/account", .delete, from: "192.0.2.66", headers: alice.auth,
                                        NotesAPI.DeleteAccountRequest(authKey: wrong)) == 429)
            // ...while Alice, elsewhere, changes her password and deletes her account.
            let newKey = TestUser().authKey
            #expect(try await Self.send(client, "/v1/account/password", .put, from: "198.51.100.7", headers: alice.auth,
                                        NotesAPI.PasswordChangeRequest(authKey: alice.authKey, newAuthKey: newKey, newKDF: alice.kdf, notes: [])) == 204)
            #expect(try await Self.send(client, "/v1/account", .delete, from: "198.51.100.7", headers: alice.auth,
                                        NotesAPI.DeleteAccountRequest(authKey: newKey)) == 204)
        }
    }

    @Test("X-Forwarded-For: the right-most hop that is not a trusted proxy, and only from a trusted peer")
    func forwardedFor() throws {
        let proxies = try TrustedProxies(["10.0.0.1", "::1", "10.0.0.2"])
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["198.51.100.7"]) == "198.51.100.7")
        // The client's own entries are left of the real one and never read.
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["1.2.3.4, 198.51.100.7"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["1.2.3.4", "198.51.100.7, 10.0.0.2"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "0:0:0:0:0:0:0:1", forwardedFor: ["2001:db8::1"]) == "2001:db8::1")
        // An untrusted peer's header is ignored.
        #expect(proxies.clientAddress(peer: "203.0.113.9", forwardedFor: ["198.51.100.7"]) == nil)
        #expect(proxies.clientAddress(peer: nil, forwardedFor: ["198.51.100.7"]) == nil)
        // Garbage stops the walk at the nearest trusted hop.
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["198.51.100.7, nonsense"]) == nil)
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["nonsense, 10.0.0.2"]) == "10.0.0.2")
        #expect(throws: TrustedProxies.Failure.notAnAddress("proxy.example")) { try TrustedProxies(["proxy.example"]) }
        #expect(throws: TrustedProxies.Failure.notAnAddress("10.0.0.1\0x")) { try TrustedProxies(["10.0.0.1\0x"]) }
    }

    @Test("X-Forwarded-For entries with a port (IP:port, [IPv6]:port, [IPv6]) are read as their address; other forms stop the walk")
    func forwardedForWithPorts() throws {
        let proxies = try TrustedProxies(["10.0.0.1", "10.0.0.2"])
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["198.51.100.7:51234"]) == "198.51.100.7")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["[2001:db8::1]:443"]) == "2001:db8::1")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["[2001:DB8:0::1]"]) == "2001:db8::1")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["2001:db8::1"]) == "2001:db8::1")
        #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["198.51.100.7:1, 10.0.0.2:8080"]) == "198.51.100.7")
        // Not an address with a port: the nearest trusted hop, as for any entry that cannot be read.
        for entry in ["198.51.100.7:", "198.51.100.7:123456", "198.51.100.7:80:80", "[198.51.100.7]:80", "[2001:db8::1", "[2001:db8::1]x",
                      "198.51.100.7:8a", "[]:80",
                      // Fuzz finding (target forwarded-for): inet_pton stops at a NUL, so these once read as the address before it.
                      "198.51.100.7\0evil", "::ffff:192.0.2.1\0\0d", "[2001:db8::1\0x]:80", "198.51.100.7\0:80", "fe80::1%eth0",
                      // And read as addresses after trimming spaces inside the entry.
                      "[\t2001:db8::1]:443", "[ 2001:db8::1 ]", "198.51.100.7 :80"] {
            #expect(proxies.clientAddress(peer: "10.0.0.1", forwardedFor: ["\(entry), 10.0.0.2"]) == "10.0.0.2", "\(entry)")
        }
    }

    func withLiveApp(_ backend: Backend, trusting proxies: [String],
                     _ body: @escaping @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        var settings = AccountsService.Settings.testing
        settings.loginLimits = .init(perAccountFromAddress: 100, perAddress: 3, window: 300)
        try await backend.withLiveApp(settings: settings, trusting: proxies, body)
    }

    static func failedLogin(_ client: some TestClientProtocol, from address: String) async throws -> Int {
        let response = try await client.execute(uri: "/v1/sessions", method: .post,
                                                headers: [.contentType: "application/json", HTTPField.Name("X-Forwarded-For")!: address],
                                                body: body(NotesAPI.LoginRequest(username: "mallory", authKey: TestUser().authKey)))
        return Int(response.status.code)
    }

    @Test("behind a trusted proxy one client's failed logins lock out that client only", arguments: Backend.available)
    func trustedProxy(backend: Backend) async throws {
        try await withLiveApp(backend, trusting: ["127.0.0.1"]) { client async throws in
            for _ in 0..<3 { #expect(try await Self.failedLogin(client, from: "203.0.113.5") == 401) }
            #expect(try await Self.failedLogin(client, from: "203.0.113.5") == 429)
            #expect(try await Self.failedLogin(client, from: "203.0.113.6") == 401)
        }
    }

    @Test("behind a proxy that writes IP:port, clients still count apart: one client's failed logins do not lock out another", arguments: Backend.available)
    func trustedProxyWithPorts(backend: Backend) async throws {
        try await withLiveApp(backend, trusting: ["127.0.0.1"]) { client async throws in
            // Before, an entry with a port was no address, so every client counted as the proxy itself.
            for port in 0..<3 { #expect(try await Self.failedLogin(client, from: "203.0.113.5:\(40000 + port)") == 401) }
            #expect(try await Self.failedLogin(client, from: "203.0.113.5:40009") == 429)
            #expect(try await Self.failedLogin(client, from: "203.0.113.6:40000") == 401)
            #expect(try await Self.failedLogin(client, from: "[2001:db8::6]:40000") == 401)
        }
    }

    @Test("an untrusted peer's X-Forwarded-For is ignored: changing it does not escape the limit", arguments: Backend.available)
    func untrustedPeer(backend: Backend) async throws {
        try await withLiveApp(backend, trusting: ["10.9.9.9"]) { client async throws in
            for i in 0..<3 { #expect(try await Self.failedLogin(client, from: "203.0.113.\(i)") == 401) }
            #expect(try await Self.failedLogin(client, from: "203.0.113.99") == 429)
        }
    }
}
