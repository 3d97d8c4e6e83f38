import Crypto
import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCore
@testable import SeqrServer
import SeqrTestSupport
import Testing

/// Passkeys on the server (docs/formats/notes.md "Passkeys"): a registration stores the
/// credential and the account key wrapped under its PRF output; a sign-in with a verified
/// assertion opens a session and hands that wrapped key back; a forged, replayed, misdirected or
/// unverified assertion opens nothing. Over SQLite and PostgreSQL.
@Suite("seqr-server passkeys")
struct PasskeyServerTests {
    static let origin = "http://localhost:8080"
    static var settings: AccountsService.Settings {
        var settings = AccountsService.Settings.testing
        settings.relyingParty = try! WebAuthnRelyingParty(origin: origin)
        return settings
    }
    static let json: HTTPFields = [.contentType: "application/json"]

    /// A signed-in user with an account key and a registered passkey, whose PRF output is `prf`.
    struct PasskeyUser {
        var user = AccountKeyServerTests.KeyUser()
        var authenticator = SoftwareAuthenticator()
        let prf = SymmetricKey(size: .bits256)
        var name: String { user.name }
        var wrappedKey: Data {
            user.accountKey.wrapped(under: prf, username: name, kind: .passkey, methodID: authenticator.credentialIDText).bytes
        }
    }

    static func creationOptions(_ auth: HTTPFields, _ client: any TestClientProtocol) async throws -> NotesAPI.PasskeyCreationOptions {
        let response = try await client.execute(uri: "/v1/account/passkeys/options", method: .post, headers: auth)
        #expect(response.status == .ok)
        return try decode(NotesAPI.PasskeyCreationOptions.self, response)
    }

    static func requestOptions(_ username: String, _ client: any TestClientProtocol) async throws -> NotesAPI.PasskeyRequestOptions {
        let response = try await client.execute(uri: "/v1/passkey-sessions/options", method: .post, headers: json,
                                                body: body(NotesAPI.PasskeyRequestOptionsRequest(username: username)))
        #expect(response.status == .ok)
        return try decode(NotesAPI.PasskeyRequestOptions.self, response)
    }

    static func registered(_ client: any TestClientProtocol) async throws -> PasskeyUser {
        var passkey = PasskeyUser()
        try await AccountKeyServerTests.register(&passkey.user, client)
        let options = try await creationOptions(passkey.user.auth, client)
        let response = try await client.execute(uri: "/v1/account/passkeys", method: .post, headers: passkey.user.auth,
                                                body: body(passkey.authenticator.register(options, origin: origin, wrappedKey: passkey.wrappedKey)))
        #expect(response.status == .created)
        return passkey
    }

