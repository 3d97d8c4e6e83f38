import Foundation
import GRDB
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// `LocalStore.identityBackup()` and `restore(_:passphrase:)`: what `seqr id export` and `import` do
/// to a store, with the web app's file (Tests/Vectors/identity-backup-web.json) among them.
@Suite("Identity backup and the store")
struct IdentityBackupStoreTests {
    let directories: [TemporaryDirectory]
    init() throws { directories = try (0..<4).map { _ in try TemporaryDirectory() } }

    static func webBackup() throws -> (IdentityBackup, IdentityBackupWebVector) {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/identity-backup-web.json")
        let vector = try JSONDecoder().decode(IdentityBackupWebVector.self, from: Data(contentsOf: url))
        return (try SealedIdentityBackup(parsing: [UInt8](Data(base64Encoded: vector.fileBase64)!)).open(passphrase: vector.passphrase), vector)
    }

    @Test("the page's backup restored into an empty store: its identity sealed under the passphrase, its channels and epochs; the page's messages read")
    func webIntoEmptyStore() throws {
        let (backup, vector) = try Self.webBackup()
        let store = try LocalStore(directory: directories[0].path)
        let summary = try store.restore(backup, passphrase: vector.passphrase)
        #expect(summary == .init(identityRestored: true, channelsAdded: 2, epochsAdded: 0))
        #expect(try store.identityIsSealed)
        let reopened = try LocalStore(directory: directories[0].path)
        #expect(throws: StoreError.wrongPassphrase) { try reopened.identity(passphrase: "another") }
        #expect(try reopened.identity(passphrase: vector.passphrase).publicIdentity.fingerprint == vector.fingerprint)
        #expect(try reopened.channels().map(\.name).sorted() == ["Balcony", "Orchard"])
        for message in vector.messages {
            let bytes = [UInt8](stride(from: 0, to: message.code.count, by: 2).map { UInt8(message.code.dropFirst($0).prefix(2), radix: 16)! })
            #expect(try reopened.receive(bytes).0.content == message.content)
        }
        let subscribers = try reopened.subscribers(of: "Balcony")
        #expect(subscribers.map { [$0.name, "\($0.removed != nil)"] } == vector.subscribers.map { [$0.name, "\($0.removed)"] })
        // And out again: the same channels, epochs and subscribers as the page wrote.
        let again = try reopened.identityBackup()
        #expect(Set(again.channels.map { "\($0.name) \($0.secrets.keys.sorted()) \($0.subscribers.map(\.name))" })
                == Set(backup.channels.map { "\($0.name) \($0.secrets.keys.sorted()) \($0.subscribers.map(\.name))" }))
    }

    @Test("a store's backup restored into another store: same identity, channels and every epoch's secret")
    func storeToStore() throws {
        let alice = try LocalStore(directory: directories[0].path, passphrase: { "alice's passphrase" })
        let bob = try LocalStore(directory: directories[1].path), carol = try LocalStore(directory: directories[2].path)
        let aliceID = try alice.createIdentity(name: "Alice", passphrase: "alice's passphrase", rounds: 210_000)
        let bobID = try bob.createIdentity(name: "Bob", passphrase: nil), carolID = try carol.createIdentity(name: "Carol", passphrase: nil)
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        _ = try bob.subscribe(share: alice.share(garden, to: bobID.publicIdentity, signedBy: aliceID), identity: bobID)
        _ = try alice.share(garden, to: carolID.publicIdentity, signedBy: aliceID)
        let early = try alice.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "epoch 0"), in: "Garden", owner: aliceID).1
        _ = try alice.removeSubscriber("Carol", from: "Garden", owner: aliceID)
        let late = try alice.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "epoch 1"), in: "Garden", owner: aliceID).1
        let orchard = try bob.createChannel(name: "Orchard", owner: bobID)
        _ = try alice.subscribe(share: bob.share(orchard, to: aliceID.publicIdentity, signedBy: bobID), identity: aliceID)
        let backup = try alice.identityBackup()
        #expect(backup.channels.map(\.name) == ["Garden", "Orchard"])
        #expect(backup.channels[0].secrets.keys.sorted() == [0, 1])

        let laptop = try LocalStore(directory: directories[3].path, passphrase: { "alice's passphrase" })
        #expect(try laptop.restore(backup, passphrase: "alice's passphrase").channelsAdded == 2)
        for (code, text) in [(early, "epoch 0"), (late, "epoch 1")] { #expect(try laptop.receive(code).0.content == text) }
        // The restored owner removes Bob: the rekey reaches no one removed before.
        let (_, moved, codes) = try laptop.removeSubscriber("Bob", from: "Garden", owner: try laptop.identity())
        #expect(moved.epoch == 2 && !codes.isEmpty)
    }

    @Test("another identity's backup is refused and nothing is written; the same identity gains only what it lacks")
    func mergeAndRefuse() throws {
        let alice = try LocalStore(directory: directories[0].path)
        let aliceID = try alice.createIdentity(name: "Alice", passphrase: nil)
        let garden = try alice.createChannel(name: "Garden", owner: aliceID)
        let (web, _) = try Self.webBackup()
        #expect(throws: StoreError.otherIdentity(backup: web.identity.publicIdentity.fingerprint, store: aliceID.publicIdentity.fingerprint)) {
            try alice.restore(web, passphrase: "x")
        }
        #expect(try alice.channels().map(\.name) == ["Garden"])
        #expect(try alice.identity(passphrase: nil).publicIdentity == aliceID.publicIdentity)

        // A phone holds Garden at epoch 0 only; Alice's later backup brings epoch 1 and a new channel.
        let phone = try LocalStore(directory: directories[1].path)
        _ = try phone.restore(try alice.identityBackup(), passphrase: nil)
        let bob = PrivateIdentity.generate(name: "Bob")
        _ = try alice.share(garden, to: bob.publicIdentity, signedBy: aliceID)
        _ = try alice.removeSubscriber("Bob", from: "Garden", owner: aliceID)
        _ = try alice.createChannel(name: "Pond", owner: aliceID)
        let later = try alice.publish(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "epoch 1"), in: "Garden", owner: aliceID).1
        let backup = try alice.identityBackup()
        #expect(try phone.restore(backup, passphrase: nil) == .init(identityRestored: false, channelsAdded: 1, epochsAdded: 1))
        #expect(try phone.restore(backup, passphrase: nil) == .init(identityRestored: false, channelsAdded: 0, epochsAdded: 0))
        #expect(try phone.receive(later).0.content == "epoch 1")
        #expect(try phone.subscribers(of: "Garden").map { $0.removed != nil } == [true])
    }
}

struct IdentityBackupWebVector: Decodable {
    struct Subscriber: Decodable { let name: String; let removed: Bool }
    struct Message: Decodable { let code: String; let content: String }
    let passphrase: String, name: String, fingerprint: String, fileBase64: String
    let subscribers: [Subscriber], messages: [Message]
}
