import Foundation

/// Recently verified sessions, so that an authenticated read costs one query (the note) rather
/// than three. Entries live `lifetime` seconds (2 by default) and never past the session's own
/// expiry.
///
/// Revocations reach every instance through ``ClusterEvents``: logout, password change and account
/// deletion publish ``ClusterEvent/sessionsRevoked(account:)``, and every instance's cache drops the
/// account's entries when it arrives. The cache answers only while ``ClusterEvents/isLive`` (on
/// PostgreSQL: while this instance's listener is connected), and forgets everything when events may
/// have been missed. A lookup that began before a revocation arrived cannot store what it read
/// (``generation``), so a session read just before its logout is not cached after it.
final class SessionCache: @unchecked Sendable {
    private struct Entry {
        let account: AccountRecord
        let expiresAt: Date
        let cachedUntil: Date
    }

    private let lifetime: TimeInterval
    private let capacity: Int
    private let events: any ClusterEvents
    private var entries: [Data: Entry] = [:]
    private var invalidations = 0
    private let lock = NSLock()

    init(lifetime: TimeInterval = 2, capacity: Int = 100_000, events: any ClusterEvents) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.events = events
        events.onSignal { [weak self] signal in
            switch signal {
            case .event(.sessionsRevoked(let account)): self?.forget(account: account)
            case .missedEvents: self?.forgetAll()
            case .event: break
            }
        }
    }

    /// Taken before a session is read from the database, and handed to ``store(_:for:now:readAt:)``.
    var generation: Int {
        lock.lock()
        defer { lock.unlock() }
        return invalidations
    }

    func account(for tokenHash: Data, now: Date) -> AccountRecord? {
        guard lifetime > 0, events.isLive else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[tokenHash] else { return nil }
        guard now < entry.cachedUntil, now < entry.expiresAt else {
            entries[tokenHash] = nil
            return nil
        }
        return entry.account
    }

    /// Stores a session read at `generation`; nothing when a revocation arrived since (it may have
    /// been this very session's).
    func store(_ account: AccountRecord, for session: SessionRecord, now: Date, readAt generation: Int) {
        guard lifetime > 0, events.isLive else { return }
        lock.lock()
        defer { lock.unlock() }
        guard invalidations == generation else { return }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[session.tokenHash] = Entry(account: account, expiresAt: session.expiresAt, cachedUntil: now.addingTimeInterval(lifetime))
    }

    func forget(account id: UUID) {
        lock.lock()
        defer { lock.unlock() }
        invalidations &+= 1
        entries = entries.filter { $0.value.account.id != id }
    }

    func forgetAll() {
        lock.lock()
        defer { lock.unlock() }
        invalidations &+= 1
        entries.removeAll()
    }
}
