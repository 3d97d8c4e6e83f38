import Foundation
import NIOConcurrencyHelpers

/// This instance's open live feeds (`GET /v1/location/feed/{id}/events`), woken by ``ClusterEvents``:
/// a stored fix wakes the share's streams, which read what is new from the database — one read per
/// share and wake-up, shared by its streams (``SharedFixReads``); a revoked or rotated share ends
/// them. Caps the streams in all, per share and per client address (``AddressPrefix``: an IPv6 address
/// by its /64), on this instance; and shares the instance's last places fairly (``fairShareFactor``).
///
/// A stream's wake-ups are a bounded buffer of signals, not of fixes: when a stream falls behind,
/// older wake-ups are dropped — nothing is lost, since each wake-up reads everything after the last
/// fix the stream sent — so a slow stream costs a few bytes here, whatever is pushed.
final class LiveFeedHub: Sendable {
    struct Limits: Sendable {
        var perInstance: Int
        var perShare: Int
        var perAddress: Int
    }

    enum Wakeup: Sendable, Equatable {
        /// Fixes up to this sequence number are stored; a read must start after `stamp` to see them.
        case fixes(upTo: Int, stamp: UInt64)
        /// The share ended.
        case ended(ClusterEvent.ShareEndReason)
        /// Time for a heartbeat; also a moment to check the share and its fixes again, in case an event was missed.
        case heartbeat
        /// Events may have been missed: check the share and its fixes again, with a read started after `stamp`.
        case recheck(stamp: UInt64)
    }

    enum Refusal: Error {
        case instanceFull(Int)
        case shareFull(Int)
        case addressFull(Int)
        /// The instance is nearly full and the address holds this many: its fair share of what is left.
        case addressShare(Int)
    }

    /// An address that holds n streams may open another only while more than `fairShareFactor × n`
    /// places are free on the instance; one that holds none, while any is. So the per-address cap
    /// (20) applies while the instance has room, and as it fills each address's share shrinks: 20
    /// addresses of 20 streams no longer fill 384 places — an address with 16 stops at 64 free places,
    /// which stay for addresses with fewer (with A addresses holding n each, n < 384 / (A + 4)).
    static let fairShareFactor = 4

    /// One open stream.
    final class Subscription: Sendable {
        let shareID: String
        /// The client's address prefix, which the per-address cap counts.
        let address: String
        let wakeups: AsyncStream<Wakeup>
        let continuation: AsyncStream<Wakeup>.Continuation
        /// The newest fix sent, and heartbeats sent: what a test can wait for.
        let progress = NIOLockedValueBox((sent: 0, heartbeats: 0))

        init(shareID: String, address: String) {
            self.shareID = shareID
            self.address = address
            let (stream, continuation) = AsyncStream.makeStream(of: Wakeup.self, bufferingPolicy: .bufferingNewest(8))
            wakeups = stream
            self.continuation = continuation
        }
    }

    private struct State {
        var byShare: [String: [ObjectIdentifier: Subscription]] = [:]
        var perAddress: [String: Int] = [:]
        var total = 0
    }

    let limits: Limits
    let reads: SharedFixReads
    private let state = NIOLockedValueBox(State())

    init(limits: Limits, events: any ClusterEvents, reads: SharedFixReads) {
        self.limits = limits
        self.reads = reads
        events.onSignal { [weak self] signal in self?.receive(signal) }
    }

    /// Opens a stream for a client at `address`, or refuses when this instance, the share or the
    /// address's prefix already has its cap of streams here.
    func subscribe(shareID: String, address: String) throws(Refusal) -> Subscription {
        let subscription = Subscription(shareID: shareID, address: AddressPrefix.of(address))
        let refusal = state.withLockedValue { state -> Refusal? in
            if state.total >= limits.perInstance { return .instanceFull(limits.perInstance) }
            if state.byShare[shareID, default: [:]].count >= limits.perShare { return .shareFull(limits.perShare) }
            let held = state.perAddress[subscription.address, default: 0]
            if held >= limits.perAddress { return .addressFull(limits.perAddress) }
            if held > 0, limits.perInstance - state.total <= Self.fairShareFactor * held { return .addressShare(held) }
            state.byShare[shareID, default: [:]][ObjectIdentifier(subscription)] = subscription
            state.perAddress[subscription.address, default: 0] += 1
            state.total += 1
            return nil
        }
        if let refusal { throw refusal }
        ServerMetrics.liveFeedsOpen.increment()
        return subscription
    }

    func unsubscribe(_ subscription: Subscription) {
        subscription.continuation.finish()
        let lastOfShare = state.withLockedValue { state -> Bool in
            guard state.byShare[subscription.shareID]?.removeValue(forKey: ObjectIdentifier(subscription)) != nil else { return false }
            ServerMetrics.liveFeedsOpen.decrement()
            state.total -= 1
            state.perAddress[subscription.address, default: 1] -= 1
            if state.perAddress[subscription.address] == 0 { state.perAddress[subscription.address] = nil }
            guard state.byShare[subscription.shareID]?.isEmpty == true else { return false }
            state.byShare[subscription.shareID] = nil
            return true
        }
        if lastOfShare { reads.forget(shareID: subscription.shareID) }
    }

    /// Streams open here for the share.
    func streamCount(shareID: String) -> Int {
        state.withLockedValue { $0.byShare[shareID]?.count ?? 0 }
    }

    /// For each stream open here for the share: the newest fix sent and the heartbeats sent, in no particular order.
    func progress(shareID: String) -> [(sent: Int, heartbeats: Int)] {
        state.withLockedValue { $0.byShare[shareID].map { Array($0.values) } ?? [] }.map { $0.progress.withLockedValue { $0 } }
    }

    private func receive(_ signal: ClusterSignal) {
        switch signal {
        case .event(.fixesStored(let shareID, let seq)): wake(shareID, .fixes(upTo: seq, stamp: reads.stamp()))
        case .event(.shareEnded(let shareID, let reason)): wake(shareID, .ended(reason))
        case .event(.sessionsRevoked): break
        case .missedEvents:
            let stamp = reads.stamp()
            for subscription in state.withLockedValue({ $0.byShare.values.flatMap(\.values) }) { subscription.continuation.yield(.recheck(stamp: stamp)) }
        }
    }

    private func wake(_ shareID: String, _ wakeup: Wakeup) {
        for subscription in state.withLockedValue({ $0.byShare[shareID].map { Array($0.values) } ?? [] }) { subscription.continuation.yield(wakeup) }
    }
}
