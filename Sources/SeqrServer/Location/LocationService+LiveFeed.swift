import Foundation
import HTTPTypes
import Hummingbird
import NIOConcurrencyHelpers
import NIOCore
import SeqrCore
import ServiceLifecycle

/// The live feed: `GET /v1/location/feed/{id}/events`, Server-Sent Events (docs/formats/location.md).
///
/// First `event: share` (the feed's header), then every stored fix after `Last-Event-ID` (or
/// `?after=`) as `event: fix` with `id: <seq>`, then each new fix as it is stored, oldest first and
/// each once, so a reconnect with the last id seen resumes without a gap or a duplicate (within the
/// retention). `: keep-alive` every ``LiveFeedSettings/heartbeat`` keeps proxies from closing an idle
/// stream. Revocation, rotation and expiry send `event: end` with the reason, and close the stream.
///
/// A reader that stops taking bytes is dropped: once a write has waited ``LiveFeedSettings/writeTimeout``,
/// the connection is closed, so a stalled follower holds neither memory nor its stream slot.
extension LocationService {
    /// Limits and timings of live feeds.
    public struct LiveFeedSettings: Sendable {
        /// Streams open on one instance, all shares together (503 beyond): each holds a connection
        /// (``defaultStreamsPerInstance``).
        public var streamsPerInstance = LiveFeedSettings.defaultStreamsPerInstance
        /// Streams one share may have open on one instance (503 beyond), so that one share's
        /// followers cannot take every stream of the instance.
        public var streamsPerShare = 250
        /// Streams one client address (an IPv6 address by its /64) may have open on one instance (429 beyond).
        public var streamsPerAddress = 20
        /// Between heartbeat comments; each heartbeat also checks the share and its fixes again.
        public var heartbeat: Duration = .seconds(15)
        /// How long one write may wait for a slow reader before the stream is dropped.
        public var writeTimeout: Duration = .seconds(20)
        /// The longest `GET /v1/location/shares/{id}/watching?changedFrom=` waits for the count of live feeds to change.
        public var watchingWait: Duration = .seconds(LocationAPI.watchingWaitSeconds)
        public init() {}

        /// Half the connections the server accepts at once (``ConnectionLimits/defaultMaxConnections``):
        /// 384 under the usual descriptor limit of 1,024; the other half stays for ordinary requests.
        public static var defaultStreamsPerInstance: Int { max(1, ConnectionLimits.defaultMaxConnections / 2) }
    }

    struct SlowReader: Error {}

    /// Where a stream's writes stand, for the watchdog that drops slow readers.
    final class WriteClock: Sendable {
        private let started = NIOLockedValueBox<ContinuousClock.Instant?>(nil)
        func begin() { started.withLockedValue { $0 = .now } }
        func end() { started.withLockedValue { $0 = nil } }
        func stalled(longerThan limit: Duration) -> Bool {
            started.withLockedValue { $0.map { .now - $0 > limit } ?? false }
        }
    }

    /// The writer moves into the task that writes, so that the stream's other tasks can cancel a stalled write.
    final class WriterBox: @unchecked Sendable {
        var writer: any ResponseBodyWriter
        init(_ writer: any ResponseBodyWriter) { self.writer = writer }
    }

    static func frame(event: String, id: Int? = nil, data: some Encodable) throws -> ByteBuffer {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = .sortedKeys
        var text = id.map { "id: \($0)\n" } ?? ""
        text += "event: \(event)\ndata: \(String(decoding: try encoder.encode(data), as: UTF8.self))\n\n"
        return ByteBuffer(string: text)
    }

    static let keepAlive = ByteBuffer(string: ": keep-alive\n\n")

    /// The sequence number a follower resumes after: `Last-Event-ID` (what EventSource sends on reconnect), else `?after=`.
    static func resumePoint(_ request: Request) -> Int {
        if let header = request.headers[HTTPField.Name("Last-Event-ID")!], let seq = Int(header.trimmingCharacters(in: .whitespaces)) {
            return max(0, seq)
        }
        return max(0, request.uri.queryParameters.get("after").flatMap { Int($0) } ?? 0)
    }

