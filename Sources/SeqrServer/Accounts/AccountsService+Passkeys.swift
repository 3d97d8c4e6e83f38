import Foundation
import Hummingbird
import SeqrCore

/// Passkeys (WebAuthn with the PRF extension): a signed-in account registers one, with the
/// account key wrapped under the passkey's PRF output; anyone may then sign in to that account
/// with an assertion the server verifies (``WebAuthnRelyingParty``), and receives a session and
/// that wrapped key — which only the passkey's PRF output opens. Off (404) without `--origin`.
extension AccountsService {
    func addPasskeyRoutes(to v1: RouterGroup<SeqrRequestContext>, signedIn: RouterGroup<SeqrRequestContext>) {
        signedIn.post("account/passkeys/options", use: passkeyCreationOptions)
        signedIn.post("account/passkeys", use: addPasskey)
        v1.post("passkey-sessions/options", use: passkeyRequestOptions)
        v1.post("passkey-sessions", use: passkeySignIn)
    }

    /// The PRF salt's domain: `"seqr-passkey-prf-v1" 0x00` comes before it in the PRF input (docs/formats/notes.md).
    static let passkeyDecoyPrefix = "seqr-passkey-prf-v1\u{0}"

    private func relyingParty() throws -> WebAuthnRelyingParty {
        guard let party = settings.relyingParty else {
            throw APIError(.notFound, "passkeys_off", "this server has no --origin, so it does not offer passkeys")
        }
        return party
    }

    private func passkeyStore() throws -> any PasskeyRepository {
        guard let store = repository as? any PasskeyRepository else {
            throw APIError(.notFound, "passkeys_off", "this server's storage does not keep passkeys")
        }
        return store
    }

    private static func decodeField(_ text: String, _ name: String, limit: Int = 16 * 1024) throws -> Data {
        guard text.utf8.count <= limit * 4 / 3 + 4, let bytes = Base64URL.decode(text), !bytes.isEmpty else {
            throw APIError.badRequest("\(name) must be base64url without padding")
        }
        return bytes
    }

    /// The one refusal for any assertion that does not verify: which check failed is logged, not answered.
    static let passkeyRefused = APIError(.unauthorized, "passkey_refused", "this passkey's answer does not verify for this account")

    @Sendable func passkeyCreationOptions(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let party = try relyingParty()
        let store = try passkeyStore()
        let account = context.account!
        guard let key = try await repository.accountKey(owner: account.id) else { throw Self.noAccountKey }
        guard let salt = Data(base64Encoded: key.noteKDF.salt) else { throw APIError.badRequest("the account's noteKDF salt is not base64") }
        let (id, challenge) = passkeyChallenges.issue(for: .create(account: account.id))
        let userID = withUnsafeBytes(of: account.id.uuid) { Data($0) }
        return try JSONBody.response(NotesAPI.PasskeyCreationOptions(
            challengeID: id, challenge: Base64URL.encode(challenge), rpID: party.id, userID: Base64URL.encode(userID),
            username: account.username, prfSalt: Base64URL.encode(salt),
            excludeCredentials: try await store.passkeyIDs(owner: account.id).map { Base64URL.encode($0) },
            algorithms: COSEPublicKey.supportedAlgorithms.map { Int($0) }))
    }

    @Sendable func addPasskey(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let party = try relyingParty()
        let store = try passkeyStore()
        let account = context.account!
        let body = try await JSONBody.decode(NotesAPI.NewPasskey.self, request, limit: Self.maxBody)
        let credentialID = try Self.decodeField(body.credentialID, "credentialID")
        let method = NotesAPI.NewUnlockMethod(kind: .passkey, id: Base64URL.encode(credentialID), wrappedKey: body.wrappedKey)
        guard method.id == body.credentialID, NotesAPI.isValidUnlockMethodID(method.id) else {
            throw APIError.badRequest("credentialID must be 1–96 bytes in canonical base64url")
        }
        try Self.checkMethod(method, kind: .passkey)
        guard let challenge = passkeyChallenges.take(body.challengeID, for: .create(account: account.id)) else {
            throw APIError(.badRequest, "challenge_expired", "the passkey challenge is unknown, used or expired: start again")
        }
        let registration: WebAuthnRelyingParty.Registration
        do {
            registration = try party.verifyRegistration(
                credentialID: credentialID, clientDataJSON: try Self.decodeField(body.clientDataJSON, "clientDataJSON"),
                attestationObject: try Self.decodeField(body.attestationObject, "attestationObject"), challenge: challenge)
        } catch let error as WebAuthnError {
            context.logger.notice("passkey registration refused", metadata: ["reason": "\(error)"])
            throw APIError(.badRequest, "passkey_refused", "the passkey's registration does not verify: \(error)")
        }
        let now = Date()
        let record = Self.record(method, owner: account.id, at: now)
        do {
            try await store.addPasskey(PasskeyRecord(accountID: account.id, credentialID: credentialID, methodID: method.id,
                                                     publicKey: registration.publicKey.bytes, signCount: registration.signCount, createdAt: now),
                                       method: record, limit: NotesAPI.maximumUnlockMethods)
        } catch RepositoryError.noAccountKey {
            throw Self.noAccountKey
        } catch RepositoryError.unlockMethodExists {
            throw APIError(.conflict, "unlock_method_exists", "this passkey is registered already")
        } catch RepositoryError.tooManyUnlockMethods(let limit) {
            throw APIError(.conflict, "too_many_unlock_methods", "an account has at most \(limit) unlock methods; remove one first")
        }
        context.logger.info("passkey added", metadata: ["account": "\(account.id)"])
        return try JSONBody.response(record.api, status: .created)
    }

