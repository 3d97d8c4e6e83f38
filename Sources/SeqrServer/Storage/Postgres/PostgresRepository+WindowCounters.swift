import Foundation
import PostgresNIO

/// The login and registration limits' counters in PostgreSQL (migration `v4-window-counters`), so
/// that every instance on the database counts against the same limits. A row is a key's current
/// window; rows whose window is over are deleted now and then (one attempt in 64), so the table
/// holds about the keys seen in the last window.
extension PostgresRepository: WindowCounterStore {
    public func attempt(_ keys: [(key: Data, limit: Int)], window: TimeInterval, now: Date) async throws -> Int? {
        let start = now.timeIntervalSince1970
        let wait: Int? = try await transaction { connection in
            // Locked in one order, so concurrent attempts on the same keys cannot deadlock.
            let sorted = keys.sorted { $0.key.lexicographicallyPrecedes($1.key) }
            var ends: [Double] = []
            for (key, limit) in sorted {
                // Creates the row or starts a new window when the old one is over; locks it either way.
                for try await (count, end) in try await connection.query("""
                    INSERT INTO window_counter (key, count, expires_at) VALUES (\(key), 0, \(start + window))
                    ON CONFLICT (key) DO UPDATE SET
                      count = CASE WHEN window_counter.expires_at <= \(start) THEN 0 ELSE window_counter.count END,
                      expires_at = CASE WHEN window_counter.expires_at <= \(start) THEN \(start + window) ELSE window_counter.expires_at END
                    RETURNING count, expires_at
                    """, logger: self.logger).decode((Int, Double).self) where count >= limit {
                    ends.append(end)
                }
            }
            if let end = ends.max() { return Self.wait(until: Date(timeIntervalSince1970: end), now: now) }
            for (key, _) in sorted {
                try await connection.query("UPDATE window_counter SET count = count + 1 WHERE key = \(key)", logger: self.logger)
            }
            return nil
        }
        if Int.random(in: 0..<64) == 0 {
            try await query("DELETE FROM window_counter WHERE expires_at <= \(start)")
        }
        return wait
    }

    public func refund(_ keys: [Data], now: Date) async throws {
        for key in keys {
            try await query("""
                UPDATE window_counter SET count = GREATEST(count - 1, 0) WHERE key = \(key) AND expires_at > \(now.timeIntervalSince1970)
                """)
        }
    }
}
