import Foundation

/// A share link, `https://HOST/l/<share id>#k=<base64url key>` (docs/formats/location.md). The
/// key sits in the fragment, which browsers and HTTP clients never send to the server.
public struct LocationShareLink: Sendable, Equatable, CustomStringConvertible {
    /// Scheme, host and port (and any path prefix) of the server, without a trailing slash.
    public let base: String
    /// The share's id: what the server knows the share by.
    public let shareID: String
    /// The share's key, from the fragment.
    public let key: LocationShareKey

    /// Share ids: 16 random bytes as base64url, 22 characters.
    public static func isValidShareID(_ id: some StringProtocol) -> Bool {
        id.utf8.count == 22 && Base64URL.decode(id)?.count == 16
    }

    /// A link to share `shareID` on the server at `base`, carrying `key` in its fragment.
    public init(base: String, shareID: String, key: LocationShareKey) {
        // Every trailing slash, not one: "https://h//" kept one and lost another at each reprint.
        var base = Substring(base)
        while base.hasSuffix("/") { base = base.dropLast() }
        self.base = String(base)
        self.shareID = shareID
        self.key = key
    }

    /// Reads a link (from a QR code or a paste): an http(s) URL ending in `/l/<share id>` with `#k=<key>`;
    /// throws ``LocationError`` naming what is missing or wrong.
    public init(parsing text: String) throws(LocationError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
              ["http", "https"].contains(scheme), let host = components.percentEncodedHost, !host.isEmpty else { throw .notALink }
        // Host and path stay encoded, as the link has them: a decoded %3F or %23 would move the
        // rest of the base into a query or fragment when the base is printed again (found by
        // scripts/fuzz note-formats).
        let parts = components.percentEncodedPath.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[parts.count - 2] == "l" else { throw .notALink }
        let id = String(parts[parts.count - 1])
        guard Self.isValidShareID(id) else { throw .badShareID }
        guard let fragment = components.percentEncodedFragment, fragment.hasPrefix("k="), fragment.count > 2 else { throw .missingKey }
        guard let bytes = Base64URL.decode(fragment.dropFirst(2)), let key = try? LocationShareKey(bytes: bytes) else { throw .badLinkKey }
        var base = "\(scheme)://\(host)"
        if let port = components.port { base += ":\(port)" }
        base += parts.dropLast(2).joined(separator: "/")
        self.init(base: base, shareID: id, key: key)
    }

    /// The whole link, key included: show it only to followers.
    public var description: String { "\(base)/l/\(shareID)#k=\(Base64URL.encode(key.bytes))" }
    /// The link without its key: safe to log or to show.
    public var pageURL: String { "\(base)/l/\(shareID)" }
}
