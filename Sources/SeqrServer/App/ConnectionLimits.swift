import Hummingbird
import HummingbirdCore
import Logging

/// What one connection may hold, and how many may be open: a client that connects and sends
/// nothing, or a request's headers or body a byte at a time, is cut off; at the descriptor limit new
/// connections wait in the listen backlog, rather than failing `accept` over and over. One client
/// address holds at most ``perAddress`` of them, and near the cap the longest-idle connection makes
/// room for each new one (``ConnectionTable``), so that one client cannot hold every connection.
public struct ConnectionLimits: Sendable {
    /// How long a connection may stay idle between requests, and may take to send a request's
    /// headers (Hummingbird's idle timer restarts only when a whole head has arrived).
    public var idleTimeout: Duration = .seconds(30)
    /// How long a request's body may take to arrive after its head (``RequestBodyDeadline``).
    public var bodyTimeout: Duration = .seconds(60)
    /// Connections open at once; further ones are accepted as others close.
    public var maxConnections = ConnectionLimits.defaultMaxConnections
    /// Connections one client address (an IPv6 address by its /64) may hold; nil: ``defaultPerAddress(maxConnections:)``.
    /// A trusted proxy's address is exempt.
    public var perAddress: Int?
    public init() {}

    /// A quarter of the connection cap, at most 64: a browser opens six connections to a host and
    /// each live feed holds one (20 per address), so 64 leaves room for several people behind one
    /// NAT, while one address holds at most a twelfth of the usual 768; 16 of a 64-connection server.
    public static func defaultPerAddress(maxConnections: Int) -> Int { max(1, min(64, maxConnections / 4)) }

    /// Open connections past which each new one closes the longest-idle one: seven eighths of the
    /// cap (672 of 768), so that idle keep-alive connections go before anyone waits to be accepted.
    var evictionThreshold: Int { maxConnections - max(1, maxConnections / 8) }

    /// The soft descriptor limit less a quarter of it, and at least 64, kept for what else the process
    /// opens (event loops, the database, log files): 768 under the usual 1,024, 64 under 128; at least 8.
    public static var defaultMaxConnections: Int {
        let soft = DescriptorLimit.soft
        return max(8, soft - max(64, soft / 4))
    }

    /// Hummingbird's HTTP/1 server with these timeouts and caps; `proxies` are exempt from ``perAddress``.
    func server(exempting proxies: TrustedProxies?) -> HTTPServerBuilder {
        let body = bodyTimeout
        let table = ConnectionTable(perAddress: perAddress ?? Self.defaultPerAddress(maxConnections: maxConnections),
                                    evictionThreshold: evictionThreshold, exempt: proxies?.addresses ?? [])
        return .http1(configuration: .init(additionalChannelHandlers: [RequestBodyDeadline(body), ConnectionGuard(table: table)],
                                           idleTimeout: .init(idleTimeout)))
    }

    func delegate(logger: Logger) -> MaximumAvailableConnections { .maximum(maxConnections, logger: logger) }
}
