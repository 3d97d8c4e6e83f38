import Crypto
import Foundation
import Hummingbird
import SeqrCore

/// The paper emergency kit's routes (docs/formats/notes.md, "Paper emergency kit"): print a kit
/// (replacing the old one), sign in with a kit, and set a new password proving a kit. The server
/// keeps a kit's wrapped account key and its verifier (the method id, SHA-256 of the kit's
/// authentication key); it never sees the kit key, its wrapping key or the account key.
extension AccountsService {
    func addKitRoutes(to v1: RouterGroup<SeqrRequestContext>, signedIn: RouterGroup<SeqrRequestContext>) {
        v1.post("sessions/kit", use: kitLogin)
        signedIn.put("account/kit", use: replaceKit)
        signedIn.put("account/password/kit", use: resetPasswordWithKit)
    }

    /// Prints a kit: the password is proved (a stolen session token alone cannot plant a kit,
    /// which would be a way in that outlives the session), then every older kit is replaced.
    @Sendable func replaceKit(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.ReplaceKitRequest.self, request, limit: Self.maxBody)
        try Self.checkMethod(body.kit, kind: .kit)
        guard NotesKitKey.isKitMethodID(body.kit.id) else {
            throw APIError.badRequest("a kit's id is its verifier: 43 base64url characters (SHA-256 of its authentication key)")
        }
        let account = try await authenticate(username: context.account!.username, authKey: body.authKey, context: context)
        let record = Self.record(body.kit, owner: account.id, at: Date())
        do {
            try await repository.replaceKit(record, limit: NotesAPI.maximumUnlockMethods)
        } catch RepositoryError.noAccountKey {
            throw Self.noAccountKey
        } catch RepositoryError.tooManyUnlockMethods(let limit) {
            throw APIError(.conflict, "too_many_unlock_methods", "an account has at most \(limit) unlock methods; remove one first")
        }
        context.logger.info("notes kit replaced", metadata: ["account": "\(account.id)"])
        return try JSONBody.response(record.api, status: .created)
    }

    @Sendable func kitLogin(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.KitLoginRequest.self, request, limit: Self.maxBody)
        let account = try await authenticateKit(username: body.username, kitAuthKey: body.kitAuthKey, context: context)
        return try await startSession(for: account, status: .ok)
    }

    /// A new password for an account whose password is lost: the kit is proved again (a session
    /// token alone does not change a password), the password's wrapped copy replaced, no note
    /// touched, every other session ended. The kit stays valid.
    @Sendable func resetPasswordWithKit(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await JSONBody.decode(NotesAPI.KitPasswordResetRequest.self, request, limit: Self.maxBody)
        try Self.checkAuthKey(body.newAuthKey)
        try Self.checkKDF(body.newKDF)
        try Self.checkMethod(body.password, kind: .password)
        let account = try await authenticateKit(username: context.account!.username, kitAuthKey: body.kitAuthKey, context: context)
        guard let key = try await repository.accountKey(owner: account.id) else { throw Self.noAccountKey }
        guard body.newKDF.salt != key.noteKDF.salt else { throw APIError.badRequest("the new password needs a salt other than the account key's label") }
        let hash = try await hashing.run { try await settings.hasher.hash(body.newAuthKey) }
        try await repository.replacePassword(owner: account.id, authHash: hash, kdf: body.newKDF,
                                             password: Self.record(body.password, owner: account.id, at: Date()), keepSession: context.sessionHash!)
        await revokeCachedSessions(of: account.id)
        context.logger.info("password reset with a notes kit", metadata: ["account": "\(account.id)"])
        return Response(status: .noContent)
    }

    /// Checks a kit's authentication key against the account's kit verifiers, in constant time.
    /// Failures count against the same limits as password logins (``LoginRateLimiter``) and
    /// answer the same `wrong_credentials`, whether the name, the kit or its revocation is at fault.
    func authenticateKit(username: String, kitAuthKey: String, context: SeqrRequestContext) async throws -> AccountRecord {
        guard let authKey = Data(base64Encoded: kitAuthKey), authKey.count == 32 else {
            throw APIError.badRequest("kitAuthKey must be 32 bytes of base64")
        }
        let address = context.clientAddress
        if let wait = try await limiter.attempt(account: username, address: address) {
            ServerMetrics.refused(.loginRate)
            throw APIError(.tooManyRequests, "rate_limited", "too many failed logins; try again in \(wait) s", retryAfter: wait)
        }
        let account = NotesAPI.isValidUsername(username) ? try await repository.account(username: username) : nil
        var kits: [UnlockMethodRecord] = []
        if let account { kits = try await repository.accountKey(owner: account.id)?.methods.filter { $0.kind == .kit } ?? [] }
        let verifier = Array(NotesKitKey.methodID(authenticationKey: authKey).utf8)
        // Every kit is compared whole (there is at most one): no early exit on the first differing byte or kit.
        let matches = kits.reduce(false) { found, kit in Self.constantTimeEqual(Array(kit.id.utf8), verifier) || found }
        guard let account, matches else {
            context.logger.notice("kit login failed")
            ServerMetrics.loginFailures.increment()
            throw APIError(.unauthorized, "wrong_credentials", "wrong username or kit, or a kit this account no longer has")
        }
        try await limiter.succeeded(account: username, address: address)
        return account
    }

    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
