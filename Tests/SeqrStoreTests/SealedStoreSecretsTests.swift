import Foundation
import GRDB
import SeqrCore
@testable import SeqrStore
import SeqrTestSupport
import Testing

/// With a passphrase on the identity, a copy of the store file without the passphrase holds
/// no channel secret, notes token or location share key (docs/formats/local-store.md).
@Suite("Sealed store secrets")
struct SealedStoreSecretsTests {
    let directory: TemporaryDirectory
    let passphrase = "correct horse"
    let token = "tok_q8N3xVhD2kP0mWzR7yLcA1sB5uE9fJ4iT6oG3nHbK2Y"

    init() throws { directory = try TemporaryDirectory() }

    func open(passphrase: String?) throws -> LocalStore {
        try LocalStore(directory: directory.path, passphrase: { passphrase })
    }

    /// The database file and its WAL, as a thief would copy them.
    func rawFiles(_ store: LocalStore) throws -> Data {
        try [store.path, store.path + "-wal"].filter { FileManager.default.fileExists(atPath: $0) }
            .reduce(Data()) { $0 + (try Data(contentsOf: URL(fileURLWithPath: $1))) }
    }

    func session() -> NotesSession {
        NotesSession(server: "https://notes.example", username: "alice", token: token,
                     kdf: AccountKDFParameters(iterations: 1_000, salt: "c2FsdA=="), expires: Date(timeIntervalSinceNow: 3600))
    }

    @Test("channel secrets, the notes token and share keys are not in the store's files; the passphrase brings them back")
    func sealedAtRest() throws {
        let store = try open(passphrase: passphrase)
        let alice = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        let channel = try store.createChannel(name: "Garden", owner: alice)
        try store.saveNotesSession(session())
        let shareKey = LocationShareKey.generate()
        try store.saveLocationShare(OwnedLocationShare(id: "share-1", server: "https://notes.example", key: shareKey, created: Date(), expires: nil))

        let raw = try rawFiles(store)
        #expect(raw.range(of: channel.secret) == nil)
        #expect(raw.range(of: Data(token.utf8)) == nil)
        #expect(raw.range(of: shareKey.bytes) == nil)

        let reopened = try open(passphrase: passphrase)
        #expect(try reopened.channel(named: "Garden").0.secret == channel.secret)
        #expect(try reopened.notesSession()?.token == token)
        #expect(try reopened.locationShares().first?.key.bytes == shareKey.bytes)
    }

    @Test("without the passphrase a sealed secret is refused, a wrong one too; listing channels needs none")
    func lockedWithoutPassphrase() throws {
        let store = try open(passphrase: passphrase)
        let alice = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        _ = try store.createChannel(name: "Garden", owner: alice)
        try store.saveNotesSession(session())

        let locked = try open(passphrase: nil)
        #expect(try locked.channels().map(\.name) == ["Garden"])
        #expect(throws: StoreError.passphraseRequired) { try locked.channel(named: "Garden") }
        #expect(throws: StoreError.passphraseRequired) { try locked.notesSession() }
        let wrong = try open(passphrase: "wrong horse")
        #expect(throws: StoreError.wrongPassphrase) { try wrong.notesSession() }
    }

    @Test("secrets saved in clear before the identity had a passphrase are sealed when it is created, and still read")
    func clearRowsSealedOnCreation() throws {
        let store = try open(passphrase: passphrase)
        try store.saveNotesSession(session())  // no identity yet: kept in clear
        #expect(try rawFiles(store).range(of: Data(token.utf8)) != nil)
        _ = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        #expect(try rawFiles(store).range(of: Data(token.utf8)) == nil)  // not even in freed pages or the WAL
        let stored = try store.database.read { db in try NotesSessionRecord.fetchOne(db) }
        #expect(stored?.token.hasPrefix(SealedStoreSecret.textPrefix) == true)
        #expect(try open(passphrase: passphrase).notesSession()?.token == token)
    }

