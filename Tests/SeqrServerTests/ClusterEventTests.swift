import Foundation
@testable import SeqrCloudClient
@testable import SeqrServer
import SeqrCore
import Testing

/// The NOTIFY payloads instances exchange, and the client's reading of an event stream.
@Suite("cluster event payloads and event-stream parsing")
struct ClusterEventTests {
    @Test("every event survives its NOTIFY payload; malformed or unknown payloads are nil, never a crash")
    func payloads() {
        let events: [ClusterEvent] = [.sessionsRevoked(account: UUID()), .fixesStored(shareID: "Abc_-9", seq: 123_456),
                                      .shareEnded(shareID: "x", reason: .revoked), .shareEnded(shareID: "y", reason: .rotated),
                                      .shareEnded(shareID: "z", reason: .expired)]
        for event in events { #expect(ClusterEvent(payload: Substring(event.payload)) == event) }
        for bad in ["", "s", "s not-a-uuid", "f id", "f id seven", "f  7", "e id gone", "x a b", "s \(UUID()) extra", "f id 1 2"] {
            #expect(ClusterEvent(payload: Substring(bad)) == nil, "\(bad)")
        }
    }

    @Test("the event-stream parser: fields, comments, CRLF and CR line ends, events split across chunks, overlong lines refused")
    func eventStreamParser() throws {
        var parser = ServerSentEventParser()
        let text = ": keep-alive\n\nid: 4\nevent: fix\ndata: {\"seq\":4}\n\nevent: end\r\ndata: a\r\ndata: b\r\n\r\nevent: share\rdata: x\r\r"
        var events: [ServerSentEventParser.Event] = []
        for chunk in Array(text.utf8).chunked(3) { events += try parser.feed(chunk) }
        #expect(events == [.init(name: "fix", data: "{\"seq\":4}", id: "4"), .init(name: "end", data: "a\nb", id: "4"),
                           .init(name: "share", data: "x", id: "4")])
        var long = ServerSentEventParser()
        #expect(throws: ServerClientError.self) { _ = try long.feed(Array(repeating: UInt8(ascii: "a"), count: ServerSentEventParser.maxLineLength + 1)) }
    }

    @Test("live-feed events: share, fix and end decode; another event name is skipped; a known event with bad JSON is a bad response")
    func liveFeedEvents() throws {
        let fix = try LiveFeedEvent.decode(.init(name: "fix", data: #"{"data":"abc","receivedAt":"2026-11-23T23:04:53Z","seq":7}"#, id: "7"))
        #expect(fix == .fix(LocationAPI.FeedFix(seq: 7, data: "abc", receivedAt: Date(timeIntervalSince1970: 1_795_475_093))))
        #expect(try LiveFeedEvent.decode(.init(name: "end", data: #"{"reason":"rotated"}"#, id: nil)) == .end(.init(reason: "rotated")))
        #expect(try LiveFeedEvent.decode(.init(name: "share", data: #"{"format":"seqr-location-v1","id":"s1"}"#, id: nil))
                == .share(.init(id: "s1", format: .seqrLocationV1, expiresAt: nil)))
        #expect(try LiveFeedEvent.decode(.init(name: "presence", data: "{}", id: nil)) == nil)
        for (name, data) in [("fix", #"{"seq":"seven"}"#), ("end", "not json"), ("share", ""), ("fix", #"{"data":"a","receivedAt":"yesterday","seq":1}"#)] {
            #expect(throws: ServerClientError.badResponse("a live-feed event that is not \(name == "fix" ? "FeedFix" : name == "end" ? "StreamEnd" : "StreamShare")")) {
                _ = try LiveFeedEvent.decode(.init(name: name, data: data, id: nil))
            }
        }
    }
}

extension Array {
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
