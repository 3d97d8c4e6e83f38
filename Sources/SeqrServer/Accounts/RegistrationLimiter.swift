import Foundation

/// Limits new accounts per client address (``AddressPrefix``: an IPv6 address by its /64) and
/// overall, in fixed windows: in memory for one process, or in the database (``WindowCounterStore``)
/// shared by every instance. Each registration costs an Argon2id hash and may store up to the
/// storage quota, so every attempt that reaches the hash counts against its address, successful or
/// not; against the server-wide limit only accounts created count — else tries of a taken name from
/// many addresses would close sign-ups for everyone. An attempt is counted overall when it starts, so
/// parallel ones cannot overshoot, and given back when it creates nothing. Memory is bounded as in
/// ``LoginRateLimiter``: hashed keys, at most `Limits.capacity` addresses.
public struct RegistrationLimiter: Sendable {
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
    private let counters: any WindowCounterStore
    private let scope: String

    /// - Parameters:
    ///   - shared: counters every instance shares; nil for this process's memory.
    ///   - scope: instances count together when their scopes are equal (``AccountsService/Settings/limitScope``).
    public init(limits: Limits = Limits(), shared: (any WindowCounterStore)? = nil, scope: String = "") {
        self.limits = limits
        self.scope = scope
        counters = shared ?? InMemoryWindowCounters(capacity: limits.capacity + 1, window: limits.window)
    }

    private var overallKey: Data { LoginRateLimiter.key("register-overall", "", scope: scope) }

    /// Counts one registration from `address` (a client address, counted by its prefix); returns the
    /// seconds to wait (counting nothing) when the address's or the server's limit is reached.
    public func attempt(address: String, now: Date = Date()) async throws -> Int? {
        try await counters.attempt([(LoginRateLimiter.key("register", AddressPrefix.of(address), scope: scope), limits.perAddress),
                                    (overallKey, limits.overall)],
                                   window: limits.window, now: now)
    }

    /// The attempt created no account: it no longer counts against the server-wide limit (it still does against its address).
    public func createdNothing(now: Date = Date()) async throws {
        try await counters.refund([overallKey], now: now)
    }
}
