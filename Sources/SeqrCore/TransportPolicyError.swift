/// Why ``ServerTransportPolicy`` refused a server URL.
package enum TransportPolicyError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `http://` to a host that is not loopback.
    case insecure(String)
    /// Not an http(s) URL with a host.
    case notHTTP(String)

    package var description: String {
        switch self {
        case .insecure(let server): "refusing plain http to \(server): use https (or loopback)"
        case .notHTTP(let server): "\(server) is not an http(s) server URL"
        }
    }
}
