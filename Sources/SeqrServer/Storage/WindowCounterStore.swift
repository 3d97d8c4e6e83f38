import Foundation

/// Event counts in fixed windows, per key: what the login and registration limits count with.
/// In memory for one process (``InMemoryWindowCounters``); in the database for several instances
/// on one PostgreSQL (``PostgresRepository``, table `window_counter`), so that every instance
/// counts against the same limit.
public protocol WindowCounterStore: Sendable {
    /// Atomically: when any key's count in its current window has reached its limit, returns the
    /// seconds until the latest such window ends and counts nothing; else adds one to every key
    /// (starting a window of `window` seconds for a key that has none) and returns nil.
    func attempt(_ keys: [(key: Data, limit: Int)], window: TimeInterval, now: Date) async throws -> Int?
    /// Takes one back from each key whose window is still running.
    func refund(_ keys: [Data], now: Date) async throws
}

extension WindowCounterStore {
    static func wait(until end: Date, now: Date) -> Int { max(1, Int(end.timeIntervalSince(now).rounded(.up))) }
}
