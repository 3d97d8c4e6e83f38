import Crypto
import Foundation
import NIOConcurrencyHelpers
import SeqrCore

/// The WebAuthn challenges this instance has issued and not yet seen used: 32 bytes from the
/// system RNG each, usable once (``take(_:)`` removes it whatever the outcome) and for
/// ``NotesAPI/passkeyChallengeLifetime`` seconds, for the ceremony and account they were issued
/// for. At most ``capacity`` wait at once, so unauthenticated requests cannot grow it without
/// bound; beyond it the oldest are dropped. Kept in memory: a load balancer in front of several
/// instances must send a ceremony's two requests to one instance (docs/server.md).
final class PasskeyChallenges: Sendable {
    enum Purpose: Sendable, Equatable {
        /// Registration on a signed-in account.
        case create(account: UUID)
        /// Sign-in to the named account.
        case get(username: String)
    }

    struct Issued: Sendable {
        var challenge: Data
        var purpose: Purpose
        var expires: Date
    }

    let capacity: Int
    let lifetime: TimeInterval
    private let pending = NIOLockedValueBox<[String: Issued]>([:])

    init(capacity: Int = 10_000, lifetime: TimeInterval = NotesAPI.passkeyChallengeLifetime) {
        self.capacity = capacity
        self.lifetime = lifetime
    }

    /// A fresh challenge and the id that names it.
    func issue(for purpose: Purpose, now: Date = Date()) -> (id: String, challenge: Data) {
        let id = Base64URL.encode(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
        let challenge = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        pending.withLockedValue { table in
            if table.count >= capacity {
                table = table.filter { $0.value.expires > now }
                if table.count >= capacity, let oldest = table.min(by: { $0.value.expires < $1.value.expires }) {
                    table.removeValue(forKey: oldest.key)
                }
            }
            table[id] = Issued(challenge: challenge, purpose: purpose, expires: now.addingTimeInterval(lifetime))
        }
        return (id, challenge)
    }

    /// The challenge named `id` if it was issued for `purpose` and has not expired; it is gone
    /// afterwards either way, so a response can be tried once.
    func take(_ id: String, for purpose: Purpose, now: Date = Date()) -> Data? {
        guard let issued = pending.withLockedValue({ $0.removeValue(forKey: id) }) else { return nil }
        guard issued.purpose == purpose, issued.expires > now else { return nil }
        return issued.challenge
    }
}
