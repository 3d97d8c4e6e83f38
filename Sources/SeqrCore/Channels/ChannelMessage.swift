import Foundation

/// A message published on a channel.
public struct ChannelMessage: Equatable, Sendable {
    public enum Kind: UInt8, Sendable, Codable { case text = 1, url = 2 }

    public let kind: Kind
    public let created: Date
    public let expires: Date?
    public let content: String

    public init(kind: Kind, created: Date, expires: Date?, content: String) {
        self.kind = kind
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.expires = expires.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        self.content = content
    }

    public func isExpired(at now: Date = Date()) -> Bool { expires.map { now >= $0 } ?? false }
}
