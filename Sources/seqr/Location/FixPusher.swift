import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

/// Records fixes locally and uploads them, sealed per share, to the live shares of this store.
struct FixPusher {
    let store: LocalStore
    let client: ServerClient
    let only: String?

    init(store: LocalStore, client: ServerClient, only: String?) throws {
        self.store = store
        self.client = client
        self.only = try only.map { try store.ownedShare(matching: $0, server: client.server).id }
    }

    /// How far past this computer's clock a fix may be dated (clocks and GPS receivers drift a little).
    static let futureTolerance: TimeInterval = 60

    /// Refuses fixes dated in the future: followers would take them for the newest position, and
    /// the server cannot tell (it never sees a fix's time).
    static func refuseFuture(_ fixes: [LocationFix], now: Date = Date()) throws {
        guard let fix = fixes.first(where: { $0.time.timeIntervalSince(now) > futureTolerance }) else { return }
        let time = ISO8601DateFormatter()
        throw CLIError("a fix is dated \(time.string(from: fix.time)), in the future (this computer's clock says \(time.string(from: now))); nothing was pushed")
    }

    /// The ids of the live shares this pusher sends to.
    func liveShareIDs() throws -> [String] {
        let now = Date()
        return try store.locationShares(server: client.server).filter { (only == nil || $0.id == only) && !$0.isExpired(at: now) }.map(\.id)
    }

    /// Records `fixes` in the local store (unless `record` is false: already recorded) and uploads them to every live share.
    func push(_ fixes: [LocationFix], record: Bool = true) async throws -> [LocationCommand.Push.Output.Target] {
        try Self.refuseFuture(fixes)
        if record { try store.recordOwnFixes(fixes) }
        let now = Date()
        var targets: [LocationCommand.Push.Output.Target] = []
        for share in try store.locationShares(server: client.server) where only == nil || share.id == only {
            guard !share.isExpired(at: now) else { continue }
            let sealed = fixes.map { share.key.seal($0, shareID: share.id) }
            do {
                let answer = try await client.uploadFixes(shareID: share.id, data: sealed)
                targets.append(.init(id: share.id, kept: answer.kept, watching: answer.watching))
            } catch let failure as ServerClientError where failure.code == "share_not_found" {
                StandardStreams.warn("share \(share.id) no longer exists on the server (revoked elsewhere); forgetting its key")
                try store.deleteLocationShare(id: share.id)
            } catch let failure as ServerClientError where failure.code == "share_expired" {
                StandardStreams.warn("share \(share.id) has expired; skipped")
            } catch {
                throw locationFailure(error)
            }
        }
        return targets
    }
}
