import NIOConcurrencyHelpers
import NIOCore

/// Bounds the Argon2id work queued at once (logins, registrations, password changes: each a
/// 19 MiB, tens-of-milliseconds hash on NIO's thread pool, one thread per core). Without a bound,
/// failed logins queued without end: 64 parallel guessers made a real login wait 1.4 s instead of
/// 0.07 s, and more would make it wait minutes. Past ``capacity`` a request is answered 503 with
/// Retry-After at once, before any work or any rate-limit count: the client tries again in a second.
public final class HashingQueue: Sendable {
    /// Hashes running or waiting at once.
    public let capacity: Int
    private let held = NIOLockedValueBox(0)

    /// Four per core — the pool's threads, each hashing one while up to three wait — so an admitted
    /// request waits at most about three hashes (about 0.1–0.2 s): 8 on two cores.
    public static var defaultCapacity: Int { 4 * System.coreCount }

    public init(capacity: Int = HashingQueue.defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// Hashes admitted and not yet done.
    public var count: Int { held.withLockedValue { $0 } }

    /// Takes a place, or returns false when all ``capacity`` are taken.
    public func enter() -> Bool {
        held.withLockedValue { held in
            guard held < capacity else { return false }
            held += 1
            return true
        }
    }

    public func leave() {
        held.withLockedValue { $0 -= 1 }
    }

    /// 503: every place is taken.
    static let busy = APIError(.serviceUnavailable, "busy", "too many logins and sign-ups are being checked at once; try again in a second",
                               retryAfter: 1)

    /// `work` in a place of the queue; ``busy`` when none is free.
    func run<T>(_ work: () async throws -> T) async throws -> T {
        guard enter() else {
            ServerMetrics.refused(.hashingQueue)
            throw Self.busy
        }
        defer { leave() }
        return try await work()
    }
}
