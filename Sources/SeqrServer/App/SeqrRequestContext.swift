import Foundation
import Hummingbird
import NIOCore

/// Per-request state: the connection (for the client's address, which rate limits use) and,
/// after the bearer-token middleware, the signed-in account and its session.
///
/// The context is copied at every middleware and handler hop, and each copy retains every
/// reference it holds; so the signed-in state sits behind one reference (``SignedInSession``)
/// and the address is read from the channel only when asked for, not on every request.
public struct SeqrRequestContext: RequestContext, RemoteAddressRequestContext {
    public var coreContext: CoreRequestContextStorage
    let channel: any Channel
    var signedIn: SignedInSession?
    /// The client's address as a trusted proxy reported it (``TrustedProxyMiddleware``).
    var forwardedClient: String?

    /// Bodies are small: a note is at most a few kilobytes of ciphertext. A password change
    /// carries every note, hence the larger limit there (see ``AccountsService``).
    public var maxUploadSize: Int { 4 * 1024 * 1024 }

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    public var remoteAddress: SocketAddress? { channel.remoteAddress }
    /// The signed-in account, set by the bearer-token middleware.
    public var account: AccountRecord? { signedIn?.account }
    /// SHA-256 of the request's bearer token, set by the bearer-token middleware.
    public var sessionHash: Data? { signedIn?.tokenHash }

    /// The address rate limits and the access log use: the forwarded one behind a trusted proxy.
    var clientAddress: String { forwardedClient ?? remoteAddress?.ipAddress ?? "unknown" }
}
