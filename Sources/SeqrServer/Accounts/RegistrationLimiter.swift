import Foundation

/// Limits new accounts per client address and overall, in fixed windows, in memory (per
/// process). Each registration costs an Argon2id hash and may store up to the storage quota,
/// so every attempt that reaches the hash counts, successful or not. Memory is bounded as in
/// ``LoginRateLimiter``: hashed keys, at most `Limits.capacity` addresses.
public actor RegistrationLimiter {
    public struct Limits: Sendable {
        public var perAddress: Int
        public var overall: Int
        public var window: TimeInterval
        public var capacity: Int
        public init(perAddress: Int = 5, overall: Int = 200, window: TimeInterval = 3600, capacity: Int = 100_000) {
            self.perAddress = perAddress
            self.overall = overall
            self.window = window
            self.capacity = capacity
        }
    }

    private let limits: Limits
    private var table: WindowCounterTable
    private static let overallKey = Data("overall".utf8)

    public init(limits: Limits = Limits()) {
        self.limits = limits
        table = WindowCounterTable(capacity: limits.capacity + 1, window: limits.window)
    }

    /// Counts one registration; returns the seconds to wait (counting nothing) when the
    /// address's or the server's limit is reached.
    public func attempt(address: String, now: Date = Date()) -> Int? {
        let keys = [(LoginRateLimiter.key("register", address), limits.perAddress), (Self.overallKey, limits.overall)]
        let waits = keys.compactMap { key, limit -> Int? in
            guard let entry = table.current(key, now: now), entry.count >= limit else { return nil }
            return max(1, Int((limits.window - now.timeIntervalSince(entry.start)).rounded(.up)))
        }
        if let wait = waits.max() { return wait }
        for (key, _) in keys { table.add(key, 1, now: now) }
        return nil
    }
}
