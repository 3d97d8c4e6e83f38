import Foundation
import Hummingbird
import HummingbirdTesting
import SeqrCloudClient
import SeqrCore
import SeqrServer
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A follower that stops reading is dropped, over a real socket whose reader never reads.
@Suite("seqr-server live feed: slow readers")
struct LiveFeedSlowReaderTests {
    /// A CryptoJS-shaped fix of 1,000 characters (the server checks only the shape of this format).
    static func bulkyFix() -> String {
        Data((0..<732).map { _ in UInt8.random(in: 0...255) }).base64EncodedString() + Data((0..<16).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
    }

    /// Connects to 127.0.0.1:`port` with a small receive buffer, sends `request`, and never reads.
    static func stalledReader(port: Int, request: String) throws -> Int32 {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #expect(socket >= 0)
        var size: Int32 = 4096
        setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        #expect(connected == 0)
        let bytes = Array(request.utf8)
        #expect(Glibc.send(socket, bytes, bytes.count, 0) == bytes.count)
        return socket
    }

    @Test("a reader that stops reading is dropped once a write has waited writeTimeout; its stream slot is freed")
    func slowReaderDropped() async throws {
        var settings = LocationService.Settings()
        settings.retention = LocationRetention(limit: 20_000, maxAge: 3600)
        settings.storageQuota = nil
        settings.liveFeed.heartbeat = .milliseconds(200)
        settings.liveFeed.writeTimeout = .seconds(1)
        settings.liveFeed.streamsPerShare = 1
        try await Backend.sqlite.withInstances(live: true, location: settings) { clients, instances in
            let client = clients[0]
            var alice = TestUser()
            try await client.register(&alice)
            let share = try await client.createShare(alice, format: .cryptoJS)
            // 10 MB of fixes: more than the socket buffers and NIO's high-water mark hold.
            for _ in 0..<20 {
                #expect(try await client.push(alice, share.id, (0..<500).map { _ in Self.bulkyFix() }).status == .created)
            }
            let socket = try Self.stalledReader(port: try #require(client.port),
                                                request: "GET /v1/location/feed/\(share.id)/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
            defer { close(socket) }
            try await LiveFeedTests.waitForStreams(instances[0], share.id, 1)
            let stalled = Date()
            // Still connected, never reading: the server gives up on it by itself.
            try await Backend.waitUntil { instances[0].location.liveFeedCount(shareID: share.id) == 0 }
            #expect(Date().timeIntervalSince(stalled) > 0.5)
            // The slot (streamsPerShare = 1) is free again: a new follower gets its stream, not 429.
            var events = try await ServerClient(server: "http://127.0.0.1:\(try #require(client.port))").liveFeed(shareID: share.id, after: 10_000)
                .makeAsyncIterator()
            guard case .share = try await events.next() else { Issue.record("no share event"); return }
        }
    }
}
