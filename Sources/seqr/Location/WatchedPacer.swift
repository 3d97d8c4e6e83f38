import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore

/// Watched-aware sending for `seqr location push --follow` (with `--speed` or `--tail`): while no
/// follower has a live feed of the shares open, at most one fix per `interval` is uploaded — the
/// newest, so a follower who arrives sees a recent position — and as soon as one has, the newest held
/// fix goes at once and every fix after it. Every fix is still recorded in the local store.
///
/// The server says only how many watch (`GET /v1/location/shares/{id}/watching`, held open until the
/// count changes), never who. Until the first count arrives the shares count as watched: nothing is
/// held back on a guess.
actor WatchedPacer {
    typealias Target = LocationCommand.Push.Output.Target

    private let pusher: FixPusher
    private let interval: Duration
    private let report: @Sendable ([Target], Int) throws -> Void
    /// Followers per share, as last counted; a share without a count yet counts as watched.
    private var watching: [String: Int] = [:]
    private var shareIDs: [String] = []
    private var held: LocationFix?
    private var lastSent: ContinuousClock.Instant?
    /// Uploads in order, one at a time: a fix held back and sent when a follower arrives must not overtake a later one.
    private var queue: [[LocationFix]] = []
    private var draining = false
    private var failure: (any Error)?
    private var watchers: [Task<Void, Never>] = []
    private var said: Bool?
    /// Fixes uploaded so far (the others were kept in the local store only).
    private(set) var uploaded = 0

    init(pusher: FixPusher, interval: Duration, report: @escaping @Sendable ([Target], Int) throws -> Void) {
        self.pusher = pusher
        self.interval = interval
        self.report = report
    }

    deinit { for task in watchers { task.cancel() } }

    private var isWatched: Bool { shareIDs.contains { (watching[$0] ?? 1) > 0 } || shareIDs.isEmpty }

    /// Starts holding the server's count open for each live share.
    func start() throws {
        shareIDs = try pusher.liveShareIDs()
        for id in shareIDs {
            watchers.append(Task { [pusher] in
                var known: Int?
                while !Task.isCancelled {
                    do {
                        let count = try await pusher.client.watching(shareID: id, changedFrom: known)
                        known = count
                        await self.counted(id, count)
                    } catch let failure as ServerClientError where failure.code == "share_not_found" || failure.code == "share_expired" {
                        await self.counted(id, 0)
                        return
                    } catch {
                        // Offline or a server restart: ask again a little later; meanwhile the last count stands.
                        try? await Task.sleep(for: .seconds(5))
                    }
                }
            })
        }
    }

    /// The end of a replay: the newest fix held back is sent, so the share ends on the last position.
    func finish() async throws {
        stop()
        if let failure { throw failure }
        if let fix = held {
            held = nil
            try await send([fix])
        }
    }

    func stop() { for task in watchers { task.cancel() } }

    /// New fixes from the log: recorded, and uploaded now if someone watches or the interval has passed, else the newest held.
    func offer(_ fixes: [LocationFix]) async throws {
        if let failure { throw failure }
        guard let newest = fixes.last else { return }
        try FixPusher.refuseFuture(fixes)
        try pusher.store.recordOwnFixes(fixes)
        if isWatched {
            held = nil
            try await send(fixes)
        } else if lastSent.map({ .now - $0 >= interval }) ?? true {
            held = nil
            try await send([newest])
        } else {
            held = newest
        }
    }

    private func counted(_ id: String, _ count: Int) async {
        let before = isWatched
        watching[id] = count
        let total = shareIDs.reduce(0) { $0 + (watching[$1] ?? 0) }
        if said != isWatched {
            said = isWatched
            StandardStreams.warn(isWatched ? "\(total) watching: pushing every fix"
                : "nobody is watching: pushing one fix every \(interval.components.seconds) s until someone does")
        }
        if !before, isWatched, let fix = held {
            held = nil
            do { try await send([fix]) } catch { failure = error }
        }
    }

    private func send(_ fixes: [LocationFix]) async throws {
        queue.append(fixes)
        guard !draining else { return }
        draining = true
        defer { draining = false }
        while !queue.isEmpty {
            let batch = queue.removeFirst()
            lastSent = .now
            let targets = try await pusher.push(batch, record: false)
            uploaded += batch.count
            try report(targets, batch.count)
            for target in targets { if let count = target.watching { await counted(target.id, count) } }
        }
    }
}
