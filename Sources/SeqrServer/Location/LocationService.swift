import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import SeqrCore
import SeqrLocationViewer
import ServiceLifecycle

/// Live location sharing: owners push fixes encrypted under a share's key (which the server
/// never sees) and manage their shares; followers fetch a share's ciphertext by its id,
/// without an account, and decrypt it themselves (`seqr location follow`, or the web viewer
/// at `/l/<share id>` with the key in the URL fragment).
public struct LocationService: Sendable {
    public struct Settings: Sendable {
        /// Fixes a share keeps, and for how long.
        public var retention = LocationRetention(limit: 500, maxAge: 24 * 3600)
        /// Shares one account may hold at a time.
        public var sharesPerAccount = 20
        /// Bytes of note ciphertext and location fixes one account may store; nil for no quota.
        public var storageQuota: Int? = 4 * 1024 * 1024
        /// The web viewer's map: the tile server, if any, and Leaflet.
        public var viewer = LocationViewerSettings()
        /// Live feeds (``LocationService/liveFeed(_:context:)``).
        public var liveFeed = LiveFeedSettings()
        public init() {}
    }

    let repository: any LocationRepository
    let settings: Settings
    let viewer: LocationViewerAssets
    let events: any ClusterEvents
    let hub: LiveFeedHub

    /// - Parameter events: how a fix stored or a share ended on any instance reaches this instance's live
    ///   feeds: ``LocalClusterEvents`` for one process, ``PostgresClusterEvents`` for instances sharing a database.
    public init(repository: any LocationRepository, settings: Settings = Settings(), events: any ClusterEvents = LocalClusterEvents()) {
        self.repository = repository
        self.settings = settings
        self.events = events
        viewer = LocationViewerAssets(settings: settings.viewer)
        let retention = settings.retention
        let reads = SharedFixReads { [repository] shareID, after in
            try await repository.fixes(shareID: shareID, after: after, notBefore: Date().addingTimeInterval(-retention.maxAge), limit: retention.limit)
                .map { SharedFixReads.Frame(seq: $0.seq, bytes: try Self.frame(event: "fix", id: $0.seq, data: $0)) }
        }
        hub = LiveFeedHub(limits: .init(perInstance: settings.liveFeed.streamsPerInstance, perShare: settings.liveFeed.streamsPerShare,
                                        perAddress: settings.liveFeed.streamsPerAddress),
                          events: events, reads: reads)
    }

    /// Live feeds open on this instance for the share.
    public func liveFeedCount(shareID: String) -> Int { hub.streamCount(shareID: shareID) }

    /// Per live feed open here for the share: the newest fix it sent and the heartbeats it sent.
    public func liveFeedProgress(shareID: String) -> [(sent: Int, heartbeats: Int)] { hub.progress(shareID: shareID) }

    func addRoutes(to router: Router<SeqrRequestContext>, auth: BearerAuthMiddleware) {
        viewer.addRoutes(to: router)
        let location = router.group("v1/location")
        location.get("feed/:id", use: feed)
        location.get("feed/:id/events", use: liveFeed)
        let owner = location.group().add(middleware: auth)
        owner.get("shares", use: listShares)
        owner.post("shares", use: createShare)
        owner.delete("shares/:id", use: revokeShare)
        owner.patch("shares/:id", use: changeShareExpiry)
        owner.post("shares/:id/rotate", use: rotateShare)
        owner.post("shares/:id/fixes", use: pushFixes)
        owner.get("shares/:id/watching", use: watching)
    }

    static let shareNotFound = APIError(.notFound, "share_not_found", "no such share: it was revoked or rotated, or the id is mistyped")
    static let shareExpired = APIError(.gone, "share_expired", "this share has expired")

    /// A new share id: 16 bytes from the system RNG, base64url — drawn again when it would start
    /// with "-" or "_", so that an id never looks like an option on a command line
    /// (`seqr location revoke <id>`); that leaves 127.9 bits.
    static func newShareID() -> String {
        while true {
            let id = Base64URL.encode(SymmetricKey(size: .bits128).withUnsafeBytes { Data($0) })
            if let first = id.first, first.isLetter || first.isNumber { return id }
        }
    }

