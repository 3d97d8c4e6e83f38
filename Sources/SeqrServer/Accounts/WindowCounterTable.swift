import Foundation

/// Counts events per key in fixed windows, holding at most `capacity` keys: when full, the key
/// touched least recently is dropped (LRU). Memory is bounded whatever the traffic — a flood
/// of distinct keys evicts old counters rather than growing the table. Keys are short and
/// fixed-size at the call sites (SHA-256 prefixes), never raw request input.
struct WindowCounterTable {
    private struct Slot {
        var key: Data
        var start: Date
        var count: Int
        var newer: Int  // towards the most recently touched; -1 at the end
        var older: Int
    }

    let capacity: Int
    let window: TimeInterval
    private var index: [Data: Int] = [:]
    private var slots: [Slot] = []
    private var newest = -1
    private var oldest = -1

    init(capacity: Int, window: TimeInterval) {
        precondition(capacity >= 1)
        self.capacity = capacity
        self.window = window
        index.reserveCapacity(min(capacity, 4096))
    }

    var count: Int { index.count }

    /// The key's count in its current window (0 when absent or expired), without touching it.
    func current(_ key: Data, now: Date) -> (count: Int, start: Date)? {
        guard let i = index[key], now.timeIntervalSince(slots[i].start) < window else { return nil }
        return (slots[i].count, slots[i].start)
    }

    /// Adds `delta` to the key's count (starting a new window when the old one is over) and
    /// returns the new count and the window's start.
    @discardableResult
    mutating func add(_ key: Data, _ delta: Int, now: Date) -> (count: Int, start: Date) {
        if let i = index[key] {
            if now.timeIntervalSince(slots[i].start) >= window { slots[i].start = now; slots[i].count = 0 }
            slots[i].count = max(0, slots[i].count + delta)
            moveToNewest(i)
            return (slots[i].count, slots[i].start)
        }
        let slot = Slot(key: key, start: now, count: max(0, delta), newer: -1, older: newest)
        let i: Int
        if slots.count < capacity {
            i = slots.count
            slots.append(slot)
        } else {
            // Reuse the least recently touched slot.
            i = oldest
            unlink(i)
            index[slots[i].key] = nil
            slots[i] = slot
            slots[i].older = newest
        }
        if newest >= 0 { slots[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
        index[key] = i
        return (slots[i].count, slots[i].start)
    }

    private mutating func unlink(_ i: Int) {
        let (newer, older) = (slots[i].newer, slots[i].older)
        if newer >= 0 { slots[newer].older = older } else { newest = older }
        if older >= 0 { slots[older].newer = newer } else { oldest = newer }
        slots[i].newer = -1
        slots[i].older = -1
    }

    private mutating func moveToNewest(_ i: Int) {
        guard newest != i else { return }
        unlink(i)
        slots[i].older = newest
        if newest >= 0 { slots[newest].newer = i }
        newest = i
        if oldest < 0 { oldest = i }
    }
}