    static func signIn(_ request: NotesAPI.PasskeySignIn, _ client: any TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: "/v1/passkey-sessions", method: .post, headers: json, body: body(request))
    }

    @Test("register a passkey, then sign in with it: a session, and the wrapped key that its PRF output opens to the account key", arguments: Backend.available)
    func registerAndSignIn(backend: Backend) async throws {
        try await backend.withApp(settings: Self.settings) { client, _, _ in
            var passkey = try await Self.registered(client)
            let list = try await AccountKeyServerTests.methods(passkey.user.auth, client)
            #expect(list.methods.map(\.kind) == [.password, .passkey])
            #expect(list.methods[1].id == passkey.authenticator.credentialIDText)

            let options = try await Self.requestOptions(passkey.name, client)
            #expect(Base64URL.decode(options.prfSalt) == Data(base64Encoded: passkey.user.accountKey.noteKDF.salt), "the PRF salt is the account's noteKDF salt")
            #expect(options.rpID == "localhost")
            let response = try await Self.signIn(try passkey.authenticator.assert(options, username: passkey.name, origin: Self.origin), client)
            #expect(response.status == .ok)
            let answer = try decode(NotesAPI.PasskeySessionResponse.self, response)
            #expect(answer.noteKDF == passkey.user.accountKey.noteKDF)
            let opened = try WrappedAccountKey(parsing: answer.method.wrappedKey)
                .open(wrappingKey: passkey.prf, username: passkey.name, kind: .passkey, methodID: answer.method.id)
            #expect(opened == passkey.user.accountKey.key)
            let account = try await client.execute(uri: "/v1/account", method: .get, headers: [.authorization: "Bearer \(answer.session.token)"])
            #expect(account.status == .ok)

            // A second sign-in: the counter rose, so it verifies again.
            let again = try await Self.signIn(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client),
                                                                               username: passkey.name, origin: Self.origin), client)
            #expect(again.status == .ok)
        }
    }

    @Test("a forged, replayed, misdirected, unverified or cloned assertion opens no session", arguments: Backend.available)
    func refusedAssertions(backend: Backend) async throws {
        try await backend.withApp(settings: Self.settings) { client, _, _ in
            var passkey = try await Self.registered(client)
            let other = try await Self.registered(client)
            func expectRefused(_ request: NotesAPI.PasskeySignIn, _ why: Comment) async throws {
                let response = try await Self.signIn(request, client)
                #expect(response.status == .unauthorized, why)
                #expect(String(buffer: response.body).contains("passkey_refused"), why)
            }
            // Signed by another key.
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name,
                                                                     origin: Self.origin, signer: P256.Signing.PrivateKey()), "a forged signature")
            // Replayed: the same answer a second time (its challenge is spent).
            let good = try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name, origin: Self.origin)
            #expect(try await Self.signIn(good, client).status == .ok)
            try await expectRefused(good, "a replay")
            // Another page's origin, another relying party.
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name,
                                                                     origin: "http://localhost:9999"), "another origin")
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name,
                                                                     origin: Self.origin, rpID: "evil.example"), "another relying party")
            // This passkey for another account's name (with a challenge issued for that name).
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(other.name, client), username: other.name,
                                                                     origin: Self.origin), "another account")
            // A challenge issued for another name.
            var misdirected = try passkey.authenticator.assert(try await Self.requestOptions(other.name, client), username: passkey.name, origin: Self.origin)
            misdirected.username = passkey.name
            try await expectRefused(misdirected, "a challenge for another name")
            // No user verification.
            passkey.authenticator.flags = 0x01
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name,
                                                                     origin: Self.origin), "no user verification")
            passkey.authenticator.flags = 0x05
            // A counter that went back: a cloned authenticator.
            passkey.authenticator.counter = 0
            try await expectRefused(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client), username: passkey.name,
                                                                     origin: Self.origin), "a counter that did not rise")
        }
    }

    @Test("a registration is refused when its challenge is spent or its origin another; removing the passkey's unlock method ends its sign-ins", arguments: Backend.available)
    func registrationAndRemoval(backend: Backend) async throws {
        try await backend.withApp(settings: Self.settings) { client, _, _ in
            var passkey = PasskeyServerTests.PasskeyUser()
            try await AccountKeyServerTests.register(&passkey.user, client)
            let options = try await Self.creationOptions(passkey.user.auth, client)
            let wrongOrigin = passkey.authenticator.register(options, origin: "http://localhost:9999", wrappedKey: passkey.wrappedKey)
            var response = try await client.execute(uri: "/v1/account/passkeys", method: .post, headers: passkey.user.auth, body: body(wrongOrigin))
            #expect(response.status == .badRequest)
            // The challenge went with the failed attempt.
            let spent = passkey.authenticator.register(options, origin: Self.origin, wrappedKey: passkey.wrappedKey)
            response = try await client.execute(uri: "/v1/account/passkeys", method: .post, headers: passkey.user.auth, body: body(spent))
            #expect(response.status == .badRequest)
            #expect(String(buffer: response.body).contains("challenge_expired"))
            // Fresh options: registered.
            let fresh = passkey.authenticator.register(try await Self.creationOptions(passkey.user.auth, client), origin: Self.origin, wrappedKey: passkey.wrappedKey)
            #expect(try await client.execute(uri: "/v1/account/passkeys", method: .post, headers: passkey.user.auth, body: body(fresh)).status == .created)
            #expect(try await Self.creationOptions(passkey.user.auth, client).excludeCredentials == [passkey.authenticator.credentialIDText])

            let removed = try await client.execute(uri: "/v1/account/unlock-methods/\(passkey.authenticator.credentialIDText)", method: .delete,
                                                   headers: passkey.user.auth)
            #expect(removed.status == .noContent)
            let after = try await Self.signIn(try passkey.authenticator.assert(try await Self.requestOptions(passkey.name, client),
                                                                               username: passkey.name, origin: Self.origin), client)
            #expect(after.status == .unauthorized, "a removed passkey signs in no more")
        }
    }

    @Test("without --origin passkeys are off (404); unknown names get a stable decoy PRF salt, so the options tell no name apart")
    func offAndDecoys() async throws {
        try await Backend.sqlite.withApp { client, _, _ in
            let response = try await client.execute(uri: "/v1/passkey-sessions/options", method: .post, headers: Self.json,
                                                    body: body(NotesAPI.PasskeyRequestOptionsRequest(username: "somebody")))
            #expect(response.status == .notFound)
        }
        try await Backend.sqlite.withApp(settings: Self.settings) { client, _, _ in
            let first = try await Self.requestOptions("nobody-here", client)
            let second = try await Self.requestOptions("nobody-here", client)
            #expect(first.prfSalt == second.prfSalt)
            #expect(first.challenge != second.challenge)
            #expect(Base64URL.decode(first.prfSalt)?.count == 16)
        }
    }
}
