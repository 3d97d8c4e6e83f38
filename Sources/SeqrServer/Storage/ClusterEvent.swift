import Foundation

/// What one seqr-server instance tells every instance on the same database (``ClusterEvents``):
/// sessions revoked (so session caches drop them), fixes stored and shares ended (so live location
/// streams wake up or close). Events carry ids only, never a fix, a key or a token: a receiver reads
/// what it needs from the database.
///
/// On PostgreSQL an event travels as a `NOTIFY` payload, one line of text:
///
/// | payload | meaning |
/// | --- | --- |
/// | `<nonce> s <account UUID>` | the account's sessions were revoked (logout, password change, deletion) |
/// | `<nonce> f <share id> <seq>` | fixes up to `seq` were stored for the share |
/// | `<nonce> e <share id> revoked\|rotated\|expired` | the share ended |
///
/// The nonce (16 hex digits) lets the publishing instance recognise its own event when PostgreSQL delivers it back.
public enum ClusterEvent: Sendable, Equatable {
    case sessionsRevoked(account: UUID)
    case fixesStored(shareID: String, seq: Int)
    case shareEnded(shareID: String, reason: ShareEndReason)

    /// Why a live location stream closes: the `reason` of its final `end` event.
    public enum ShareEndReason: String, Sendable, Codable {
        case revoked, rotated, expired
    }

    var payload: String {
        switch self {
        case .sessionsRevoked(let account): "s \(account.uuidString)"
        case .fixesStored(let shareID, let seq): "f \(shareID) \(seq)"
        case .shareEnded(let shareID, let reason): "e \(shareID) \(reason.rawValue)"
        }
    }

    /// Parses ``payload``; nil for anything else (a newer instance's event this one does not know).
    init?(payload: Substring) {
        let parts = payload.split(separator: " ", omittingEmptySubsequences: false)
        guard let kind = parts.first else { return nil }
        switch (kind, parts.count) {
        case ("s", 2):
            guard let id = UUID(uuidString: String(parts[1])) else { return nil }
            self = .sessionsRevoked(account: id)
        case ("f", 3):
            guard let seq = Int(parts[2]), !parts[1].isEmpty else { return nil }
            self = .fixesStored(shareID: String(parts[1]), seq: seq)
        case ("e", 3):
            guard let reason = ShareEndReason(rawValue: String(parts[2])), !parts[1].isEmpty else { return nil }
            self = .shareEnded(shareID: String(parts[1]), reason: reason)
        default:
            return nil
        }
    }
}

/// What an event handler receives: an event, or word that events may have been missed (the
/// PostgreSQL listener lost its connection), after which a cache must forget everything.
public enum ClusterSignal: Sendable, Equatable {
    case event(ClusterEvent)
    case missedEvents
}
