import Foundation

/// Where a client may send credentials: https anywhere, plain http only to loopback
/// (127.0.0.0/8, ::1, localhost) unless the user allows it. Used by the seqr-server client
/// (auth keys, session tokens) and the Safe Browsing client (its API key).
package enum ServerTransportPolicy {
    /// Throws ``TransportPolicyError/insecure(_:)`` for plain http beyond loopback (unless allowed) and
    /// ``TransportPolicyError/notHTTP(_:)`` for anything that is not an http(s) URL with a host.
    package static func check(_ server: String, allowsInsecureHTTP: Bool) throws(TransportPolicyError) {
        guard let components = URLComponents(string: server), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else { throw .notHTTP(server) }
        switch scheme {
        case "https": return
        case "http": guard allowsInsecureHTTP || isLoopback(host) else { throw .insecure(server) }
        default: throw .notHTTP(server)
        }
    }

    /// Only spellings that every resolver reads as loopback without asking DNS: `localhost`,
    /// `::1`, and dotted-decimal 127.x.y.z with 1–3 ASCII digits per part (not `127.+0.0.1`).
    package static func isLoopback(_ host: String) -> Bool {
        let host = host.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.allSatisfy { part in
            (1...3).contains(part.utf8.count) && part.utf8.allSatisfy { (0x30...0x39).contains($0) } && Int(part)! <= 255
        }
    }

    /// The server as one key for what a client remembers about it: scheme and host in lower
    /// case, the default port dropped, no trailing slash (`https://Notes.example:443/` →
    /// `https://notes.example`).
    package static func canonicalOrigin(_ server: String) -> String {
        guard let components = URLComponents(string: server), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased() else { return server }
        let defaultPort = scheme == "https" ? 443 : scheme == "http" ? 80 : nil
        let port = components.port.flatMap { $0 == defaultPort ? nil : ":\($0)" } ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        return "\(scheme)://\(bracketed)\(port)\(path)"
    }
}
