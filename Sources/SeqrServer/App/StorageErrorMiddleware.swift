import Hummingbird

/// The database's "try again later" as the answer it is — 503 with `Retry-After` — right where a
/// handler throws it, inside the metrics middleware: Hummingbird's metrics count any error that is
/// not an HTTP error as a 500, and so did they count a PostgreSQL that did not answer.
struct StorageErrorMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch RepositoryError.unavailable {
            throw APIError.storageUnavailable
        }
    }
}
