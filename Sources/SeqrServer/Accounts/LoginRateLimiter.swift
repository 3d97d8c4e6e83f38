import Crypto
import Foundation
import SeqrCore

/// Limits failed logins per account and per client address, in fixed windows: in memory for one
/// process, or in the database (``WindowCounterStore``) so that several instances on one
/// PostgreSQL count against the same limits.
///
/// Bounded whatever the traffic: keys are 16-byte SHA-256 prefixes, never the name a client
/// sent (which could be as long as a request body), names that are not valid usernames count
/// against the address only, a refused attempt (429) stores nothing, and the in-memory table holds
/// at most `Limits.capacity` keys, dropping the least recently touched (the database's rows expire
/// with their window). An attempt is counted when it starts — so parallel guesses cannot overshoot
/// the limit — and refunded when it succeeds: only failures stay counted.
public struct LoginRateLimiter: Sendable {
    public struct Limits: Sendable {
        public var perAccount: Int
        public var perAddress: Int
        public var window: TimeInterval
        /// Most keys (accounts and addresses) held at once in memory: about 100 bytes each.
        public var capacity: Int
        public init(perAccount: Int = 10, perAddress: Int = 30, window: TimeInterval = 300, capacity: Int = 100_000) {
            self.perAccount = perAccount
            self.perAddress = perAddress
            self.window = window
            self.capacity = capacity
        }
    }

    private let limits: Limits
    private let counters: any WindowCounterStore
    private let scope: String

    /// - Parameters:
    ///   - shared: counters every instance shares; nil for this process's memory.
    ///   - scope: instances count together when their scopes are equal (``AccountsService/Settings/limitScope``).
    public init(limits: Limits = Limits(), shared: (any WindowCounterStore)? = nil, scope: String = "") {
        self.limits = limits
        self.scope = scope
        counters = shared ?? InMemoryWindowCounters(capacity: limits.capacity, window: limits.window)
    }

    /// Keys held in memory now; never above `Limits.capacity` (0 when the counters are shared).
    public var entryCount: Int {
        get async { await (counters as? InMemoryWindowCounters)?.count ?? 0 }
    }

    static func key(_ kind: String, _ value: String, scope: String) -> Data {
        Data(SHA256.hash(data: Data("\(scope)\u{0}\(kind)\u{0}\(value)".utf8)).prefix(16))
    }

    private func keys(account: String, address: String) -> [(key: Data, limit: Int)] {
        var keys = [(Self.key("address", address, scope: scope), limits.perAddress)]
        if NotesAPI.isValidUsername(account) { keys.append((Self.key("account", account, scope: scope), limits.perAccount)) }
        return keys
    }

    /// Starts one attempt: returns the seconds to wait when either limit is reached (and then
    /// counts nothing), else counts it and returns nil.
    public func attempt(account: String, address: String, now: Date = Date()) async throws -> Int? {
        try await counters.attempt(keys(account: account, address: address), window: limits.window, now: now)
    }

    /// The attempt succeeded: it no longer counts.
    public func succeeded(account: String, address: String, now: Date = Date()) async throws {
        try await counters.refund(keys(account: account, address: address).map(\.key), now: now)
    }
}
