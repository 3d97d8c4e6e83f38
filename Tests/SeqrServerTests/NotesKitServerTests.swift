import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCore
@testable import SeqrServer
import SeqrTestSupport
import Testing

/// The paper emergency kit on the server (docs/formats/notes.md, "Paper emergency kit"): printing
/// a kit proves the password and revokes the older kit; a kit signs in without the password and
/// sets a new one (no note written); the server keeps only a wrapped key and a verifier, and a
/// wrapped key it swaps does not open.
@Suite("seqr-server notes kit")
struct NotesKitServerTests {
    typealias KeyUser = AccountKeyServerTests.KeyUser
    static let json = AccountKeyServerTests.json

    static func printKit(_ kit: NotesKitKey, for user: KeyUser, authKey: String? = nil, _ client: any TestClientProtocol) async throws -> HTTPResponse.Status {
        let request = NotesAPI.ReplaceKitRequest(authKey: authKey ?? user.user.authKey, kit: kit.unlockMethod(for: user.accountKey, username: user.name))
        return try await client.execute(uri: "/v1/account/kit", method: .put, headers: user.auth, body: body(request)).status
    }

    static func kitLogin(_ kit: NotesKitKey, username: String, _ client: any TestClientProtocol) async throws -> (HTTPResponse.Status, String?) {
        let response = try await client.execute(uri: "/v1/sessions/kit", method: .post, headers: json,
                                                body: body(NotesAPI.KitLoginRequest(username: username, kitAuthKey: kit.authenticationToken)))
        guard response.status == .ok else { return (response.status, nil) }
        return (response.status, try decode(NotesAPI.SessionResponse.self, response).token)
    }

    @Test("a kit signs in without the password and opens the account key; a new kit revokes the old one; a kit is printed only with the password",
          arguments: Backend.available)
    func kitSignInAndRevocation(backend: Backend) async throws {
        try await backend.withApp { client, _, _ in
            var alice = KeyUser()
            try await AccountKeyServerTests.register(&alice, client)
            let old = NotesKitKey.random()
            // A kit is a way in without the password: a session token alone cannot plant one.
            #expect(try await Self.printKit(old, for: alice, authKey: TestUser().authKey, client) == .unauthorized)
            let viaUnlockMethods = try await client.execute(uri: "/v1/account/unlock-methods", method: .post, headers: alice.auth,
                                                            body: body(old.unlockMethod(for: alice.accountKey, username: alice.name)))
            #expect(viaUnlockMethods.status == .badRequest)
            #expect(try await Self.kitLogin(old, username: alice.name, client).0 == .unauthorized)
            var badID = old.unlockMethod(for: alice.accountKey, username: alice.name)
            badID.id = UUIDText.lowercase(UUID())
            #expect(try await client.execute(uri: "/v1/account/kit", method: .put, headers: alice.auth,
                                             body: body(NotesAPI.ReplaceKitRequest(authKey: alice.user.authKey, kit: badID))).status == .badRequest)

            #expect(try await Self.printKit(old, for: alice, client) == .created)
            let (status, token) = try await Self.kitLogin(old, username: alice.name, client)
            #expect(status == .ok)
            let kitAuth: HTTPFields = [.authorization: "Bearer \(try #require(token))", .contentType: "application/json"]
            let list = try await AccountKeyServerTests.methods(kitAuth, client)
            #expect(list.methods.map(\.kind) == [.password, .kit] && list.methods[1].id == old.methodID)
            #expect(keyBytes(try old.accountKey(from: list, username: alice.name).key) == keyBytes(alice.accountKey.key))
            // Another kit's key, or this kit at another account, signs nothing in.
            #expect(try await Self.kitLogin(NotesKitKey.random(), username: alice.name, client).0 == .unauthorized)
            var bob = KeyUser()
            try await AccountKeyServerTests.register(&bob, client)
            #expect(try await Self.kitLogin(old, username: bob.name, client).0 == .unauthorized)

