import Foundation
import GRDB
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// Channel ids are public in every message: ownership is the owner's key, never the id.
@Suite("Channel ownership")
struct ChannelOwnershipTests {
    let directories: [TemporaryDirectory]
    let alice: LocalStore, bob: LocalStore, mallory: LocalStore

    init() throws {
        directories = try (0..<3).map { _ in try TemporaryDirectory() }
        alice = try LocalStore(directory: directories[0].path)
        bob = try LocalStore(directory: directories[1].path)
        mallory = try LocalStore(directory: directories[2].path)
    }

    /// Mallory's channel under Alice's public channel id and name, with her own secret.
    func squat(_ channel: Channel, by stranger: PrivateIdentity) -> Channel {
        Channel.create(name: channel.name, owner: stranger.publicIdentity).withID(channel.id)
    }

    @Test("a stranger's share under Alice's channel id, scanned first, neither blocks nor replaces Alice's; messages go to the owner whose signature verifies",
          arguments: [true, false])
    func squattedChannelID(strangerFirst: Bool) throws {
        let aliceID = try alice.createIdentity(name: "Alice", passphrase: nil)
        let bobID = try bob.createIdentity(name: "Bob", passphrase: nil)
        let malloryID = try mallory.createIdentity(name: "Mallory", passphrase: nil)
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        let fake = squat(garden, by: malloryID)
        let realShare = try ChannelShareCode.encode(garden, to: bobID.publicIdentity, signedBy: aliceID)
        let fakeShare = try ChannelShareCode.encode(fake, to: bobID.publicIdentity, signedBy: malloryID)
        for share in strangerFirst ? [fakeShare, realShare] : [realShare, fakeShare] {
            _ = try bob.subscribe(share: share, identity: bobID)
        }
        let listed = try bob.channels(owned: false)
        #expect(listed.count == 2 && Set(listed.map(\.owner.fingerprint)) == [aliceID.publicIdentity.fingerprint, malloryID.publicIdentity.fingerprint])

        let (_, real) = try alice.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "from Alice"), in: "Garden", owner: aliceID)
        let (message, channel) = try bob.receive(real)
        #expect(message.content == "from Alice" && channel.owner == aliceID.publicIdentity && channel.secret == garden.secret)

        // Mallory's message under the same id is attributed to Mallory, never to Alice.
        let forged = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "from Mallory"), in: fake, signedBy: malloryID)
        let (_, attributed) = try bob.receive(forged)
        #expect(attributed.owner == malloryID.publicIdentity)
        let aliceHistory = try bob.history(channel: "Garden", owner: aliceID.publicIdentity.fingerprint)
        #expect(aliceHistory.map(\.content) == ["from Alice"])
        #expect(try bob.history(channel: "Garden", owner: malloryID.publicIdentity.fingerprint).map(\.content) == ["from Mallory"])
        #expect(throws: StoreError.ambiguousChannel("Garden")) { try bob.channel(named: "Garden") }

        // A message signed by neither owner is refused, and nothing is stored.
        let outsider = PrivateIdentity.generate(name: "Trudy")
        let unsigned = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "x"), in: garden, signedBy: outsider)
        #expect(throws: ChannelError.badSignature) { try bob.receive(unsigned) }
        #expect(try bob.history().count == 2)

        // Leaving Mallory's channel keeps Alice's.
        _ = try bob.unsubscribe("Garden", owner: malloryID.publicIdentity.fingerprint)
        #expect(try bob.channel(named: "Garden").0.owner == aliceID.publicIdentity)
    }

    @Test("v5-channel-owner-key carries channels and history written before it over, keyed by their owner's fingerprint")
    func migrationCarriesRowsOver() throws {
        let directory = try TemporaryDirectory()
        let owner = PrivateIdentity.generate(name: "Old\u{1B}name")  // a name from before names were checked
        let channel = Channel.create(name: "Legacy", owner: owner.publicIdentity)
        let pool = try DatabasePool(path: directory.path + "/seqr.sqlite")
        try LocalStoreMigrations.migrator.migrate(pool, upTo: "v3-location")
        try pool.write { db in
            try db.execute(sql: "INSERT INTO channel (id, name, secret, owner, owned, created) VALUES (?, ?, ?, ?, 0, ?)",
                           arguments: [channel.id, "Legacy", channel.secret, Data(PublicKeyCode.encode(owner.publicIdentity).dropFirst(4)), Date()])
            try db.execute(sql: """
                INSERT INTO message (channelID, kind, created, content, encoded, published, recorded) VALUES (?, 'text', ?, 'old', x'00', 0, ?)
                """, arguments: [channel.id, Date(), Date()])
        }
        try pool.close()
        let store = try LocalStore(directory: directory.path)
        let (found, owned) = try store.channel(named: "Legacy", owner: owner.publicIdentity.fingerprint)
        #expect(!owned && found.secret == channel.secret && found.owner == owner.publicIdentity)
        #expect(try store.history(channel: "Legacy").map(\.ownerFingerprint) == [owner.publicIdentity.fingerprint])
        let message = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "new"), in: channel, signedBy: owner)
        #expect(try store.receive(message).0.content == "new")
    }

    /// Issue 47: a look-alike share (same channel id, name and owner name, another key) was accepted silently.
    @Test("a share under a known channel id, or from a known owner name, with another owner key is reported before subscribing, with both fingerprints")
    func ownerKeyConflicts() throws {
        let aliceID = try alice.createIdentity(name: "Alice", passphrase: nil)
        let bobID = try bob.createIdentity(name: "Bob", passphrase: nil)
        let fakeAlice = try mallory.createIdentity(name: "Alice", passphrase: nil)
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: ChannelShareCode.encode(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        let lookalike = try ChannelShareCode.encode(squat(garden, by: fakeAlice), to: bobID.publicIdentity, signedBy: fakeAlice)
        let opened = try bob.openShare(lookalike, identity: bobID)
        let conflicts = try bob.ownerKeyConflicts(with: opened)
        #expect(conflicts == [OwnerKeyConflict(reason: .sameChannelID, channelName: "Garden", ownerName: "Alice", ownerFingerprint: aliceID.publicIdentity.fingerprint)])
        #expect(conflicts[0].sentence(newFingerprint: fakeAlice.publicIdentity.fingerprint)
                == "this share has the same channel id as \"Garden\" from Alice (\(aliceID.publicIdentity.fingerprint)) but another owner key (\(fakeAlice.publicIdentity.fingerprint)): it may be a look-alike; compare the fingerprint with the owner's")
        // Another channel from an owner of the same name, another key.
        let news = try mallory.createChannel(name: "News", owner: fakeAlice)
        let byName = try bob.ownerKeyConflicts(with: bob.openShare(ChannelShareCode.encode(news, to: bobID.publicIdentity, signedBy: fakeAlice), identity: bobID))
        #expect(byName.map(\.reason) == [.sameOwnerName])
        // The real owner's next channel raises nothing.
        let roses = try alice.createChannel(name: "Roses", owner: aliceID)
        #expect(try bob.ownerKeyConflicts(with: roses).isEmpty)
    }
}

extension Channel {
    func withID(_ id: Data) -> Channel { Channel(id: id, name: name, secret: secret, owner: owner, created: created, suite: suite, epoch: epoch) }
}
