/// A URL in the canonical form of Google Safe Browsing v4 ("URLs and Hashing"), and the
/// host-suffix/path-prefix expressions whose SHA-256 prefixes are looked up locally.
///
/// Canonicalisation, in the spec's order: tab, CR and LF removed; the fragment cut; percent
/// escapes removed repeatedly until none is left; then the host (dots trimmed and collapsed,
/// IPv4 in any legal encoding normalised to four decimals, IDN labels to punycode, lowercased)
/// and the path (`/./` and `/../` resolved, runs of slashes collapsed) are rebuilt, and every byte
/// ≤ 0x20, ≥ 0x7F, `#` or `%` is escaped again with upper-case hex. The query is kept as is.
public struct SafeBrowsingURL: Equatable, Sendable {
    public let scheme: String
    /// Canonical and escaped: `www.example.com`, `195.127.0.11`, `[2001:db8::1]`, `xn--mlat-zra.com`.
    public let host: String
    /// Canonical and escaped, always starting with `/`.
    public let path: String
    /// Escaped, without the `?`; nil when the URL has no `?` at all.
    public let query: String?
    /// Whether the host is an IP address, whose suffixes are never looked up.
    public let hostIsIPAddress: Bool

    public var canonical: String { scheme + "://" + host + path + (query.map { "?" + $0 } ?? "") }

    public init(parsing url: String) throws(URLSafetyError) {
        try self.init(parsing: Array(url.utf8))
    }

    /// From raw bytes, since a URL read from a QR code need not be valid UTF-8.
    public init(parsing bytes: [UInt8]) throws(URLSafetyError) {
        var text = bytes.filter { $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }
        while let first = text.first, first <= 0x20 { text.removeFirst() }
        while let last = text.last, last <= 0x20 { text.removeLast() }
        if let hash = text.firstIndex(of: UInt8(ascii: "#")) { text.removeSubrange(hash...) }
        text = Self.unescapedRepeatedly(text)

        var rest = text[...]
        if let schemeEnd = Self.schemeEnd(in: text) {
            scheme = String(decoding: text[..<schemeEnd], as: UTF8.self).lowercased()
            rest = text[(schemeEnd + 3)...]
        } else if Self.hasOpaqueScheme(text) {
            throw .notAWebURL
        } else {
            scheme = "http"  // "www.google.com/" is read as http, as the spec's tests expect
        }

        let authorityEnd = rest.firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? rest.endIndex
        let (host, isIP) = try Self.canonicalHost(Array(rest[..<authorityEnd]))
        self.host = host
        hostIsIPAddress = isIP

        let pathAndQuery = rest[authorityEnd...]
        if let mark = pathAndQuery.firstIndex(of: UInt8(ascii: "?")) {
            path = Self.escaped(Self.canonicalPath(Array(pathAndQuery[..<mark])))
            query = Self.escaped(Array(pathAndQuery[(mark + 1)...]))
        } else {
            path = Self.escaped(Self.canonicalPath(Array(pathAndQuery)))
            query = nil
        }
    }

    /// The exact host, then up to four suffixes made of the last five components down to the
    /// last two (none for an IP address): at most five.
    public var hostSuffixes: [String] {
        guard !hostIsIPAddress else { return [host] }
        let components = host.split(separator: ".", omittingEmptySubsequences: false)
        var hosts = [host]
        for start in max(1, components.count - 5)..<max(1, components.count - 1) {
            hosts.append(components[start...].joined(separator: "."))
        }
        return hosts
    }

