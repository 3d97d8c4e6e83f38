import Foundation
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
    /// Only hex digits, `.` and `:` reach inet_pton: it reads a C string, so `192.0.2.1\0anything`
    /// would pass as 192.0.2.1 (found by the fuzz target `forwarded-for`), and a zone (`%eth0`)
    /// names no client.
    static func normalize(_ text: String) -> String? {
        exactAddress(text.trimmingCharacters(in: .whitespaces))
    }

    /// ``normalize(_:)`` without trimming: within an entry (`[ 2001:db8::1]`, `192.0.2.1 :80`) a space is not an address's.
    private static func exactAddress(_ trimmed: String) -> String? {
        guard !trimmed.isEmpty, trimmed.utf8.count <= 64,
              trimmed.utf8.allSatisfy({ $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ":") || Self.isHexDigit($0) }),
              let address = try? SocketAddress(ipAddress: trimmed, port: 0) else { return nil }
        return address.ipAddress
    }

    /// One `X-Forwarded-For` entry's address: a plain IPv4 or IPv6 address, or one with a port as
    /// proxies may write it (`192.0.2.1:51234`, `[2001:db8::1]:443`, `[2001:db8::1]`). nil for
    /// anything else. (Read as unparseable, `IP:port` once sent every client to the proxy's own
    /// address: one bucket for everyone's failed logins.)
    static func forwardedAddress(_ entry: Substring) -> String? {
        let text = entry.trimmingCharacters(in: .whitespaces)
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || Self.isPort(rest) else { return nil }
            let inside = String(text[text.index(after: text.startIndex)..<close])
            guard inside.contains(":") else { return nil }  // brackets hold IPv6 only
            return exactAddress(inside)
        }
        let colons = text.split(separator: ":", omittingEmptySubsequences: false)
        if colons.count == 2, colons[0].contains("."), Self.isPort(":\(colons[1])") {
            return exactAddress(String(colons[0]))
        }
        return exactAddress(text)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    /// `:` and 1–5 digits.
    private static func isPort(_ text: some StringProtocol) -> Bool {
        guard text.first == ":" else { return false }
        let digits = text.dropFirst()
        return (1...5).contains(digits.count) && digits.allSatisfy { $0.isASCII && $0.isNumber }
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
            guard let address = Self.forwardedAddress(hop) else { return nearest }
            if !addresses.contains(address) { return address }
            nearest = address
        }
        return nearest
    }
}
