import Foundation

/// A message published on a channel.
public struct ChannelMessage: Equatable, Sendable {
    /// What the content is: plain text, or a URL (which a reader checks before opening).
    public enum Kind: UInt8, Sendable, Codable { case text = 1, url = 2 }

    /// Text or URL.
    public let kind: Kind
    /// When the owner posted it (whole seconds).
    public let created: Date
    /// When it stops being shown as current; nil: never.
    public let expires: Date?
    /// The text or URL; untrusted until the code's signature was verified, and shown escaped even then.
    public let content: String

    /// A message to post; `expires` nil: never.
    public init(kind: Kind, created: Date, expires: Date?, content: String) {
        self.kind = kind
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.expires = expires.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        self.content = content
    }

    /// Whether the message's expiry has passed at `now`.
    public func isExpired(at now: Date = Date()) -> Bool { expires.map { now >= $0 } ?? false }
}
