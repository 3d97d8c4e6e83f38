import Foundation
import GRDB
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// An owner removes a subscriber: the channel moves to a new epoch that only the others reach.
@Suite("Subscriber removal")
struct SubscriberRemovalTests {
    let directories: [TemporaryDirectory]
    let alice: LocalStore, bob: LocalStore, carol: LocalStore
    let aliceID: PrivateIdentity, bobID: PrivateIdentity, carolID: PrivateIdentity

    init() throws {
        directories = try (0..<3).map { _ in try TemporaryDirectory() }
        alice = try LocalStore(directory: directories[0].path)
        bob = try LocalStore(directory: directories[1].path)
        carol = try LocalStore(directory: directories[2].path)
        aliceID = try alice.createIdentity(name: "Alice", passphrase: nil)
        bobID = try bob.createIdentity(name: "Bob", passphrase: nil)
        carolID = try carol.createIdentity(name: "Carol", passphrase: nil)
    }

    func post(_ text: String, on channel: String = "Garden") throws -> [UInt8] {
        try alice.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: text), in: channel, owner: aliceID).1
    }

    @Test("the owner's store records every share: name, fingerprint, public key")
    func sharesRecorded() throws {
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        _ = try alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID)
        let subscribers = try alice.subscribers(of: "Garden")
        #expect(subscribers.map(\.name) == ["Bob", "Carol"])
        #expect(subscribers.map(\.fingerprint) == [bobID.publicIdentity.fingerprint, carolID.publicIdentity.fingerprint])
        #expect(try SubscriberRemovalTests.identity(subscribers[0]) == bobID.publicIdentity)
        #expect(subscribers.allSatisfy { $0.removed == nil })
        #expect(throws: StoreError.notOwner("Garden")) { try bob.subscribers(of: "Garden") }
    }

    static func identity(_ record: ChannelSubscriberRecord) throws -> PublicIdentity { try LocalStore.identity(record) }

    @Test("Carol removed: Bob reads on and keeps older messages; Carol is told she was removed and reads nothing later")
    func removal() throws {
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        _ = try carol.subscribe(share: alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID), identity: carolID)
        let before = try post("before")
        #expect(try carol.receive(before).0.content == "before")

        let (removed, moved, codes) = try alice.removeSubscriber("Carol", from: "Garden", owner: aliceID)
        #expect(removed.fingerprint == carolID.publicIdentity.fingerprint && removed.removed != nil && moved.epoch == 1 && codes.count == 1)
        #expect(try alice.subscribers(of: "Garden").first { $0.name == "Carol" }?.removed != nil)
        let after = try post("after")
        #expect(try ChannelMessageCode.header(after).epoch == 1)
        #expect(try alice.receive(before).0.content == "before")  // the owner reads every epoch too

        // Bob has not scanned the rekey code yet.
        #expect(throws: ChannelError.epochNotReached(1)) { try bob.receive(after) }
        #expect(try bob.applyRekey(codes[0], identity: bobID).epoch == 1)
        #expect(try bob.receive(after).0.content == "after")
        #expect(try bob.receive(before).0.content == "before")
        #expect(throws: ChannelError.staleRekey(1)) { try bob.applyRekey(codes[0], identity: bobID) }

        // Carol: the later message first asks for the rekey code; the rekey code says she was removed; after it, so does the message.
        #expect(throws: ChannelError.epochNotReached(1)) { try carol.receive(after) }
        #expect(throws: ChannelError.removedFromChannel("Garden")) { try carol.applyRekey(codes[0], identity: carolID) }
        #expect(throws: ChannelError.removedFromChannel("Garden")) { try carol.receive(after) }
        #expect(try carol.receive(before).0.content == "before")
        #expect("\(ChannelError.removedFromChannel("Garden"))" == "you were removed from Garden")
    }

    /// Issue 47: a removal applies to the epoch it names, and only while the subscriber holds no later share.
    @Test("a stale removal replayed after the channel was shared again at a later epoch is stale: the subscriber is not marked removed and reads on")
    func staleRemovalAfterNewShare() throws {
        let dave = PrivateIdentity.generate(name: "Dave")
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try carol.subscribe(share: alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID), identity: carolID)
        _ = try alice.share(garden, to: dave.publicIdentity, signedBy: aliceID)
        // Carol removed (epoch 1), Dave removed (epoch 2); Carol, who never scanned the first, is shared the channel again.
        let (_, _, removal) = try alice.removeSubscriber("Carol", from: "Garden", owner: aliceID)
        _ = try alice.removeSubscriber("Dave", from: "Garden", owner: aliceID)
        _ = try carol.unsubscribe("Garden")
        let (again, _) = try alice.channel(named: "Garden")
        #expect(again.epoch == 2)
        _ = try carol.subscribe(share: alice.share(again, to: carolID.publicIdentity, signedBy: aliceID), identity: carolID)
        // The old removal, replayed: it names epoch 1, and Carol holds epoch 2.
        #expect(throws: ChannelError.staleRekey(1)) { try carol.applyRekey(removal[0], identity: carolID) }
        #expect(try carol.receive(post("welcome back")).0.content == "welcome back")
    }

    @Test("a removed subscriber is no longer sealed to; two removals make epoch 2, and Bob can scan them in any order")
    func twoRemovals() throws {
        let dave = PrivateIdentity.generate(name: "Dave")
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        _ = try alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID)
        _ = try alice.share(garden, to: dave.publicIdentity, signedBy: aliceID)
        let first = try alice.removeSubscriber(carolID.publicIdentity.fingerprint.prefix(9).description, from: "Garden", owner: aliceID).codes
        let one = try post("one")
        let second = try alice.removeSubscriber("Dave", from: "Garden", owner: aliceID).codes
        let two = try post("two")
        #expect(try ChannelRekeyCode(parsing: second[0]).entries.count == 1)  // Bob only: Carol stays out
        #expect(throws: StoreError.subscriberNotFound("Carol")) { try alice.removeSubscriber("Carol", from: "Garden", owner: aliceID) }
        // The latest first, then the missed one: every epoch readable.
        #expect(try bob.applyRekey(second[0], identity: bobID).epoch == 2)
        #expect(try bob.receive(two).0.content == "two")
        #expect(throws: ChannelError.epochNotReached(1)) { try bob.receive(one) }
        #expect(try bob.applyRekey(first[0], identity: bobID).epoch == 1)
        #expect(try bob.receive(one).0.content == "one")
        #expect(try bob.channel(named: "Garden").0.epoch == 2)
    }

    @Test("codes that cannot be delivered leave the channel at its epoch, the subscriber not removed")
    func undelivered() throws {
        struct Unwritable: Error {}
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID)
        _ = try alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID)
        #expect(throws: Unwritable.self) { try alice.removeSubscriber("Carol", from: "Garden", owner: aliceID) { _ in throw Unwritable() } }
        #expect(try alice.channel(named: "Garden").0 == garden)
        #expect(try alice.subscribers(of: "Garden").allSatisfy { $0.removed == nil })
    }

    @Test("a rekey code signed by someone else is refused and changes nothing")
    func forgedRekey() throws {
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        let forged = try ChannelRekeyCode.encode(garden.at(epoch: 1, secret: SecureRandom.data(32)), to: [bobID.publicIdentity], removed: [], signedBy: carolID)
        #expect(throws: ChannelError.badSignature) { try bob.applyRekey(forged[0], identity: bobID) }
        #expect(try bob.channel(named: "Garden").0.epoch == 0)
    }

    @Test("epoch secrets are sealed under the passphrase like channel secrets")
    func sealedEpochs() throws {
        let directory = try TemporaryDirectory()
        let store = try LocalStore(directory: directory.path, passphrase: { "pass phrase" })
        let owner = try store.createIdentity(name: "Owner", passphrase: "pass phrase", rounds: 1_000)
        _ = try store.createChannel(name: "Garden", owner: owner)
        let garden = try store.channel(named: "Garden").0
        _ = try store.share(garden, to: bobID.publicIdentity, signedBy: owner)
        _ = try store.share(garden, to: carolID.publicIdentity, signedBy: owner)
        _ = try store.removeSubscriber("Carol", from: "Garden", owner: owner)
        let rows = try store.database.read { db in try ChannelEpochRecord.fetchAll(db) }
        #expect(rows.count == 1 && rows.allSatisfy { SealedStoreSecret.isSealed($0.secret) && !$0.secret.contains(garden.secret) })
    }
}

private extension Data {
    func contains(_ other: Data) -> Bool { range(of: other) != nil }
}