    @Test("a store written in clear by an older version under a sealed identity is read, then sealed at the next unlock")
    func legacyClearRows() throws {
        let store = try open(passphrase: passphrase)
        let alice = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        // What a version before sealing wrote: the identity sealed, the secrets not.
        let channel = Channel.create(name: "Old", owner: alice.publicIdentity)
        let shareKey = LocationShareKey.generate()
        try store.database.write { db in
            try LocalStore.record(channel, owned: true, key: nil).insert(db)
            try LocationShareRecord(id: "old-share", server: "https://notes.example", key: shareKey.bytes, created: Date(), expires: nil).insert(db)
        }
        let locked = try open(passphrase: nil)
        #expect(try locked.channel(named: "Old").0.secret == channel.secret)  // clear rows need no passphrase
        #expect(try locked.locationShares().first?.key.bytes == shareKey.bytes)

        let unlocked = try open(passphrase: passphrase)
        _ = try unlocked.identity()
        let records = try unlocked.database.read { db in (try ChannelRecord.fetchAll(db), try LocationShareRecord.fetchAll(db)) }
        #expect(records.0.allSatisfy { SealedStoreSecret.isSealed($0.secret) })
        #expect(records.1.allSatisfy { SealedStoreSecret.isSealed($0.key) })
        #expect(try open(passphrase: passphrase).channel(named: "Old").0.secret == channel.secret)
        #expect(throws: StoreError.passphraseRequired) { try open(passphrase: nil).channel(named: "Old") }
    }

    @Test("a sealed secret moved to another row, or with a flipped byte, does not open")
    func boundToItsRow() throws {
        let store = try open(passphrase: passphrase)
        let alice = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        _ = try store.createChannel(name: "One", owner: alice)
        _ = try store.createChannel(name: "Two", owner: alice)
        try store.database.write { db in
            let rows = try ChannelRecord.order(Column("name")).fetchAll(db)
            var two = rows[1]
            two.secret = rows[0].secret  // One's sealed secret pasted into Two
            try two.update(db)
        }
        #expect(throws: StoreSecretError.authenticationFailed) { try open(passphrase: passphrase).channel(named: "Two") }
        #expect(throws: Never.self) { try open(passphrase: passphrase).channel(named: "One") }
        try store.database.write { db in
            var one = try ChannelRecord.filter(Column("name") == "One").fetchOne(db)!
            one.secret[one.secret.count - 1] ^= 1
            try one.update(db)
        }
        #expect(throws: StoreSecretError.authenticationFailed) { try open(passphrase: passphrase).channel(named: "One") }
    }

    @Test("without a passphrase on the identity nothing is sealed (and nothing is asked)")
    func noPassphraseNoSealing() throws {
        let store = try LocalStore(directory: directory.path, passphrase: { Issue.record("asked for a passphrase"); return nil })
        let alice = try store.createIdentity(name: "Alice", passphrase: nil)
        let channel = try store.createChannel(name: "Garden", owner: alice)
        try store.saveNotesSession(session())
        let raw = try rawFiles(store)
        #expect(raw.range(of: channel.secret) != nil)
        #expect(try store.notesSession()?.token == token)
    }

    @Test("a token deleted by an older version (no secure_delete) leaves no trace once the store is sealed: the file is vacuumed")
    func upgradedStoreVacuumed() throws {
        let store = try open(passphrase: passphrase)
        let oldToken = "tok_OLDOLDOLDxVhD2kP0mWzR7yLcA1sB5uE9fJ4iT6oG3n"
        try store.database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA secure_delete = OFF")  // as versions before this one ran
            var old = session()
            old.token = oldToken
            try NotesSessionRecord(server: old.server, username: old.username, token: oldToken, kdf: Data("{}".utf8), expires: old.expires).insert(db)
            _ = try NotesSessionRecord.deleteAll(db)
            _ = try db.checkpoint(.truncate)
            try db.execute(sql: "PRAGMA secure_delete = ON")
        }
        try store.saveNotesSession(session())
        #expect(try rawFiles(store).range(of: Data(oldToken.utf8)) != nil)  // the deleted token is still in a free page
        _ = try store.createIdentity(name: "Alice", passphrase: passphrase, rounds: 1_000)
        let raw = try rawFiles(store)
        #expect(raw.range(of: Data(oldToken.utf8)) == nil)
        #expect(raw.range(of: Data(token.utf8)) == nil)
    }

    @Test("a channel row whose owner key is not the owner it is filed under is refused")
    func ownerMismatch() throws {
        let store = try open(passphrase: nil)
        let alice = try store.createIdentity(name: "Alice", passphrase: nil)
        _ = try store.createChannel(name: "Garden", owner: alice)
        let mallory = PrivateIdentity.generate(name: "Mallory")
        try store.database.write { db in
            var row = try ChannelRecord.fetchOne(db)!
            row.owner = Data(PublicKeyCode.encode(mallory.publicIdentity).dropFirst(4))
            try row.update(db)
        }
        #expect(throws: StoreError.ownerMismatch("Garden")) { try store.channels() }
    }
}
