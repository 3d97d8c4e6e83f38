import Foundation
import GRDB
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// Scanning a message again is another sighting of it, not another message.
@Suite("Message sightings")
struct MessageSightingTests {
    @Test("a rescan adds a sighting with its place to the one message")
    func rescan() throws {
        let ownerDirectory = try TemporaryDirectory(), subscriberDirectory = try TemporaryDirectory()
        let owner = try LocalStore(directory: ownerDirectory.path), subscriber = try LocalStore(directory: subscriberDirectory.path)
        let alice = try owner.createIdentity(name: "Alice", passphrase: nil)
        let bob = try subscriber.createIdentity(name: "Bob", passphrase: nil)
        let channel = try owner.createChannel(name: "Garden", owner: alice)
        _ = try subscriber.subscribe(share: ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: alice), identity: bob)
        let (_, code) = try owner.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "hi"), in: "Garden", owner: alice)
        _ = try subscriber.receive(code, latitude: 47.37, longitude: 8.54)
        _ = try subscriber.receive(code, latitude: 46.2, longitude: 6.15)
        _ = try subscriber.receive(code)
        let history = try subscriber.history()
        #expect(history.count == 1 && history[0].latitude == 47.37)
        let sightings = try subscriber.sightings(of: history)[try #require(history[0].id)] ?? []
        #expect(sightings.map(\.latitude) == [47.37, 46.2, nil] && sightings.map(\.longitude) == [8.54, 6.15, nil])
        // Another message is another row.
        let (_, other) = try owner.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "bye"), in: "Garden", owner: alice)
        _ = try subscriber.receive(other)
        #expect(try subscriber.history().count == 2)
    }

    @Test("v6-message-sightings folds the duplicate rows of older versions into one message with a sighting each")
    func migrationFoldsDuplicates() throws {
        let directory = try TemporaryDirectory()
        let pool = try DatabasePool(path: directory.path + "/seqr.sqlite")
        try LocalStoreMigrations.migrator.migrate(pool, upTo: "v5-channel-owner-key")
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        func row(_ content: String, published: Bool, latitude: Double?, recorded: TimeInterval) -> MessageRecord {
            MessageRecord(id: nil, channelID: Data([1, 2]), ownerFingerprint: "AAAA", kind: "text", created: created, expires: nil, content: content,
                          latitude: latitude, longitude: latitude.map { $0 / 2 }, encoded: Data([9]), published: published,
                          recorded: Date(timeIntervalSince1970: 1_700_000_000 + recorded))
        }
        try pool.write { db in
            var rows = [row("mine", published: true, latitude: nil, recorded: 0),
                        row("hi", published: false, latitude: 10, recorded: 1), row("hi", published: false, latitude: 20, recorded: 2),
                        row("other", published: false, latitude: nil, recorded: 3), row("hi", published: false, latitude: 30, recorded: 4)]
            for index in rows.indices { try rows[index].insert(db) }
        }
        try pool.close()
        let store = try LocalStore(directory: directory.path)
        let history = try store.history()
        #expect(history.map(\.content) == ["mine", "hi", "other"])
        let sightings = try store.sightings(of: history)
        #expect(sightings[history[0].id!] == nil)
        #expect(sightings[history[1].id!]?.map(\.latitude) == [10, 20, 30])
        #expect(sightings[history[1].id!]?.map(\.longitude) == [5, 10, 15])
        #expect(sightings[history[2].id!]?.count == 1)
        #expect(history[1].latitude == 10)
    }
}
