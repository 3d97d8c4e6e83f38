import Foundation

/// Limits login attempts per account and per client address, in fixed windows, in memory
/// (one server process; several processes behind a proxy each keep their own count).
public actor LoginRateLimiter {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var perAddress: Int
        public var window: TimeInterval
        public init(perAccount: Int = 10, perAddress: Int = 30, window: TimeInterval = 300) {
            self.perAccount = perAccount
            self.perAddress = perAddress
            self.window = window
        }
    }

    private let limits: Limits
    private var counts: [String: (start: Date, count: Int)] = [:]

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// Counts one attempt; returns the seconds to wait when over either limit.
    public func attempt(account: String, address: String, now: Date = Date()) -> Int? {
        if counts.count > 100_000 { counts = counts.filter { now.timeIntervalSince($0.value.start) < limits.window } }
        let waits = [("account:" + account, limits.perAccount), ("address:" + address, limits.perAddress)].compactMap { key, limit -> Int? in
            var entry = counts[key] ?? (now, 0)
            if now.timeIntervalSince(entry.start) >= limits.window { entry = (now, 0) }
            entry.count += 1
            counts[key] = entry
            guard entry.count > limit else { return nil }
            return max(1, Int((limits.window - now.timeIntervalSince(entry.start)).rounded(.up)))
        }
        return waits.max()
    }
}
