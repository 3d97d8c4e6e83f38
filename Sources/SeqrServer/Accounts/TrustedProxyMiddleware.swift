import HTTPTypes
import Hummingbird

/// Sets the request's client address from `X-Forwarded-For` when the peer is a trusted proxy;
/// first in the chain, so rate limits and the access log see the real client.
struct TrustedProxyMiddleware: RouterMiddleware {
    typealias Context = SeqrRequestContext
    let proxies: TrustedProxies
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let header = request.headers[values: Self.forwardedFor]
        guard !header.isEmpty, let client = proxies.clientAddress(peer: context.remoteAddress?.ipAddress, forwardedFor: header) else {
            return try await next(request, context)
        }
        var context = context
        context.forwardedClient = client
        return try await next(request, context)
    }
}
