import Foundation

/// Recently verified sessions, so that an authenticated read costs one query (the note) rather
/// than three. Entries live `lifetime` seconds (2 by default) and never past the session's own
/// expiry. Logout, password change and account deletion in this process drop the account's
/// entries at once; a revocation made by another process (several servers on one PostgreSQL,
/// or `seqr-server admin`) takes effect within `lifetime`.
final class SessionCache: @unchecked Sendable {
    private struct Entry {
        let account: AccountRecord
        let expiresAt: Date
        let cachedUntil: Date
    }

    private let lifetime: TimeInterval
    private let capacity: Int
    private var entries: [Data: Entry] = [:]
    private let lock = NSLock()

    init(lifetime: TimeInterval = 2, capacity: Int = 100_000) {
        self.lifetime = lifetime
        self.capacity = capacity
    }

    func account(for tokenHash: Data, now: Date) -> AccountRecord? {
        guard lifetime > 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[tokenHash] else { return nil }
        guard now < entry.cachedUntil, now < entry.expiresAt else {
            entries[tokenHash] = nil
            return nil
        }
        return entry.account
    }

    func store(_ account: AccountRecord, for session: SessionRecord, now: Date) {
        guard lifetime > 0 else { return }
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[session.tokenHash] = Entry(account: account, expiresAt: session.expiresAt, cachedUntil: now.addingTimeInterval(lifetime))
    }

    func forget(account id: UUID) {
        lock.lock()
        defer { lock.unlock() }
        entries = entries.filter { $0.value.account.id != id }
    }
}
