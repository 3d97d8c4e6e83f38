import Foundation

/// A Seqr code as a link any phone camera opens in the web app: `https://HOST/app/#<code>`, the
/// code's bytes as unpadded base64url in the fragment, which browsers never send to the server
/// (docs/formats/channels.md, "Links").
///
/// | part | value |
/// | --- | --- |
/// | base | `https://HOST[:PORT]` (http only for a loopback host), no path, query or fragment |
/// | path | `/app/` |
/// | fragment | base64url (RFC 4648 §5, canonical, no padding) of the whole code, header "SQ" first |
public struct SeqrCodeLink: Sendable, Equatable, CustomStringConvertible {
    /// Scheme, host and port, without a trailing slash.
    public let base: String
    public let code: [UInt8]

    /// A link to `code` on the web app at `base`; throws when `base` is not a bare https origin (http
    /// only for loopback).
    public init(base: String, code: [UInt8]) throws(ChannelError) {
        self.base = try Self.validatedBase(base)
        self.code = code
    }

    /// Reads a link back; `invalidLink` when it is not one (any other URL or text).
    public init(parsing text: String) throws(ChannelError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(), ["http", "https"].contains(scheme),
              let host = components.percentEncodedHost, !host.isEmpty, components.percentEncodedQuery == nil,
              components.percentEncodedPath == "/app/", let fragment = components.percentEncodedFragment else {
            throw .invalidLink("not a Seqr link (https://HOST/app/#CODE)")
        }
        guard let bytes = Base64URL.decode(fragment), bytes.starts(with: SeqrCodeType.magic) else {
            throw .invalidLink("the link's fragment is not a Seqr code")
        }
        base = "\(scheme)://\(host)" + (components.port.map { ":\($0)" } ?? "")
        code = [UInt8](bytes)
    }

    public var description: String { "\(base)/app/#\(Base64URL.encode(code))" }

    /// The code inside `payload` when it is the text of a Seqr link, else nil.
    public static func code(in payload: [UInt8]) -> [UInt8]? {
        guard payload.count < 8_192, let text = String(validating: payload, as: UTF8.self) else { return nil }
        return try? SeqrCodeLink(parsing: text).code
    }

    /// `text` as a link base: https with a host and nothing after it but slashes (http for
    /// localhost, 127.0.0.1 or [::1] only, to try the web app locally).
    public static func validatedBase(_ text: String) throws(ChannelError) -> String {
        var trimmed = Substring(text.trimmingCharacters(in: .whitespaces))
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let components = URLComponents(string: String(trimmed)), let scheme = components.scheme?.lowercased(),
              let host = components.percentEncodedHost, !host.isEmpty, components.percentEncodedPath.isEmpty,
              components.percentEncodedQuery == nil, components.percentEncodedFragment == nil, components.user == nil else {
            throw .invalidLink("a link base is https://HOST (optionally :PORT), nothing after it")
        }
        let loopback = ["localhost", "127.0.0.1", "[::1]"].contains(host.lowercased())
        guard scheme == "https" || (scheme == "http" && loopback) else {
            throw .invalidLink("a link base must be https (http only for localhost)")
        }
        return "\(scheme)://\(host.lowercased())" + (components.port.map { ":\($0)" } ?? "")
    }
}