    @Sendable func liveFeed(_ request: Request, context: SeqrRequestContext) async throws -> Response {
        let id = try shareID(context)
        guard let share = try await repository.share(id: id) else { throw Self.shareNotFound }
        guard !share.isExpired(at: Date()) else { throw Self.shareExpired }
        let subscription: LiveFeedHub.Subscription
        do {
            subscription = try hub.subscribe(shareID: id, address: context.clientAddress)
        } catch .instanceFull(let cap) {
            ServerMetrics.refused(.liveFeedsOnInstance)
            throw APIError(.serviceUnavailable, "too_many_streams", "this server has \(cap) live feeds open already; poll the feed instead",
                           retryAfter: 30)
        } catch .shareFull(let cap) {
            ServerMetrics.refused(.liveFeedsOfShare)
            throw APIError(.serviceUnavailable, "too_many_streams", "this share has \(cap) live followers on this server already; poll the feed instead",
                           retryAfter: 30)
        } catch .addressFull(let cap) {
            ServerMetrics.refused(.liveFeedsOfAddress)
            throw APIError(.tooManyRequests, "too_many_streams", "\(cap) live feeds are open from this address already; close one first",
                           retryAfter: 30)
        } catch .addressShare(let held) {
            ServerMetrics.refused(.liveFeedsOfAddress)
            throw APIError(.tooManyRequests, "too_many_streams",
                           "this server is nearly full and this address holds \(held) of its live feeds, its share; close one or poll the feed instead",
                           retryAfter: 30)
        }
        let after = Self.resumePoint(request)
        let logger = context.logger
        // A follower that leaves is noticed at once, not at the second write after it left (FollowerGoneHandler).
        let channel = context.channel
        channel.eventLoop.execute {
            let pipeline = channel.pipeline.syncOperations
            if (try? pipeline.context(name: FollowerGoneHandler.name)) == nil {
                try? pipeline.addHandler(FollowerGoneHandler(), name: FollowerGoneHandler.name, position: .first)
            }
        }
        channel.closeFuture.whenComplete { _ in subscription.continuation.finish() }
        let headers: HTTPFields = [.contentType: "text/event-stream", .cacheControl: "no-store",
                                   HTTPField.Name("X-Accel-Buffering")!: "no"]  // nginx: pass each event on at once
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { hub.unsubscribe(subscription) }
            let box = WriterBox(writer)
            do {
                // A stopping server closes its streams without an end event: followers reconnect to another instance.
                try await withGracefulShutdownHandler {
                    try await stream(share, after: after, subscription: subscription, into: box)
                } onGracefulShutdown: {
                    subscription.continuation.finish()
                }
                try await box.writer.finish(nil)
            } catch {
                // The follower left or was too slow: nothing more to send, and the connection closes.
                logger.debug("live feed closed", metadata: ["reason": "\(type(of: error))"])
                throw error
            }
        })
    }

    private enum StreamTask { case done, helper }

    /// Sends the stream until the share ends; throws when the reader goes away or stalls.
    private func stream(_ share: LocationShareRecord, after: Int, subscription: LiveFeedHub.Subscription, into box: WriterBox) async throws {
        let clock = WriteClock()
        let settings = self.settings.liveFeed
        try await withThrowingTaskGroup(of: StreamTask.self) { group in
            group.addTask {
                try await self.send(share, after: after, subscription: subscription, box: box, clock: clock)
                return .done
            }
            group.addTask {
                // Heartbeats, and the watchdog that drops a reader whose write has stalled.
                var sinceBeat: Duration = .zero
                let tick = min(settings.heartbeat, .seconds(1))
                while !Task.isCancelled {
                    try await Task.sleep(for: tick)
                    if clock.stalled(longerThan: settings.writeTimeout) { throw SlowReader() }
                    sinceBeat += tick
                    if sinceBeat >= settings.heartbeat {
                        sinceBeat = .zero
                        subscription.continuation.yield(.heartbeat)
                    }
                }
                return .helper
            }
            if let expiry = share.expiresAt {
                group.addTask {
                    try await Task.sleep(for: .seconds(max(0, expiry.timeIntervalSinceNow)))
                    subscription.continuation.yield(.ended(.expired))
                    return .helper
                }
            }
            while let finished = try await group.next() {
                if finished == .done { break }
            }
            group.cancelAll()
        }
    }

    private func send(_ share: LocationShareRecord, after: Int, subscription: LiveFeedHub.Subscription, box: WriterBox, clock: WriteClock) async throws {
        func write(_ buffer: ByteBuffer) async throws {
            clock.begin()
            defer { clock.end() }
            try await box.writer.write(buffer)
        }
        var last = after
        /// Sends the fixes after `last` from a read that started after `stamp` (shared with the share's other streams here).
        func sendNewFixes(newerThan stamp: UInt64) async throws {
            let frames = try await hub.reads.fixes(shareID: share.id, after: last, newerThan: stamp)
            guard let newest = frames.last else { return }
            if frames.count == 1 {
                try await write(newest.bytes)
            } else {
                var batch = ByteBuffer()
                batch.reserveCapacity(frames.reduce(0) { $0 + $1.bytes.readableBytes })
                for frame in frames { batch.writeImmutableBuffer(frame.bytes) }
                try await write(batch)
            }
            last = newest.seq
            subscription.progress.withLockedValue { $0.sent = last }
        }
        try await write(try Self.frame(event: "share", data: LocationAPI.StreamShare(id: share.id, format: share.format, expiresAt: share.expiresAt)))
        // The backlog after this follower's resume point: a read that starts now.
        try await sendNewFixes(newerThan: hub.reads.stamp())
        var ended: ClusterEvent.ShareEndReason?
        for await wakeup in subscription.wakeups {
            switch wakeup {
            case .fixes(let upTo, let stamp):
                if upTo > last {
                    let woken = ContinuousClock.now
                    try await sendNewFixes(newerThan: stamp)
                    ServerMetrics.fanOutDelay.record(duration: ContinuousClock.now - woken)
                }
            case .ended(.expired):
                // The expiry this stream started with, unless the owner has extended it since (`PATCH /v1/location/shares/{id}`);
                // the heartbeats' rechecks then end the stream at the new one.
                if let current = try await repository.share(id: share.id), !current.isExpired(at: Date()) { continue }
                ended = .expired
            case .ended(let reason):
                ended = reason
            case .heartbeat, .recheck:
                // The share may have ended, or fixes arrived, while an event was missed.
                // After missed events, a read started after they were noticed; for a heartbeat, one started now.
                let stamp: UInt64
                if case .recheck(let noticed) = wakeup { stamp = noticed } else { stamp = hub.reads.stamp() }
                if let current = try await repository.share(id: share.id) {
                    if current.isExpired(at: Date()) { ended = .expired } else { try await sendNewFixes(newerThan: stamp) }
                } else {
                    ended = .revoked
                }
                if ended == nil, wakeup == .heartbeat {
                    try await write(Self.keepAlive)
                    subscription.progress.withLockedValue { $0.heartbeats += 1 }
                }
            }
            if let ended {
                try await write(try Self.frame(event: "end", data: LocationAPI.StreamEnd(reason: ended.rawValue)))
                return
            }
        }
    }
}
