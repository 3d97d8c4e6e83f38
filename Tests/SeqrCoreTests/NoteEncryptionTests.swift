import Crypto
import Foundation
import SeqrCore
import Testing

/// Seqr's own note encryption and the account keys.
@Suite("Notes encryption")
struct NoteEncryptionTests {
    static let parameters = AccountKDFParameters.fresh(iterations: 1000)

    @Test("account keys: independent, deterministic per parameters, and weak parameters refused")
    func accountKeys() throws {
        let keys = try AccountKeys(password: "correct horse", parameters: Self.parameters, minimumIterations: 1000)
        let again = try AccountKeys(password: "correct horse", parameters: Self.parameters, minimumIterations: 1000)
        #expect(keys.authenticationToken == again.authenticationToken)
        #expect(keys.authenticationKey != keys.encryptionKey)
        #expect(try AccountKeys(password: "correct horsf", parameters: Self.parameters, minimumIterations: 1000).authenticationToken != keys.authenticationToken)
        #expect(try AccountKeys(password: "correct horse", parameters: .fresh(iterations: 1000), minimumIterations: 1000).authenticationToken != keys.authenticationToken)
        #expect(throws: NotesError.weakKDFParameters(iterations: 1000, minimum: 210_000)) {
            try AccountKeys(password: "p", parameters: Self.parameters)
        }
        #expect(throws: NotesError.unsupportedKDF("md5")) {
            try AccountKeys(password: "p", parameters: AccountKDFParameters(algorithm: "md5", iterations: 1000, salt: Self.parameters.salt), minimumIterations: 1)
        }
        #expect(throws: NotesError.badKDFSalt) {
            try AccountKeys(password: "p", parameters: AccountKDFParameters(iterations: 1000, salt: "c2hvcnQ="), minimumIterations: 1)
        }
    }

    @Test("notes round-trip; swapped fields, moved notes and wrong passwords fail")
    func notes() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let note = try NotePlaintext(title: "Bank 🏦", info: "PIN hint: ünïcödé")
        let sealed = try cipher.seal(note, noteVersion: 1, account: Self.parameters)
        #expect(sealed.format == .seqrAEAD)
        #expect(try cipher.open(sealed, version: 1) == note)
        #expect(throws: (any Error).self) { try NoteCipher(password: "wrong", minimumIterations: 1000).open(sealed, version: 1) }
        var swapped = sealed
        swap(&swapped.title, &swapped.info)
        #expect(throws: NotesError.authenticationFailed) { try cipher.open(swapped, version: 1) }
        var moved = sealed
        moved.id = UUID()
        #expect(throws: NotesError.authenticationFailed) { try cipher.open(moved, version: 1) }
        var truncated = sealed
        truncated.info = truncated.info.prefix(10)
        #expect(throws: NotesError.truncatedField(length: 10)) { try cipher.open(truncated, version: 1) }
        var mismatched = sealed
        mismatched.kdf = .rncryptor()
        #expect(throws: NotesError.parametersDoNotFitFormat(.seqrAEAD)) { try cipher.open(mismatched, version: 1) }
    }

    @Test("fields are bound to the note version: an old info with a new title, or an old note under a new number, fail")
    func versionBinding() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let id = UUID()
        let v1 = try cipher.seal(NotePlaintext(title: "Safe", info: "code 1234"), id: id, noteVersion: 1, account: Self.parameters)
        let v2 = try cipher.seal(NotePlaintext(title: "Safe", info: "code 9876"), id: id, noteVersion: 2, account: Self.parameters)
        #expect(try cipher.open(v2, version: 2).info == "code 9876")
        var mixed = v2
        mixed.info = v1.info
        #expect(throws: NotesError.authenticationFailed) { try cipher.open(mixed, version: 2) }
        #expect(throws: NotesError.authenticationFailed) { try cipher.open(v1, version: 2) }
        // A whole old note under its own number opens; the client's memory refuses it (below).
        #expect(try cipher.open(v1, version: 1).info == "code 1234")
    }

    @Test("a client that saw version 2 refuses version 1, and an unbound form once it saw a bound one")
    func rollback() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let id = UUID()
        func served(_ version: Int, _ content: EncryptedNote) -> NotesAPI.Note {
            NotesAPI.Note(id: id, title: content.title, info: content.info, format: content.format, kdf: content.kdf,
                          version: version, createdAt: Date(), updatedAt: Date())
        }
        let v1 = served(1, try cipher.seal(NotePlaintext(title: "Safe", info: "old"), id: id, noteVersion: 1, account: Self.parameters))
        let v2 = served(2, try cipher.seal(NotePlaintext(title: "Safe", info: "new"), id: id, noteVersion: 2, account: Self.parameters))
        #expect(v2.seen == SeenNoteVersion(version: 2, versionBound: true))
        try v2.checkNotRolledBack(seen: nil)
        try v2.checkNotRolledBack(seen: v1.seen)
        #expect(throws: NotesError.rolledBack(noteID: id, seen: 2, served: 1)) { try v1.checkNotRolledBack(seen: v2.seen) }
        // An old, unbound (field version 1) form of the note, under any version number.
        let legacy = try Self.legacyV1Note(id: id, title: "Safe", info: "older", cipher: cipher)
        #expect(try cipher.open(legacy, version: 7).info == "older")  // still read
        #expect(throws: NotesError.versionBindingRemoved(noteID: id)) { try served(7, legacy).checkNotRolledBack(seen: v2.seen) }
        // Fields from two field versions in one note: mixed by the server.
        var halfLegacy = v2
        halfLegacy.info = legacy.info
        #expect(throws: NotesError.mixedFieldVersions) { try cipher.open(halfLegacy) }
        #expect(SeenNoteVersion(version: 3, versionBound: false).merged(with: v2.seen) == SeenNoteVersion(version: 3, versionBound: true))
    }

    /// A note as clients before field version 2 wrote it, built here from the documented
    /// associated data rather than through SealedNoteField.
    static func legacyV1Note(id: UUID, title: String, info: String, cipher: NoteCipher) throws -> EncryptedNote {
        let key = try cipher.accountKeys(parameters).encryptionKey
        func field(_ text: String, _ role: String) throws -> Data {
            let aad = Data("seqr-note-v1\u{0}\(id.uuidString.lowercased())\u{0}\(role)".utf8)
            return Data([1]) + (try ChaChaPoly.seal(Data(text.utf8), using: key, authenticating: aad)).combined
        }
        return EncryptedNote(id: id, title: try field(title, "title"), info: try field(info, "info"), format: .seqrAEAD, kdf: NoteKDF(parameters))
    }

    @Test("RNCryptor notes stored before are read; new notes are never sealed with the password's weaker KDF")
    func rncryptorReadOnly() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let id = UUID()
        let stored = EncryptedNote(id: id, title: try RNCryptorV3.encrypt(Data("Onion".utf8), password: "pw", iterations: 1000),
                                   info: try RNCryptorV3.encrypt(Data("layers".utf8), password: "pw", iterations: 1000),
                                   format: .rncryptor, kdf: .rncryptor(iterations: 1000))
        let plain = try cipher.open(stored, version: 3)
        #expect(plain == NotePlaintext(unchecked: "Onion", info: "layers"))
        // Re-sealing (an edit) turns it into seqr-aead-v1 under the account key, bound to the next version.
        let resealed = try cipher.seal(plain, id: id, noteVersion: 4, account: Self.parameters)
        #expect(resealed.format == .seqrAEAD && resealed.kdf.algorithm == AccountKDFParameters.pbkdf2SHA256)
        #expect(resealed.title.first == SealedNoteField.version.rawValue)
        #expect(try cipher.open(resealed, version: 4) == plain)
    }

    @Test("Onions' limits are checked before encryption")
    func limits() {
        #expect(throws: NotesError.titleTooLong(31)) { try NotePlaintext(title: String(repeating: "t", count: 31), info: "") }
        #expect(throws: NotesError.infoTooLong(2501)) { try NotePlaintext(title: "t", info: String(repeating: "é", count: 2501)) }
        #expect(throws: NotesError.emptyTitle) { try NotePlaintext(title: "", info: "x") }
        #expect((try? NotePlaintext(title: String(repeating: "🧅", count: 30), info: String(repeating: "i", count: 2500))) != nil)
    }
}

