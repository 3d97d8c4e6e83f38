import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The reverse proxies (`--trusted-proxy`) whose `X-Forwarded-For` header is believed. Behind a
/// proxy every connection comes from the proxy's address, so without this one client's failed
/// logins would lock everyone out. From any other peer the header is ignored: a client can write
/// whatever it likes there.
public struct TrustedProxies: Sendable {
    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notAnAddress(String)
        public var description: String {
            switch self {
            case .notAnAddress(let text): return "--trusted-proxy \(text) is not an IPv4 or IPv6 address"
            }
        }
    }

    let addresses: Set<String>

    public init(_ addresses: [String]) throws(Failure) {
        var normalized = Set<String>()
        for text in addresses {
            guard let address = Self.normalize(text) else { throw .notAnAddress(text) }
            normalized.insert(address)
        }
        self.addresses = normalized
    }

    public var isEmpty: Bool { addresses.isEmpty }

    /// One textual form per address (e.g. IPv6 zero compression), or nil for anything else.
    static func normalize(_ text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64, let address = try? SocketAddress(ipAddress: trimmed, port: 0) else { return nil }
        return address.ipAddress
    }

    /// The client's address: when the peer is a trusted proxy, the right-most address in
    /// `X-Forwarded-For` (all such headers, in order) that is not itself a trusted proxy — the
    /// one the nearest untrusted hop connected from. Entries left of it were written by the
    /// client and are never read. nil when the header cannot be believed or holds no address.
    public func clientAddress(peer: String?, forwardedFor: [String]) -> String? {
        guard let peer = peer.flatMap(Self.normalize), addresses.contains(peer) else { return nil }
        let hops = forwardedFor.flatMap { $0.split(separator: ",") }
        var nearest: String?
        for hop in hops.reversed() {
            guard let address = Self.normalize(String(hop)) else { return nearest }
            if !addresses.contains(address) { return address }
            nearest = address
        }
        return nearest
    }
}