    /// The path with its query, the path alone, then the root and up to three directories below
    /// it, each with a trailing slash: at most six, without repeats.
    public var pathPrefixes: [String] {
        var paths: [String] = []
        if let query, !query.isEmpty { paths.append(path + "?" + query) }
        paths.append(path)
        var directories = path.split(separator: "/").map(String.init)
        if !path.hasSuffix("/"), !directories.isEmpty { directories.removeLast() }
        var directory = "/"
        paths.append(directory)
        for component in directories.prefix(3) {
            directory += component + "/"
            paths.append(directory)
        }
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted }
    }

    /// Every host suffix with every path prefix (at most 30): what is hashed and looked up.
    public var expressions: [String] {
        hostSuffixes.flatMap { host in pathPrefixes.map { host + $0 } }
    }

    // MARK: Steps

    static func unescapedRepeatedly(_ bytes: [UInt8]) -> [UInt8] {
        var current = bytes
        while true {
            var next: [UInt8] = []
            next.reserveCapacity(current.count)
            var index = 0
            while index < current.count {
                if current[index] == UInt8(ascii: "%"), index + 2 < current.count,
                   let high = hexValue(current[index + 1]), let low = hexValue(current[index + 2]) {
                    next.append(high << 4 | low)
                    index += 3
                } else {
                    next.append(current[index])
                    index += 1
                }
            }
            if next.count == current.count { return next }
            current = next
        }
    }

    static func escaped(_ bytes: [UInt8]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            if byte <= 0x20 || byte >= 0x7F || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "%") {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Where "://" follows a scheme name (a letter, then letters, digits, "+", "-", ".").
    private static func schemeEnd(in bytes: [UInt8]) -> Int? {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0,
              bytes[colon...].starts(with: Array("://".utf8)), isSchemeName(bytes[..<colon]) else { return nil }
        return colon
    }

    /// `mailto:x@y`, `javascript:…`: a scheme without "//", which has no host to look up. A
    /// colon followed by a digit is a port instead ("www.gotaport.com:1234/").
    private static func hasOpaqueScheme(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0, isSchemeName(bytes[..<colon]) else { return false }
        let next = colon + 1 < bytes.count ? bytes[colon + 1] : UInt8(ascii: "/")
        return !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next) && next != UInt8(ascii: "/")
    }

    private static func isSchemeName(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isLetter(first) else { return false }
        return bytes.allSatisfy { isLetter($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The canonical host and whether it is an IP address; user info and port dropped.
    private static func canonicalHost(_ authority: [UInt8]) throws(URLSafetyError) -> (String, Bool) {
        var host = authority[...]
        if let at = host.lastIndex(of: UInt8(ascii: "@")) { host = host[(at + 1)...] }
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { throw .notAWebURL }
            return (String(decoding: host[...close], as: UTF8.self).lowercased(), true)
        }
        if let colon = host.firstIndex(of: UInt8(ascii: ":")) { host = host[..<colon] }
        var labels = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: true).map(Array.init)
        guard !labels.isEmpty else { throw .notAWebURL }
        let dotted = Array(labels.joined(separator: [UInt8(ascii: ".")]))
        if let address = IPv4Address(parsing: dotted) { return (address.description, true) }
        labels = labels.map(asciiLabel)
        return (escaped(Array(labels.joined(separator: [UInt8(ascii: ".")]))), false)
    }

    /// A label lowercased; one in valid non-ASCII UTF-8 becomes its IDNA punycode form, as the
    /// lists hold internationalised names that way.
    private static func asciiLabel(_ label: [UInt8]) -> [UInt8] {
        if label.allSatisfy({ $0 < 0x80 }) { return label.map { isLetter($0) ? $0 | 0x20 : $0 } }
        let text = String(decoding: label, as: UTF8.self)
        guard Array(text.utf8) == label, let encoded = Punycode.encode(text.lowercased()) else { return label }
        return Array(("xn--" + encoded).utf8)
    }

    /// `/./` and `/../` resolved (also at the end: "/blah/.." is "/"), runs of slashes collapsed.
    static func canonicalPath(_ path: [UInt8]) -> [UInt8] {
        let segments = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        var kept: [ArraySlice<UInt8>] = []
        for segment in segments {
            if segment.elementsEqual([UInt8(ascii: ".")]) { continue }
            if segment.elementsEqual([UInt8(ascii: "."), UInt8(ascii: ".")]) { _ = kept.popLast(); continue }
            kept.append(segment)
        }
        let last = segments.last.map(Array.init) ?? []
        let trailingSlash = path.last == UInt8(ascii: "/") || last == [UInt8(ascii: ".")] || last == [UInt8(ascii: "."), UInt8(ascii: ".")]
        var out: [UInt8] = [UInt8(ascii: "/")]
        out += Array(kept.joined(separator: [UInt8(ascii: "/")]))
        if trailingSlash, !kept.isEmpty { out.append(UInt8(ascii: "/")) }
        return out
    }
}
