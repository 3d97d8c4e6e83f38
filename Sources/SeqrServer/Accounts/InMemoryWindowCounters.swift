import Foundation

/// ``WindowCounterStore`` in this process's memory (``WindowCounterTable``: at most `capacity`
/// keys, least recently touched dropped first): right for SQLite, which serves one process.
actor InMemoryWindowCounters: WindowCounterStore {
    private var table: WindowCounterTable

    init(capacity: Int, window: TimeInterval) {
        table = WindowCounterTable(capacity: capacity, window: window)
    }

    var count: Int { table.count }

    func attempt(_ keys: [(key: Data, limit: Int)], window: TimeInterval, now: Date) -> Int? {
        let waits = keys.compactMap { key, limit -> Int? in
            guard let entry = table.current(key, now: now), entry.count >= limit else { return nil }
            return Self.wait(until: entry.start.addingTimeInterval(table.window), now: now)
        }
        if let wait = waits.max() { return wait }
        for (key, _) in keys { table.add(key, 1, now: now) }
        return nil
    }

    func refund(_ keys: [Data], now: Date) {
        for key in keys where table.current(key, now: now) != nil { table.add(key, -1, now: now) }
    }
}
