import Foundation
import NIOConcurrencyHelpers
import NIOCore

/// One read of a share's new fixes per wake-up, shared by all of that share's live feeds on this
/// instance: 1,000 followers woken by one fix cost one query and one JSON encoding, not 1,000.
///
/// Freshness is what makes sharing safe. Every wake-up carries a ``stamp()`` drawn when this instance
/// learnt of the change (after the fix was committed), and every read draws one when it starts; a
/// stream may take a read only if the read started after its wake-up (a larger stamp) and asked for
/// fixes after a point no later than its own — so what it gets is what its own read would have
/// returned then, and it keeps only the fixes after its own resume point. The one read kept per
/// share is the newest; it answers nothing that a newer signal made stale, so nothing here needs
/// invalidating from another instance. Dropped when the share's last stream closes.
final class SharedFixReads: Sendable {
    /// A stored fix, already framed as its `event: fix` (id = seq).
    struct Frame: Sendable {
        let seq: Int
        let bytes: ByteBuffer
    }

    private struct Read: Sendable {
        let stamp: UInt64
        let after: Int
        let frames: Task<[Frame], any Error>
    }

    private struct State {
        var clock: UInt64 = 0
        var latest: [String: Read] = [:]
    }

    private let state = NIOLockedValueBox(State())
    /// The share's fixes after a sequence number, framed, oldest first.
    private let load: @Sendable (_ shareID: String, _ after: Int) async throws -> [Frame]

    init(load: @escaping @Sendable (_ shareID: String, _ after: Int) async throws -> [Frame]) {
        self.load = load
    }

    /// A moment, as the reads count them: a read started later has a larger stamp.
    func stamp() -> UInt64 {
        state.withLockedValue { state in
            state.clock += 1
            return state.clock
        }
    }

    /// The share's fixes with `seq > after`, from a read that started after `stamp`: the newest one
    /// when it qualifies (still running or done), else a new one.
    func fixes(shareID: String, after: Int, newerThan stamp: UInt64) async throws -> ArraySlice<Frame> {
        let read = state.withLockedValue { state -> Read in
            if let latest = state.latest[shareID], latest.stamp > stamp, latest.after <= after { return latest }
            state.clock += 1
            // Not a child of the asking stream: its follower leaving must not cancel the others' read.
            let read = Read(stamp: state.clock, after: after, frames: Task { [load] in try await load(shareID, after) })
            state.latest[shareID] = read
            return read
        }
        let frames = try await read.frames.value
        // Oldest first: skip what this stream has sent already.
        var low = frames.startIndex, high = frames.endIndex
        while low < high {
            let middle = (low + high) / 2
            if frames[middle].seq > after { high = middle } else { low = middle + 1 }
        }
        return frames[low...]
    }

    /// The share has no stream left here.
    func forget(shareID: String) {
        state.withLockedValue { _ = $0.latest.removeValue(forKey: shareID) }
    }
}