    @Sendable func passkeyRequestOptions(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let party = try relyingParty()
        _ = try passkeyStore()
        let body = try await JSONBody.decode(NotesAPI.PasskeyRequestOptionsRequest.self, request, limit: Self.maxBody)
        guard NotesAPI.isValidUsername(body.username) else { throw APIError.badRequest("username must be 3–64 letters, digits or . _ - @") }
        var salt: Data?
        if let account = try await repository.account(username: body.username), let key = try await repository.accountKey(owner: account.id) {
            salt = Data(base64Encoded: key.noteKDF.salt)
        }
        // Unknown names (and accounts without a key) get a decoy, stable per name: the answer tells nothing.
        let prfSalt: Data
        if let salt { prfSalt = salt } else {
            prfSalt = DecoyKDFKey.salt(for: Self.passkeyDecoyPrefix + body.username, key: try await decoyKey.key(from: repository))
        }
        let (id, challenge) = passkeyChallenges.issue(for: .get(username: body.username))
        return try JSONBody.response(NotesAPI.PasskeyRequestOptions(challengeID: id, challenge: Base64URL.encode(challenge), rpID: party.id,
                                                                    prfSalt: Base64URL.encode(prfSalt)))
    }

    @Sendable func passkeySignIn(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let party = try relyingParty()
        let store = try passkeyStore()
        let body = try await JSONBody.decode(NotesAPI.PasskeySignIn.self, request, limit: Self.maxBody)
        guard NotesAPI.isValidUsername(body.username) else { throw APIError.badRequest("username must be 3–64 letters, digits or . _ - @") }
        let credentialID = try Self.decodeField(body.credentialID, "credentialID")
        let clientData = try Self.decodeField(body.clientDataJSON, "clientDataJSON")
        let authenticatorData = try Self.decodeField(body.authenticatorData, "authenticatorData")
        let signature = try Self.decodeField(body.signature, "signature")
        // Failed assertions count against the same limits as failed passwords.
        let address = context.clientAddress
        if let wait = try await limiter.attempt(account: body.username, address: address) {
            ServerMetrics.refused(.loginRate)
            throw APIError(.tooManyRequests, "rate_limited", "too many failed sign-ins; try again in \(wait) s", retryAfter: wait)
        }
        func refuse(_ reason: String) -> APIError {
            context.logger.notice("passkey sign-in refused", metadata: ["reason": "\(reason)"])
            ServerMetrics.loginFailures.increment()
            return Self.passkeyRefused
        }
        guard let challenge = passkeyChallenges.take(body.challengeID, for: .get(username: body.username)) else { throw refuse("challenge") }
        guard let account = try await repository.account(username: body.username),
              let passkey = try await store.passkey(credentialID: credentialID), passkey.accountID == account.id else { throw refuse("credential") }
        let assertion: WebAuthnRelyingParty.Assertion
        do {
            assertion = try party.verifyAssertion(clientDataJSON: clientData, authenticatorData: authenticatorData, signature: signature,
                                                  challenge: challenge, publicKey: try COSEPublicKey(cose: passkey.publicKey),
                                                  storedSignCount: passkey.signCount)
        } catch {
            throw refuse("\(error)")
        }
        if assertion.signCount != passkey.signCount,
           try await !store.updateSignCount(credentialID: credentialID, from: passkey.signCount, to: assertion.signCount) {
            throw refuse("sign count raced")
        }
        guard let key = try await repository.accountKey(owner: account.id),
              let method = key.methods.first(where: { $0.kind == .passkey && $0.id == passkey.methodID }) else { throw refuse("no wrapped key") }
        try await limiter.succeeded(account: body.username, address: address)
        let (token, hash) = SessionToken.generate()
        let now = Date()
        let expires = now.addingTimeInterval(settings.sessionLifetime)
        try await repository.createSession(SessionRecord(tokenHash: hash, accountID: account.id, createdAt: now, expiresAt: expires))
        context.logger.info("passkey sign-in", metadata: ["account": "\(account.id)"])
        let session = NotesAPI.SessionResponse(token: token, expiresAt: expires, username: account.username, kdf: account.kdf,
                                               plan: AccountPlans.name(of: account))
        return try JSONBody.response(NotesAPI.PasskeySessionResponse(session: session, noteKDF: key.noteKDF, method: method.api))
    }
}
