import Hummingbird
import HummingbirdCore
import Logging

/// What one connection may hold, and how many may be open: a client that connects and sends
/// nothing, or a request's headers or body a byte at a time, is cut off; at the descriptor limit new
/// connections wait in the listen backlog, rather than failing `accept` over and over.
public struct ConnectionLimits: Sendable {
    /// How long a connection may stay idle between requests, and may take to send a request's
    /// headers (Hummingbird's idle timer restarts only when a whole head has arrived).
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request's body may take to arrive after its head (``RequestBodyDeadline``).
    public var bodyTimeout: Duration = .seconds(60)
    /// Connections open at once; further ones are accepted as others close.
    public var maxConnections = ConnectionLimits.defaultMaxConnections
    public init() {}

    /// The soft descriptor limit less a quarter of it, and at least 64, kept for what else the process
    /// opens (event loops, the database, log files): 768 under the usual 1,024, 64 under 128; at least 8.
    public static var defaultMaxConnections: Int {
        let soft = DescriptorLimit.soft
        return max(8, soft - max(64, soft / 4))
    }

    /// Hummingbird's HTTP/1 server with these timeouts.
    var server: HTTPServerBuilder {
        let body = bodyTimeout
        return .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(body)], idleTimeout: .init(idleTimeout)))
    }

    func delegate(logger: Logger) -> MaximumAvailableConnections { .maximum(maxConnections, logger: logger) }
}
