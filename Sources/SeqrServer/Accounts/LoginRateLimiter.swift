import Crypto
import Foundation
import SeqrCore

/// Limits failed logins per account and per client address, in fixed windows, in memory
/// (one server process; several processes behind a proxy each keep their own count).
///
/// Bounded whatever the traffic: keys are 16-byte SHA-256 prefixes, never the name a client
/// sent (which could be as long as a request body), names that are not valid usernames count
/// against the address only, a refused attempt (429) stores nothing, and the table holds at
/// most `Limits.capacity` keys, dropping the least recently touched. An attempt is counted
/// when it starts — so parallel guesses cannot overshoot the limit — and refunded when it
/// succeeds: only failures stay counted.
public actor LoginRateLimiter {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var perAddress: Int
        public var window: TimeInterval
        /// Most keys (accounts and addresses) held at once: about 100 bytes each.
        public var capacity: Int
        public init(perAccount: Int = 10, perAddress: Int = 30, window: TimeInterval = 300, capacity: Int = 100_000) {
            self.perAccount = perAccount
            self.perAddress = perAddress
            self.window = window
            self.capacity = capacity
        }
    }

    private let limits: Limits
    private var table: WindowCounterTable

    public init(limits: Limits = Limits()) {
        self.limits = limits
        table = WindowCounterTable(capacity: limits.capacity, window: limits.window)
    }

    /// Keys held now; never above `Limits.capacity`.
    public var entryCount: Int { table.count }

    static func key(_ kind: String, _ value: String) -> Data {
        Data(SHA256.hash(data: Data("\(kind)\u{0}\(value)".utf8)).prefix(16))
    }

    private func keys(account: String, address: String) -> [(key: Data, limit: Int)] {
        var keys = [(Self.key("address", address), limits.perAddress)]
        if NotesAPI.isValidUsername(account) { keys.append((Self.key("account", account), limits.perAccount)) }
        return keys
    }

    /// Starts one attempt: returns the seconds to wait when either limit is reached (and then
    /// counts nothing), else counts it and returns nil.
    public func attempt(account: String, address: String, now: Date = Date()) -> Int? {
        let keys = keys(account: account, address: address)
        let waits = keys.compactMap { key, limit -> Int? in
            guard let entry = table.current(key, now: now), entry.count >= limit else { return nil }
            return max(1, Int((limits.window - now.timeIntervalSince(entry.start)).rounded(.up)))
        }
        if let wait = waits.max() { return wait }
        for (key, _) in keys { table.add(key, 1, now: now) }
        return nil
    }

    /// The attempt succeeded: it no longer counts.
    public func succeeded(account: String, address: String, now: Date = Date()) {
        for (key, _) in keys(account: account, address: address) where table.current(key, now: now) != nil {
            table.add(key, -1, now: now)
        }
    }
}
