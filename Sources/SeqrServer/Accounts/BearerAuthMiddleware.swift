import Foundation
import Hummingbird

/// Resolves `Authorization: Bearer` to a live session and its account, or answers 401.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext
    let repository: any AccountRepository
    let sessions: SessionCache

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = SessionToken.fromHeader(request.headers[.authorization]) else { throw APIError.unauthorized }
        let hash = SessionToken.hash(token)
        let now = Date()
        let account: AccountRecord
        if let cached = sessions.account(for: hash, now: now) {
            account = cached
        } else {
            let generation = sessions.generation
            guard let (session, stored) = try await repository.signedInAccount(tokenHash: hash, now: now) else { throw APIError.unauthorized }
            sessions.store(stored, for: session, now: now, readAt: generation)
            account = stored
        }
        var context = context
        context.signedIn = SignedInSession(account: account, tokenHash: hash)
        // For the info lines handlers write (account created, password changed, …); setting it
        // copies the logger's storage, so not when those lines are off.
        if context.logger.logLevel <= .info { context.logger[metadataKey: "account"] = "\(account.id)" }
        return try await next(request, context)
    }
}
