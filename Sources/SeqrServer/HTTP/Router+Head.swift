import Hummingbird

extension Router where Context == SeqrRequestContext {
    /// `GET path`, and `HEAD path` answered as the GET is — status and every header (the security
    /// headers, Content-Type, Content-Length, ETag) — without the body (RFC 9110 §9.3.2). For
    /// pages, files and `/health`, whose handler does nothing a missing body would leave undone;
    /// never for the live feed, whose body holds its stream's place until written.
    func getAndHead(_ path: RouterPath, use handler: @escaping @Sendable (Request, Context) async throws -> Response) {
        get(path, use: handler)
        head(path) { request, context in
            do {
                return try await handler(request, context).createHeadResponse()
            } catch let error as any HTTPResponseError {
                return try error.response(from: request, context: context).createHeadResponse()
            }
        }
    }
}