    func shareID(_ context: SeqrRequestContext) throws -> String {
        guard let id = context.parameters.get("id"), LocationShareLink.isValidShareID(id) else { throw Self.shareNotFound }
        return id
    }

    /// The server cannot decrypt a fix, but it can refuse what is not even shaped like one.
    static func checkFixData(_ data: String, format: LocationFormat) throws {
        guard !data.isEmpty, data.utf8.count <= LocationAPI.maxFixDataLength else {
            throw APIError.badRequest("a fix must be 1–\(LocationAPI.maxFixDataLength) characters")
        }
        switch format {
        case .seqrLocationV1:
            guard let bytes = Data(base64Encoded: data), bytes.count >= 1 + 12 + 16, bytes.first == SealedLocationFix.version else {
                throw APIError.badRequest("a seqr-location-v1 fix is base64 of a version-1 sealed fix")
            }
        case .cryptoJS:
            guard data.count >= 48, data.hasSuffix("=="), Data(base64Encoded: String(data.suffix(24))) != nil,
                  Data(base64Encoded: String(data.dropLast(24))) != nil else {
                throw APIError.badRequest("a CryptoJS fix is Base64 ciphertext followed by a 24-character Base64 IV")
            }
        }
    }

    /// Shares and fixes change every few seconds: never cached.
    func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        try JSONBody.response(value, status: status, headers: [.cacheControl: "no-store"])
    }

    func decode<T: Decodable>(_ type: T.Type, _ request: Request, limit: Int) async throws -> T {
        try await JSONBody.decode(type, request, limit: limit)
    }

    // MARK: Owner

    @Sendable func listShares(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        try json(LocationAPI.ShareList(shares: try await repository.shares(owner: context.account!.id)))
    }

    @Sendable func createShare(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let body = try await decode(LocationAPI.CreateShareRequest.self, request, limit: 4096)
        let now = Date()
        if let expires = body.expiresAt, expires <= now { throw APIError.badRequest("expiresAt is in the past") }
        let share = LocationShareRecord(id: Self.newShareID(), accountID: context.account!.id, format: body.format, createdAt: now, expiresAt: body.expiresAt)
        do {
            try await repository.createShare(share, limit: settings.sharesPerAccount)
        } catch RepositoryError.quotaExceeded(let limit) {
            throw APIError(.conflict, "too_many_shares", "an account holds at most \(limit) shares; revoke one first")
        }
        context.logger.info("location share created", metadata: ["format": "\(share.format.rawValue)"])
        return try json(LocationAPI.Share(id: share.id, format: share.format, createdAt: share.createdAt, expiresAt: share.expiresAt,
                                          fixes: 0, lastFixAt: nil), status: .created)
    }

    @Sendable func revokeShare(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        guard try await repository.deleteShare(id: id, owner: context.account!.id) else { throw Self.shareNotFound }
        await events.publish(.shareEnded(shareID: id, reason: .revoked))
        return Response(status: .noContent)
    }

    /// Extends (or shortens, or lifts) a share's expiry; an expired share may be given a new one.
    @Sendable func changeShareExpiry(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        let body = try await decode(LocationAPI.ShareExpiryRequest.self, request, limit: 4096)
        if let expires = body.expiresAt, expires <= Date() { throw APIError.badRequest("expiresAt is in the past") }
        guard try await repository.setShareExpiry(id: id, owner: context.account!.id, expiresAt: body.expiresAt),
              let share = try await repository.shares(owner: context.account!.id).first(where: { $0.id == id }) else {
            throw Self.shareNotFound
        }
        return try json(share)
    }

    @Sendable func rotateShare(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let now = Date()
        let id = try shareID(context)
        guard let share = try await repository.rotateShare(id: id, owner: context.account!.id, newID: Self.newShareID(), now: now) else {
            throw Self.shareNotFound
        }
        await events.publish(.shareEnded(shareID: id, reason: .rotated))
        return try json(LocationAPI.Share(id: share.id, format: share.format, createdAt: share.createdAt, expiresAt: share.expiresAt,
                                          fixes: 0, lastFixAt: nil))
    }

    @Sendable func pushFixes(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        let body = try await decode(LocationAPI.FixUpload.self, request,
                                    limit: LocationAPI.maxFixesPerUpload * (LocationAPI.maxFixDataLength + 8) + 1024)
        guard (1...LocationAPI.maxFixesPerUpload).contains(body.fixes.count) else {
            throw APIError.badRequest("an upload carries 1–\(LocationAPI.maxFixesPerUpload) fixes")
        }
        let now = Date()
        guard let share = try await repository.share(id: id), share.accountID == context.account!.id else { throw Self.shareNotFound }
        guard !share.isExpired(at: now) else { throw Self.shareExpired }
        for data in body.fixes { try Self.checkFixData(data, format: share.format) }
        do {
            let kept = try await repository.appendFixes(shareID: id, owner: context.account!.id, data: body.fixes, now: now,
                                                        retention: settings.retention, storageQuota: settings.storageQuota)
            // Wakes live feeds on every instance; they read the fixes from the table.
            if let seq = try await repository.lastFixSeq(shareID: id) { await events.publish(.fixesStored(shareID: id, seq: seq)) }
            return try json(LocationAPI.FixUploadResponse(stored: body.fixes.count, kept: kept, watching: hub.streamCount(shareID: id)),
                            status: .created)
        } catch RepositoryError.storageQuotaExceeded(let quota) {
            throw APIError.storageQuotaExceeded(quota)
        } catch RepositoryError.notFound {
            throw Self.shareNotFound
        }
    }

    /// How many live feeds the share has open here: a number only, so that a sharer nobody watches can send
    /// fewer fixes. With `?changedFrom=N` the answer waits (up to ``LiveFeedSettings/watchingWait``) until the
    /// count is not N, so a sharer holding this request learns at once that a follower arrived.
    ///
    /// The count is this instance's: behind a load balancer over several instances, a follower on
    /// another one is not counted (docs/notes-and-location.md says so).
    @Sendable func watching(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        var known: Int?
        if let text = request.uri.queryParameters.get("changedFrom") {
            guard let value = Int(text), value >= 0 else { throw APIError.badRequest("changedFrom is a count, 0 or more") }
            known = value
        }
        guard let share = try await repository.share(id: id), share.accountID == context.account!.id else { throw Self.shareNotFound }
        guard !share.isExpired(at: Date()) else { throw Self.shareExpired }
        var count = hub.streamCount(shareID: id)
        if let known {
            // Polls the hub's in-memory count (a lock, no database read): a follower arriving is seen within a tick.
            // A stopping server answers at once with the count it has, rather than holding its shutdown for the wait.
            let deadline = ContinuousClock.now + settings.liveFeed.watchingWait
            let stopping = NIOLockedValueBox(false)
            try await withGracefulShutdownHandler {
                while count == known, ContinuousClock.now < deadline, !stopping.withLockedValue({ $0 }) {
                    try await Task.sleep(for: .milliseconds(200))
                    count = hub.streamCount(shareID: id)
                }
            } onGracefulShutdown: {
                stopping.withLockedValue { $0 = true }
            }
        }
        return try json(LocationAPI.Watching(watching: count))
    }

    // MARK: Followers

    /// No account: the share id is the capability to fetch ciphertext; the key stays in the link.
    @Sendable func feed(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        let after = request.uri.queryParameters.get("after").flatMap(Int.init) ?? 0
        let now = Date()
        guard let share = try await repository.share(id: id) else { throw Self.shareNotFound }
        guard !share.isExpired(at: now) else { throw Self.shareExpired }
        let fixes = try await repository.fixes(shareID: id, after: max(0, after), notBefore: now.addingTimeInterval(-settings.retention.maxAge),
                                               limit: settings.retention.limit)
        return try json(LocationAPI.Feed(id: id, format: share.format, expiresAt: share.expiresAt, fixes: fixes))
    }
}
