import Foundation

/// How long a share keeps its fixes: at most `limit` of them, none older than `maxAge`.
public struct LocationRetention: Sendable, Equatable {
    public var limit: Int
    public var maxAge: TimeInterval
    public init(limit: Int, maxAge: TimeInterval) {
        self.limit = limit
        self.maxAge = maxAge
    }
}
