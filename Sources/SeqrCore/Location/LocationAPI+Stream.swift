import Foundation

/// The live feed, `GET /v1/location/feed/{id}/events` (Server-Sent Events, docs/formats/location.md):
/// first a `share` event, then one `fix` event per stored fix (`id:` its `seq`), until an `end` event.
extension LocationAPI {
    /// The `share` event's data: the feed's header (``Feed`` without its fixes).
    public struct StreamShare: Codable, Sendable, Equatable {
        /// The share's id.
        public var id: String
        /// How its fixes are sealed.
        public var format: LocationFormat
        /// When it ends; nil: until revoked.
        public var expiresAt: Date?
        /// A `share` event.
        public init(id: String, format: LocationFormat, expiresAt: Date?) {
            self.id = id
            self.format = format
            self.expiresAt = expiresAt
        }
    }

    /// The `end` event's data: why the stream closes. `revoked`, `rotated` or `expired` today;
    /// a client treats any other reason as the share having ended.
    public struct StreamEnd: Codable, Sendable, Equatable {
        /// Why the stream ended.
        public var reason: String
        /// An `end` event.
        public init(reason: String) { self.reason = reason }
    }

    /// One event of the live feed, as a client reads it.
    public enum StreamEvent: Sendable, Equatable {
        case share(StreamShare)
        case fix(FeedFix)
        case end(StreamEnd)
    }
}