@Suite("Notes export file")
struct NotesExportFileTests {
    static let contents = NotesExportFile.Contents(
        username: "alice", exported: Date(timeIntervalSince1970: 1_800_000_000),
        notes: [.init(title: "Wi-Fi", info: "hunter2 ✓", format: .seqrAEAD), .init(title: "Onion", info: "", format: .rncryptor)])

    @Test("round trip; wrong password, tampering, truncation and foreign files refused")
    func roundTrip() throws {
        let file = NotesExportFile.seal(Self.contents, password: "pw", iterations: 1000)
        #expect(Array(file.prefix(5)) == Array("SQNX".utf8) + [1])
        #expect(try NotesExportFile.open(file, password: "pw") == Self.contents)
        #expect(throws: NotesError.exportWrongPasswordOrDamaged) { try NotesExportFile.open(file, password: "pW") }
        for index in [9, 20, 30, 40, file.count - 1] {
            var tampered = file
            tampered[index] ^= 1
            #expect(throws: NotesError.exportWrongPasswordOrDamaged) { try NotesExportFile.open(tampered, password: "pw") }
        }
        var weaker = file
        weaker[8] ^= 1  // iterations 1000 → 1001: the header is authenticated
        #expect(throws: NotesError.exportWrongPasswordOrDamaged) { try NotesExportFile.open(weaker, password: "pw") }
        #expect(throws: NotesError.truncatedExport) { try NotesExportFile.open(file.prefix(30), password: "pw") }
        #expect(throws: NotesError.notAnExport) { try NotesExportFile.open(Data("%PDF-1.7".utf8), password: "pw") }
        var future = file
        future[4] = 2
        #expect(throws: NotesError.unsupportedExportVersion(2)) { try NotesExportFile.open(future, password: "pw") }
    }
}

@Suite("Sealed note fields")
struct SealedNoteFieldTests {
    @Test("empty, foreign-version and truncated fields are refused with their own error")
    func refusals() throws {
        let key = NoteCipherKey.key
        let id = UUID()
        let sealed = SealedNoteField.seal("x", noteID: id, field: .title, noteVersion: 1, key: key)
        #expect(throws: NotesError.truncatedField(length: 0)) { try SealedNoteField.open(Data(), noteID: id, field: .title, noteVersion: 1, key: key) }
        var foreign = sealed
        foreign[0] = 4
        #expect(throws: NotesError.unsupportedFieldVersion(4)) { try SealedNoteField.open(foreign, noteID: id, field: .title, noteVersion: 1, key: key) }
        #expect(throws: NotesError.truncatedField(length: 28)) { try SealedNoteField.open(sealed.prefix(28), noteID: id, field: .title, noteVersion: 1, key: key) }
        #expect(try SealedNoteField.open(sealed, noteID: id, field: .title, noteVersion: 1, key: key) == "x")
        #expect(throws: NotesError.authenticationFailed) { try SealedNoteField.open(sealed, noteID: id, field: .title, noteVersion: 2, key: key) }
    }
}

enum NoteCipherKey { static let key = SymmetricKey(size: .bits256) }
