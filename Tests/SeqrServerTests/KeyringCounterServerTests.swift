import Foundation
import Hummingbird
import HummingbirdTesting
@testable import SeqrServer
import Testing

/// A browser keyring's counter kept with the account (issue 47; docs/formats/web-keyring.md): the
/// server stores the page's sealed bytes per account and keyring id and hands them back to that
/// account only; a 17th keyring replaces the one saved longest ago; malformed input is refused.
@Suite("seqr-server keyring counters")
struct KeyringCounterServerTests {
    struct Counter: Codable { var sealed: Data; var updatedAt: Date? = nil }

    static func save(_ sealed: Data, keyring: String, _ user: TestUser, _ client: any TestClientProtocol) async throws -> HTTPResponse.Status {
        try await client.execute(uri: "/v1/account/keyrings/\(keyring)", method: .put, headers: user.auth, body: body(Counter(sealed: sealed))).status
    }

    static func read(keyring: String, _ user: TestUser, _ client: any TestClientProtocol) async throws -> (HTTPResponse.Status, Data?) {
        let response = try await client.execute(uri: "/v1/account/keyrings/\(keyring)", method: .get, headers: user.auth)
        guard response.status == .ok else { return (response.status, nil) }
        return (response.status, try decode(Counter.self, response).sealed)
    }

    static func keyringID() -> String { (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined() }
    static func sealed(_ fill: UInt8) -> Data { Data(repeating: fill, count: 36) }

    @Test("a saved counter is read back by its account alone, the newest in place of the last; another account's keyring of the same id is its own",
          arguments: Backend.available)
    func savedAndReadBack(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser(), bob = TestUser()
            try await client.register(&alice)
            try await client.register(&bob)
            let phone = Self.keyringID(), laptop = Self.keyringID()
            #expect(try await Self.read(keyring: phone, alice, client).0 == .notFound)
            #expect(try await Self.save(Self.sealed(1), keyring: phone, alice, client) == .noContent)
            #expect(try await Self.save(Self.sealed(2), keyring: laptop, alice, client) == .noContent)
            #expect(try await Self.save(Self.sealed(3), keyring: phone, alice, client) == .noContent)
            #expect(try await Self.read(keyring: phone, alice, client) == (.ok, Self.sealed(3)))
            #expect(try await Self.read(keyring: laptop, alice, client) == (.ok, Self.sealed(2)))
            // Bob never sees Alice's, and his own of the same id does not touch hers.
            #expect(try await Self.read(keyring: phone, bob, client).0 == .notFound)
            #expect(try await Self.save(Self.sealed(9), keyring: phone, bob, client) == .noContent)
            #expect(try await Self.read(keyring: phone, alice, client) == (.ok, Self.sealed(3)))
            // Signed out, nothing.
            #expect(try await client.execute(uri: "/v1/account/keyrings/\(phone)", method: .get, headers: [:]).status == .unauthorized)
        }
    }

    @Test("an id that is not 32 lowercase hex digits is 404, sealed bytes outside 12–254 or not base64 are 400; nothing is stored",
          arguments: Backend.available)
    func malformedRefused(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let id = Self.keyringID()
            for bad in [id.uppercased(), String(id.dropLast()), id + "0", "../" + String(id.dropFirst(3))] {
                #expect(try await Self.save(Self.sealed(1), keyring: bad, alice, client) == .notFound, "\(bad)")
            }
            #expect(try await Self.save(Data(count: 11), keyring: id, alice, client) == .badRequest)
            #expect(try await Self.save(Data(count: 255), keyring: id, alice, client) == .badRequest)
            let notBase64 = ByteBuffer(string: #"{"sealed":"not base64!"}"#)
            #expect(try await client.execute(uri: "/v1/account/keyrings/\(id)", method: .put, headers: alice.auth, body: notBase64).status == .badRequest)
            #expect(try await Self.read(keyring: id, alice, client).0 == .notFound)
            #expect(try await Self.save(Data(count: 12), keyring: id, alice, client) == .noContent)
            #expect(try await Self.save(Data(count: 254), keyring: id, alice, client) == .noContent)
        }
    }

    @Test("an account keeps 16 keyrings' counters: a 17th replaces the one saved longest ago, and saving a known one never does",
          arguments: Backend.available)
    func sixteenKept(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = TestUser()
            try await client.register(&alice)
            let ids = (0..<17).map { _ in Self.keyringID() }
            for (n, id) in ids.prefix(16).enumerated() {
                #expect(try await Self.save(Self.sealed(UInt8(n)), keyring: id, alice, client) == .noContent)
                try await Task.sleep(for: .milliseconds(5))  // distinct save times
            }
            // The oldest saved again is the newest now: the second becomes the oldest.
            #expect(try await Self.save(Self.sealed(100), keyring: ids[0], alice, client) == .noContent)
            try await Task.sleep(for: .milliseconds(5))
            #expect(try await Self.save(Self.sealed(16), keyring: ids[16], alice, client) == .noContent)
            #expect(try await Self.read(keyring: ids[1], alice, client).0 == .notFound)
            #expect(try await Self.read(keyring: ids[0], alice, client) == (.ok, Self.sealed(100)))
            for (n, id) in ids.enumerated() where n >= 2 {
                #expect(try await Self.read(keyring: id, alice, client) == (.ok, Self.sealed(UInt8(n))))
            }
        }
    }
}