            // Printing a new kit revokes the old one: its sign-in and its wrapped key are gone.
            let new = NotesKitKey.random()
            #expect(try await Self.printKit(new, for: alice, client) == .created)
            #expect(try await Self.kitLogin(old, username: alice.name, client).0 == .unauthorized)
            #expect(try await Self.kitLogin(new, username: alice.name, client).0 == .ok)
            let after = try await AccountKeyServerTests.methods(alice.auth, client)
            #expect(after.methods.map(\.kind) == [.password, .kit] && after.methods[1].id == new.methodID)
            #expect(throws: NotesKitError.kitNotOnAccount) { try old.accountKey(from: after, username: alice.name) }
            // Removing the kit (unlock remove) revokes it too.
            #expect(try await client.execute(uri: "/v1/account/unlock-methods/\(new.methodID)", method: .delete, headers: alice.auth).status == .noContent)
            #expect(try await Self.kitLogin(new, username: alice.name, client).0 == .unauthorized)
        }
    }

    @Test("kit sign-ins count against the password logins' limit: after the failures it allows, even the right kit waits", arguments: Backend.available)
    func kitLoginsAreRateLimited(backend: Backend) async throws {
        var settings = AccountsService.Settings.testing
        settings.loginLimits = .init(perAccountFromAddress: 3, perAddress: 100)
        try await backend.withApp(settings: settings) { client, _, _ in
            var alice = KeyUser()
            try await AccountKeyServerTests.register(&alice, client)
            let kit = NotesKitKey.random()
            #expect(try await Self.printKit(kit, for: alice, client) == .created)
            // Two failed password logins and one failed kit sign-in: one counter.
            for _ in 0..<2 {
                let wrong = NotesAPI.LoginRequest(username: alice.name, authKey: TestUser().authKey)
                #expect(try await client.execute(uri: "/v1/sessions", method: .post, headers: Self.json, body: body(wrong)).status == .unauthorized)
            }
            #expect(try await Self.kitLogin(NotesKitKey.random(), username: alice.name, client).0 == .unauthorized)
            #expect(try await Self.kitLogin(kit, username: alice.name, client).0 == .tooManyRequests)
        }
    }

    @Test("a kit sets a new password: the key rewrapped, no note written, other sessions ended; the old password refused, the kit still works",
          arguments: Backend.available)
    func kitResetsPassword(backend: Backend) async throws {
        try await backend.withApp { client, repository, path in
            var alice = KeyUser()
            try await AccountKeyServerTests.register(&alice, client)
            for text in ["one", "two", "three"] {
                #expect(try await client.execute(uri: "/v1/notes", method: .post, headers: alice.auth,
                                                 body: body(NotesAPI.NoteWrite(note: alice.note(text)))).status == .created)
            }
            let kit = NotesKitKey.random()
            #expect(try await Self.printKit(kit, for: alice, client) == .created)
            let sql = RawSQL(backend: backend, repository: repository, path: path)
            let owner = try #require(try await repository.account(username: alice.name)).id
            let before = try await AccountKeyServerTests.noteRows(sql, owner: owner)

            let token = try #require(try await Self.kitLogin(kit, username: alice.name, client).1)
            let kitAuth: HTTPFields = [.authorization: "Bearer \(token)", .contentType: "application/json"]
            let accountKey = try kit.accountKey(from: try await AccountKeyServerTests.methods(kitAuth, client), username: alice.name)
            let newKDF = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
            let newKeys = try AccountKeys(password: "the heir's new password", parameters: newKDF)
            func reset(_ kitAuthKey: String) async throws -> HTTPResponse.Status {
                let request = NotesAPI.KitPasswordResetRequest(kitAuthKey: kitAuthKey, newAuthKey: newKeys.authenticationToken, newKDF: newKDF,
                                                               password: .password(accountKey, keys: newKeys, username: alice.name))
                return try await client.execute(uri: "/v1/account/password/kit", method: .put, headers: kitAuth, body: body(request)).status
            }
            // A session token without the kit does not change the password.
            #expect(try await reset(NotesKitKey.random().authenticationToken) == .unauthorized)
            #expect(try await reset(kit.authenticationToken) == .noContent)
            #expect(try await AccountKeyServerTests.noteRows(sql, owner: owner) == before)
            #expect(try await client.execute(uri: "/v1/notes", method: .get, headers: alice.auth).status == .unauthorized)
            let oldLogin = NotesAPI.LoginRequest(username: alice.name, authKey: alice.user.authKey)
            #expect(try await client.execute(uri: "/v1/sessions", method: .post, headers: Self.json, body: body(oldLogin)).status == .unauthorized)
            let newLogin = NotesAPI.LoginRequest(username: alice.name, authKey: newKeys.authenticationToken)
            #expect(try await client.execute(uri: "/v1/sessions", method: .post, headers: Self.json, body: body(newLogin)).status == .ok)
            // Every note opens under the key the new password unwraps.
            let list = try await AccountKeyServerTests.methods(kitAuth, client)
            let unwrapped = try #require(try list.accountKey(password: newKeys, username: alice.name))
            let notes = try decode(NotesAPI.NoteList.self, try await client.execute(uri: "/v1/notes", method: .get, headers: kitAuth)).notes
            #expect(try notes.map { try NoteCipher(password: "").withAccountKey(unwrapped).open($0).info }.sorted() == ["one", "three", "two"])
            #expect(try await Self.kitLogin(kit, username: alice.name, client).0 == .ok)
        }
    }

    @Test("a kit's wrapped key the server swaps (another account's kit, or relabelled) does not open", arguments: Backend.available)
    func swappedKitKeyFailsToOpen(backend: Backend) async throws {
        try await backend.withApp { client, repository, path in
            var alice = KeyUser()
            try await AccountKeyServerTests.register(&alice, client)
            var bob = KeyUser()
            try await AccountKeyServerTests.register(&bob, client)
            // One kit key for both (as a server might hope): only the binding tells the wrapped keys apart.
            let kit = NotesKitKey.random()
            #expect(try await Self.printKit(kit, for: alice, client) == .created)
            #expect(try await Self.printKit(kit, for: bob, client) == .created)
            let sql = RawSQL(backend: backend, repository: repository, path: path)
            let aliceID = UUIDText.lowercase(try #require(try await repository.account(username: alice.name)).id)
            let bobID = UUIDText.lowercase(try #require(try await repository.account(username: bob.name)).id)
            func open() async throws -> AccountKey { try kit.accountKey(from: try await AccountKeyServerTests.methods(alice.auth, client), username: alice.name) }
            #expect(keyBytes(try await open().key) == keyBytes(alice.accountKey.key))
            // Bob's kit's wrapped key, under the same kit key and id, in Alice's row.
            try await sql.execute("""
                UPDATE unlock_method SET wrapped_key = (SELECT wrapped_key FROM unlock_method WHERE account_id = '\(bobID)' AND kind = 'kit')
                WHERE account_id = '\(aliceID)' AND kind = 'kit'
                """)
            await #expect(throws: NotesKitError.wrappedKeyDoesNotOpen) { try await open() }
            // Alice's password's wrapped key served as her kit's.
            try await sql.execute("""
                UPDATE unlock_method SET wrapped_key = (SELECT wrapped_key FROM unlock_method WHERE account_id = '\(aliceID)' AND kind = 'password')
                WHERE account_id = '\(aliceID)' AND kind = 'kit'
                """)
            await #expect(throws: NotesKitError.wrappedKeyDoesNotOpen) { try await open() }
        }
    }
}
