import Foundation
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

@Suite("Local store")
struct LocalStoreTests {
    let ownerDirectory: TemporaryDirectory
    let subscriberDirectory: TemporaryDirectory
    let owner: LocalStore
    let subscriber: LocalStore

    init() throws {
        ownerDirectory = try TemporaryDirectory()
        subscriberDirectory = try TemporaryDirectory()
        owner = try LocalStore(directory: ownerDirectory.path)
        subscriber = try LocalStore(directory: subscriberDirectory.path)
    }

    @Test("the whole flow between two stores: create, share, subscribe, publish, receive, history")
    func flow() throws {
        let alice = try owner.createIdentity(name: "Alice", passphrase: nil)
        let bob = try subscriber.createIdentity(name: "Bob", passphrase: nil)
        let channel = try owner.createChannel(name: "Garden", owner: alice)
        let share = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: alice)
        #expect(try subscriber.subscribe(share: share, identity: bob) == channel)
        let message = ChannelMessage(kind: .text, created: Date(), expires: nil, content: "Meeting at 6")
        let (published, code) = try owner.publish(message, in: "Garden", owner: alice)
        #expect(published.published && published.content == "Meeting at 6")
        let (received, from) = try subscriber.receive(code, latitude: 47.37, longitude: 8.54)
        #expect(received == message && from.name == "Garden")
        let history = try subscriber.history(channel: "Garden")
        #expect(history.count == 1 && history[0].latitude == 47.37 && history[0].encoded == Data(code))
        #expect(try owner.history().count == 1)
        #expect(try subscriber.channels(owned: false).map(\.name) == ["Garden"])
        #expect(try owner.channels(owned: true).map(\.name) == ["Garden"])
    }

    @Test("a non-subscriber cannot read, and nothing is stored")
    func nonSubscriber() throws {
        let alice = try owner.createIdentity(name: "Alice", passphrase: nil)
        _ = try owner.createChannel(name: "Secret", owner: alice)
        let (_, code) = try owner.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "x"), in: "Secret", owner: alice)
        _ = try subscriber.createIdentity(name: "Eve", passphrase: nil)
        #expect(throws: ChannelError.self) { try subscriber.receive(code) }
        #expect(try subscriber.history().isEmpty)
    }

    @Test("a share replayed after unsubscribing is refused; unsubscribing deletes the secret")
    func replay() throws {
        let alice = try owner.createIdentity(name: "Alice", passphrase: nil)
        let bob = try subscriber.createIdentity(name: "Bob", passphrase: nil)
        let channel = try owner.createChannel(name: "News", owner: alice)
        let share = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: alice)
        _ = try subscriber.subscribe(share: share, identity: bob)
        #expect(throws: StoreError.shareAlreadyUsed) { try subscriber.subscribe(share: share, identity: bob) }
        _ = try subscriber.unsubscribe("News")
        #expect(throws: StoreError.channelNotFound("News")) { try subscriber.channel(named: "News") }
        #expect(throws: StoreError.shareAlreadyUsed) { try subscriber.subscribe(share: share, identity: bob) }
        let (_, code) = try owner.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "after"), in: "News", owner: alice)
        #expect(throws: ChannelError.unknownChannel(channel.id)) { try subscriber.receive(code) }
        // A fresh share from the owner works again.
        let again = try ChannelShareCode.encode(channel, to: bob.publicIdentity, signedBy: alice)
        #expect(try subscriber.subscribe(share: again, identity: bob).id == channel.id)
    }

    @Test("identity sealed with a passphrase: the right one opens it, a wrong or missing one does not")
    func sealedIdentity() throws {
        let created = try owner.createIdentity(name: "Alice", passphrase: "pass phrase", rounds: 1_000)
        #expect(try owner.identityIsSealed)
        #expect(try owner.identity(passphrase: "pass phrase").publicIdentity == created.publicIdentity)
        #expect(throws: StoreError.wrongPassphrase) { try owner.identity(passphrase: "nope") }
        #expect(throws: StoreError.passphraseRequired) { try owner.identity(passphrase: nil) }
        #expect(throws: StoreError.identityExists) { try owner.createIdentity(name: "Again", passphrase: nil) }
        // The raw database never holds the private key in the clear.
        let raw = try Data(contentsOf: URL(fileURLWithPath: owner.path))
        let plainKeys = Data(created.serializedPrivateKeys())
        #expect(raw.range(of: plainKeys.prefix(33)) == nil)
    }

    @Test("two store handles on one database write concurrently without corrupting it")
    func concurrentWriters() async throws {
        let alice = try owner.createIdentity(name: "Alice", passphrase: nil)
        _ = try owner.createChannel(name: "Busy", owner: alice)
        let second = try LocalStore(directory: ownerDirectory.path)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for (index, store) in [owner, second].enumerated() {
                group.addTask {
                    for n in 0..<25 {
                        _ = try store.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "\(index)-\(n)"), in: "Busy", owner: alice)
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try owner.history(channel: "Busy").count == 50)
    }
}

@Suite("Identity passphrase normalisation")
struct IdentityPassphraseTests {
    @Test("an identity sealed with a decomposed é opens with the precomposed one (NFC), and vice versa")
    func nfc() throws {
        let directory = try TemporaryDirectory()
        let store = try LocalStore(directory: directory.path)
        let created = try store.createIdentity(name: "Zoé", passphrase: "caf\u{65}\u{301} au lait", rounds: 1_000)
        #expect(try store.identity(passphrase: "caf\u{e9} au lait").publicIdentity == created.publicIdentity)
        #expect(try store.identity(passphrase: "caf\u{65}\u{301} au lait").publicIdentity == created.publicIdentity)
        #expect(throws: StoreError.wrongPassphrase) { try store.identity(passphrase: "cafe au lait") }
    }

    @Test("an identity sealed before normalisation (the passphrase's bytes as typed) still opens with that passphrase")
    func legacyRawBytes() throws {
        let directory = try TemporaryDirectory()
        let store = try LocalStore(directory: directory.path)
        _ = try store.createIdentity(name: "Old", passphrase: nil)
        // What the store wrote before: the keys sealed under the decomposed bytes as typed.
        let identity = try store.identity(passphrase: nil)
        let raw = VaultMessage.seal(identity.serializedPrivateKeys(), password: "caf\u{65}\u{301}", rounds: 1_000).serialized()
        try store.database.write { db in try db.execute(sql: "UPDATE identity SET keys = ?, sealed = 1", arguments: [Data(raw)]) }
        #expect(try store.identity(passphrase: "caf\u{65}\u{301}").publicIdentity == identity.publicIdentity)
        // Opened by its raw bytes once, it is resealed under NFC: the precomposed form opens it now.
        #expect(try store.identity(passphrase: "caf\u{e9}").publicIdentity == identity.publicIdentity)
    }

    @Test("a name longer than 255 UTF-8 bytes is refused rather than cut inside a character")
    func longName() throws {
        let directory = try TemporaryDirectory()
        let store = try LocalStore(directory: directory.path)
        #expect(throws: StoreError.nameTooLong(256)) { try store.createIdentity(name: String(repeating: "é", count: 128), passphrase: nil) }
        #expect(try store.createIdentity(name: String(repeating: "é", count: 127), passphrase: nil).name.count == 127)
        #expect(try store.identity(passphrase: nil).name.count == 127)
    }
}
