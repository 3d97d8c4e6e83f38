import NIOCore

/// The part of a client address that per-address limits count by: an IPv4 address whole, an IPv6
/// address by its /64. One IPv6 subscriber gets at least a /64 — 2^64 addresses — so counting
/// exact IPv6 addresses would let one client pass any per-address limit by changing its low bits.
/// IPv4 is not grouped: carrier-grade NAT already puts many people behind one address, and a /24
/// would lock out a whole provider's customers with one abuser. An IPv4-mapped IPv6 address
/// (`::ffff:192.0.2.1`) counts as its IPv4 address; anything that is not an address counts as itself.
enum AddressPrefix {
    static func of(_ address: String) -> String {
        guard address.utf8.count <= 64, let parsed = try? SocketAddress(ipAddress: address, port: 0) else { return address }
        guard case .v6(let v6) = parsed else { return parsed.ipAddress ?? address }
        let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }), bytes[10] == 0xFF, bytes[11] == 0xFF {
            return bytes[12...].map(String.init).joined(separator: ".")
        }
        let groups = stride(from: 0, to: 8, by: 2).map { String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16) }
        return groups.joined(separator: ":") + "::/64"
    }
}
