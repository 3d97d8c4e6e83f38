import Crypto
import Foundation
@testable import SeqrCore
import Testing

/// The account key wrapped per unlock method (docs/formats/notes.md "Account key"), against the
/// shared vectors (Tests/Vectors/account-key-v1.json, read by the web app's node tests too) written
/// by an independent implementation from the docs alone (Tests/Reference/account_key_reference.py).
@Suite("Account key")
struct AccountKeyTests {
    static let vectorFile = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/account-key-v1.json")

    struct Vectors: Decodable {
        struct Vector: Decodable {
            let name, password, username, kind, methodID, authKey, wrappingKey, accountKey, wrappedKey: String
            let kdf: AccountKDFParameters
        }
        let vectors: [Vector]
    }

    static func vectors() throws -> [Vectors.Vector] { try JSONDecoder().decode(Vectors.self, from: Data(contentsOf: vectorFile)).vectors }
    static func bytes(_ key: SymmetricKey) -> Data { key.withUnsafeBytes { Data($0) } }

    @Test("the password derives the vectors' wrapping key, each wrapped key opens to its account key, and sealing with its nonce gives its bytes")
    func vectors() throws {
        for v in try Self.vectors() {
            let keys = try AccountKeys(password: v.password, parameters: v.kdf)
            #expect(keys.authenticationToken == v.authKey, "\(v.name)")
            #expect(Self.bytes(keys.wrappingKey).base64EncodedString() == v.wrappingKey, "\(v.name)")
            let kind = try #require(UnlockMethodKind(rawValue: v.kind))
            let wrapped = try WrappedAccountKey(parsing: try #require(Data(base64Encoded: v.wrappedKey)))
            let key = try wrapped.open(wrappingKey: keys.wrappingKey, username: v.username, kind: kind, methodID: v.methodID)
            #expect(Self.bytes(key).base64EncodedString() == v.accountKey, "\(v.name)")
            // The same AEAD with the vector's nonce: byte for byte what the reference wrote.
            let nonce = try AES.GCM.Nonce(data: wrapped.bytes[1..<13])
            let box = try AES.GCM.seal(Self.bytes(key), using: keys.wrappingKey, nonce: nonce,
                                       authenticating: WrappedAccountKey.associatedData(username: v.username, kind: kind, methodID: v.methodID))
            #expect(Data([1]) + box.combined! == wrapped.bytes)
        }
        let existing = try #require(try Self.vectors().first { $0.name == "existing account" })
        let keys = try AccountKeys(password: existing.password, parameters: existing.kdf)
        #expect(Self.bytes(AccountKey.existing(keys, parameters: existing.kdf).key).base64EncodedString() == existing.accountKey)
    }

    @Test("a wrapped key moved to another account, relabelled as another kind or given another method id does not open; nor a changed byte or another password")
    func swapsFail() throws {
        let v = try #require(try Self.vectors().first)
        let keys = try AccountKeys(password: v.password, parameters: v.kdf)
        let wrapped = try WrappedAccountKey(parsing: try #require(Data(base64Encoded: v.wrappedKey)))
        #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) {
            try wrapped.open(wrappingKey: keys.wrappingKey, username: "mallory", kind: .password, methodID: v.methodID)
        }
        #expect(throws: NotesError.wrappedKeyDoesNotOpen(.passkey)) {
            try wrapped.open(wrappingKey: keys.wrappingKey, username: v.username, kind: .passkey, methodID: v.methodID)
        }
        #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) {
            try wrapped.open(wrappingKey: keys.wrappingKey, username: v.username, kind: .password, methodID: UUIDText.lowercase(UUID()))
        }
        let other = try AccountKeys(password: v.password + "!", parameters: v.kdf)
        #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) {
            try wrapped.open(wrappingKey: other.wrappingKey, username: v.username, kind: .password, methodID: v.methodID)
        }
        for offset in 1..<WrappedAccountKey.byteCount {
            var bent = wrapped.bytes
            bent[offset] ^= 0x80
            #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) {
                try WrappedAccountKey(parsing: bent).open(wrappingKey: keys.wrappingKey, username: v.username, kind: .password, methodID: v.methodID)
            }
        }
        var version = wrapped.bytes
        version[0] = 2
        #expect(throws: NotesError.unsupportedWrappedKeyVersion(2)) { try WrappedAccountKey(parsing: version) }
        #expect(throws: NotesError.malformedWrappedKey(length: 60)) { try WrappedAccountKey(parsing: wrapped.bytes.dropLast()) }
    }

    @Test("a cipher with an account key seals under it with its label, opens such notes, and still opens notes sealed from the password")
    func cipherWithAccountKey() throws {
        let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
        let legacyCipher = NoteCipher(password: "a password of some length")
        let legacy = try legacyCipher.seal(NotePlaintext(title: "old", info: "from the password"), noteVersion: 1, account: kdf)

        let accountKey = AccountKey.random(iterations: kdf.iterations)
        #expect(accountKey.noteKDF.salt != kdf.salt)
        let cipher = NoteCipher(password: "a password of some length").withAccountKey(accountKey)
        let sealed = try cipher.seal(NotePlaintext(title: "new", info: "under the account key"), noteVersion: 1, account: kdf)
        #expect(sealed.kdf == NoteKDF(accountKey.noteKDF))
        #expect(try cipher.open(sealed, version: 1).info == "under the account key")
        #expect(try cipher.open(legacy, version: 1).info == "from the password")
        // The password alone does not open a note under a random account key.
        #expect(throws: NotesError.authenticationFailed) { try legacyCipher.open(sealed, version: 1) }
    }

    @Test("an existing account's key is its encryption key: the notes its password sealed open under the account key unchanged")
    func existingAccountKeyOpensOldNotes() throws {
        let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
        let old = NoteCipher(password: "the account's password")
        let note = try old.seal(NotePlaintext(title: "kept", info: "as it was"), noteVersion: 1, account: kdf)
        let keys = try old.accountKeys(kdf)
        let accountKey = AccountKey.existing(keys, parameters: kdf)
        let method = NotesAPI.NewUnlockMethod.password(accountKey, keys: keys, username: "alice")
        let list = NotesAPI.UnlockMethodList(noteKDF: kdf, methods: [.init(kind: .password, id: method.id, wrappedKey: method.wrappedKey, createdAt: Date())])
        // Another password cannot open the cipher's key: a cipher with no password at all opens the note through the key alone.
        let unwrapped = try #require(try list.accountKey(password: keys, username: "alice"))
        #expect(try NoteCipher(password: "").withAccountKey(unwrapped).open(note, version: 1).info == "as it was")
        #expect(throws: NotesError.wrappedKeyDoesNotOpen(.password)) { try list.accountKey(password: keys, username: "bob") }
        #expect(try NotesAPI.UnlockMethodList(noteKDF: nil, methods: []).accountKey(password: keys, username: "alice") == nil)
    }
}
