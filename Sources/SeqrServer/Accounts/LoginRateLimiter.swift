import Crypto
import Foundation
import SeqrCore

/// Limits failed logins per client address, and per account from each client address, in fixed
/// windows: in memory for one process, or in the database (``WindowCounterStore``) so that several
/// instances on one PostgreSQL count against the same limits. Addresses count by ``AddressPrefix``
/// (an IPv6 address by its /64).
///
/// What is locked out is the address that failed, never the account: a guesser who fails ten times
/// at Alice's name waits, while Alice, presenting her key from anywhere else, logs in. (A lock on
/// the account alone let anyone who knew a name keep its owner out for ever, ten tries every five
/// minutes.) Guesses spread over many addresses are bounded only by how many addresses the guesser
/// has; each costs them a PBKDF2 of the account's iterations, as an offline guess would.
///
/// Bounded whatever the traffic: keys are 16-byte SHA-256 prefixes, never the name a client
/// sent (which could be as long as a request body), names that are not valid usernames count
/// against the address only, a refused attempt (429) stores nothing, and the in-memory table holds
/// at most `Limits.capacity` keys, dropping the least recently touched (the database's rows expire
/// with their window). An attempt is counted when it starts — so parallel guesses cannot overshoot
/// the limit — and refunded when it succeeds: only failures stay counted.
public struct LoginRateLimiter: Sendable {
    public struct Limits: Sendable {
        /// Failed logins at one account from one address prefix.
        public var perAccountFromAddress: Int
        /// Failed logins from one address prefix, at any account.
        public var perAddress: Int
        public var window: TimeInterval
        /// Most keys (accounts and addresses) held at once in memory: about 100 bytes each.
        public var capacity: Int
        public init(perAccountFromAddress: Int = 10, perAddress: Int = 30, window: TimeInterval = 300, capacity: Int = 100_000) {
            self.perAccountFromAddress = perAccountFromAddress
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
        let prefix = AddressPrefix.of(address)
        var keys = [(Self.key("address", prefix, scope: scope), limits.perAddress)]
        if NotesAPI.isValidUsername(account) {
            keys.append((Self.key("account-from-address", "\(account)\u{0}\(prefix)", scope: scope), limits.perAccountFromAddress))
        }
        return keys
    }

    /// Starts one attempt from `address` (a client address, counted by its prefix): returns the seconds to wait when either limit is reached (and then
    /// counts nothing), else counts it and returns nil.
    public func attempt(account: String, address: String, now: Date = Date()) async throws -> Int? {
        try await counters.attempt(keys(account: account, address: address), window: limits.window, now: now)
    }

    /// The attempt succeeded: it no longer counts.
    public func succeeded(account: String, address: String, now: Date = Date()) async throws {
        try await counters.refund(keys(account: account, address: address).map(\.key), now: now)
    }
}
