import Crypto
import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Note field version 3 (AES-256-GCM), against docs/formats/notes.md, the shared vector file
/// (Tests/Vectors/note-field-v3.json, which the web app's node tests read too) and an independent
/// implementation written from the docs alone (Tests/Reference/note_field_reference.py, Python `cryptography`).
@Suite("Note field version 3")
struct NoteFieldV3Tests {
    static let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let script = tests.appendingPathComponent("Reference/note_field_reference.py").path
    static let vectorFile = tests.appendingPathComponent("Vectors/note-field-v3.json").path

    struct Vectors: Decodable {
        struct KDF: Decodable { let algorithm: String; let iterations: Int; let salt: String }
        struct Field: Decodable { let noteId: UUID; let role: String; let noteVersion: Int; let text: String; let aad: String; let sealed: String }
        struct Tampered: Decodable { let what: String; let noteId: UUID; let role: String; let noteVersion: Int; let sealed: String; let error: String }
        struct Legacy: Decodable { let noteId: UUID; let role: String; let noteVersion: Int; let text: String; let sealed: String }
        let password: String
        let kdf: KDF
        let authKey: String
        let encKey: String
        let fields: [Field]
        let tampered: [Tampered]
        let legacyFieldVersion2: Legacy
    }

    static func python(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try ExternalTool.named("python3").run([script] + arguments, stdin: stdin)
    }

    static func base64(_ key: SymmetricKey) -> String { key.withUnsafeBytes { Data($0).base64EncodedString() } }

    static let key = SymmetricKey(size: .bits256)

    @Test("a field is written as version 3: 0x03, a 12-byte nonce, AES-256-GCM under the documented associated data, a 16-byte tag")
    func layout() throws {
        let id = UUID()
        let sealed = SealedNoteField.seal("Wi-Fi ✓", noteID: id, field: .info, noteVersion: 41, key: Self.key)
        #expect(sealed.first == 3 && sealed.count == 1 + 12 + Data("Wi-Fi ✓".utf8).count + 16)
        // Opened with swift-crypto's AES.GCM directly, with the associated data spelled out as the docs give it.
        let aad = Data("seqr-note-v3".utf8) + [0] + Data(id.uuidString.lowercased().utf8) + [0] + Data("info".utf8) + [0] + Data("41".utf8)
        let box = try AES.GCM.SealedBox(combined: sealed.dropFirst())
        #expect(try AES.GCM.open(box, using: Self.key, authenticating: aad) == Data("Wi-Fi ✓".utf8))
        #expect(try SealedNoteField.open(sealed, noteID: id, field: .info, noteVersion: 41, key: Self.key) == "Wi-Fi ✓")
        #expect(SealedNoteField.isVersionBound(sealed))
        // Two seals of one text differ: each has its own random nonce.
        #expect(SealedNoteField.seal("x", noteID: id, field: .title, noteVersion: 1, key: Self.key).subdata(in: 1..<13)
            != SealedNoteField.seal("x", noteID: id, field: .title, noteVersion: 1, key: Self.key).subdata(in: 1..<13))
    }

    /// One way a server (or the network) could change a version 3 field, and the error it must get.
    struct Tamper: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let change: @Sendable (inout Data, inout UUID, inout SealedNoteField.Field, inout Int) -> Void
        let error: NotesError
    }

    static let tampers: [Tamper] = [
        Tamper(testDescription: "another note id", change: { _, id, _, _ in id = UUID() }, error: .authenticationFailed),
        Tamper(testDescription: "the other role", change: { _, _, role, _ in role = .title }, error: .authenticationFailed),
        Tamper(testDescription: "a newer note version", change: { _, _, _, version in version += 1 }, error: .authenticationFailed),
        Tamper(testDescription: "an older note version", change: { _, _, _, version in version -= 1 }, error: .authenticationFailed),
        Tamper(testDescription: "field version byte 2 (ChaCha20-Poly1305, seqr-note-v2)", change: { data, _, _, _ in data[data.startIndex] = 2 }, error: .authenticationFailed),
        Tamper(testDescription: "field version byte 1", change: { data, _, _, _ in data[data.startIndex] = 1 }, error: .authenticationFailed),
        Tamper(testDescription: "field version byte 4", change: { data, _, _, _ in data[data.startIndex] = 4 }, error: .unsupportedFieldVersion(4)),
        Tamper(testDescription: "a nonce byte", change: { data, _, _, _ in data[data.startIndex + 1] ^= 0x80 }, error: .authenticationFailed),
        Tamper(testDescription: "the last nonce byte", change: { data, _, _, _ in data[data.startIndex + 12] ^= 0x01 }, error: .authenticationFailed),
        Tamper(testDescription: "a ciphertext byte", change: { data, _, _, _ in data[data.startIndex + 13] ^= 0x01 }, error: .authenticationFailed),
        Tamper(testDescription: "a tag byte", change: { data, _, _, _ in data[data.endIndex - 1] ^= 0x01 }, error: .authenticationFailed),
        Tamper(testDescription: "the tag cut off", change: { data, _, _, _ in data = data.dropLast(16) }, error: .truncatedField(length: 22)),
        Tamper(testDescription: "a byte appended", change: { data, _, _, _ in data.append(0) }, error: .authenticationFailed),
    ]

    @Test("every change is refused: note id, role, note version, field version, nonce, ciphertext, tag", arguments: tampers)
    func tamperRefused(tamper: Tamper) throws {
        let id = UUID()
        let original = SealedNoteField.seal("code 9876", noteID: id, field: .info, noteVersion: 5, key: Self.key)
        #expect(try SealedNoteField.open(original, noteID: id, field: .info, noteVersion: 5, key: Self.key) == "code 9876")
        var (data, noteID, role, version) = (original, id, SealedNoteField.Field.info, 5)
        tamper.change(&data, &noteID, &role, &version)
        #expect(throws: tamper.error) { try SealedNoteField.open(data, noteID: noteID, field: role, noteVersion: version, key: Self.key) }
    }

    @Test("the vector file: keys derived from the NFD password's NFC form, each field opens, each tampered one is refused with its error")
    func vectorFile() throws {
        let vectors = try JSONDecoder().decode(Vectors.self, from: try #require(FileManager.default.contents(atPath: Self.vectorFile)))
        let parameters = AccountKDFParameters(algorithm: vectors.kdf.algorithm, iterations: vectors.kdf.iterations, salt: vectors.kdf.salt)
        let keys = try AccountKeys(password: vectors.password, parameters: parameters)
        #expect(keys.authenticationToken == vectors.authKey)
        #expect(Self.base64(keys.encryptionKey) == vectors.encKey)
        func role(_ name: String) throws -> SealedNoteField.Field { try #require(SealedNoteField.Field(rawValue: name)) }
        for field in vectors.fields {
            let sealed = try #require(Data(base64Encoded: field.sealed))
            #expect(sealed.first == 3)
            #expect(try SealedNoteField.open(sealed, noteID: field.noteId, field: try role(field.role), noteVersion: field.noteVersion,
                                             key: keys.encryptionKey) == field.text)
            let aad = Data("seqr-note-v3\u{0}\(field.noteId.uuidString.lowercased())\u{0}\(field.role)\u{0}\(field.noteVersion)".utf8)
            #expect(aad.base64EncodedString() == field.aad)
        }
        let errors: [String: (Data) -> NotesError] = [
            "authenticationFailed": { _ in .authenticationFailed },
            "unsupportedFieldVersion": { .unsupportedFieldVersion($0.first ?? 0) },
            "truncatedField": { .truncatedField(length: $0.count) },
        ]
        #expect(vectors.tampered.count >= 9)
        for tampered in vectors.tampered {
            let sealed = try #require(Data(base64Encoded: tampered.sealed))
            let expected = try #require(errors[tampered.error], "\(tampered.error)")
            let error = expected(sealed)
            #expect(throws: error, "\(tampered.what)") {
                try SealedNoteField.open(sealed, noteID: tampered.noteId, field: try role(tampered.role), noteVersion: tampered.noteVersion,
                                         key: keys.encryptionKey)
            }
        }
        let legacy = vectors.legacyFieldVersion2
        #expect(try SealedNoteField.open(try #require(Data(base64Encoded: legacy.sealed)), noteID: legacy.noteId, field: try role(legacy.role),
                                         noteVersion: legacy.noteVersion, key: keys.encryptionKey) == legacy.text)
    }

    @Test("the independent reference checks the vector file, opens what Seqr seals, and seals what Seqr opens")
    func independentReference() throws {
        let check = try Self.python(["check", Self.vectorFile])
        #expect(check.status == 0 && check.stdoutText.hasPrefix("ok "), "\(check.stderr)")
        let key = Self.base64(Self.key)
        for (text, version) in [("Wi-Fi", 1), ("", 2), ("ünïcödé 🧅\nline two", 1234)] {
            let id = UUID()
            let sealed = SealedNoteField.seal(text, noteID: id, field: .title, noteVersion: version, key: Self.key)
            let opened = try Self.python(["open", key, id.uuidString.lowercased(), "title", "\(version)"], stdin: Data(sealed.base64EncodedString().utf8))
            #expect(opened.status == 0 && opened.stdoutText == text, "\(opened.stderr)")
            let wrongRole = try Self.python(["open", key, id.uuidString.lowercased(), "info", "\(version)"], stdin: Data(sealed.base64EncodedString().utf8))
            #expect(wrongRole.status == 2, "\(wrongRole.stderr)")

            let fromPython = try Self.python(["seal", key, id.uuidString.lowercased(), "info", "\(version)"], stdin: Data(text.utf8))
            try #require(fromPython.status == 0, "\(fromPython.stderr)")
            let data = try #require(Data(base64Encoded: fromPython.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
            #expect(try SealedNoteField.open(data, noteID: id, field: .info, noteVersion: version, key: Self.key) == text)
        }
        let parameters = AccountKDFParameters.fresh(iterations: 1000)
        let derived = try Self.python(["derive", "Pa\u{0308}ss 🔑", parameters.salt, "1000"])
        let keys = try AccountKeys(password: "Pa\u{0308}ss 🔑", parameters: parameters, minimumIterations: 1000)
        #expect(derived.stdoutText.contains(#""encKey": "\#(Self.base64(keys.encryptionKey))""#), "\(derived.stdoutText)")
    }

    @Test("notes are sealed as version 3 everywhere; 1 and 2 still open; v3 is bound, and a note seen bound refuses an unbound form")
    func readsOlderAndStaysBound() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let parameters = AccountKDFParameters.fresh(iterations: 1000)
        let id = UUID()
        let current = try cipher.seal(NotePlaintext(title: "Safe", info: "new"), id: id, noteVersion: 3, account: parameters)
        #expect(current.title.first == 3 && current.info.first == 3 && current.isCurrentFieldVersion)
        let key = try cipher.accountKeys(parameters).encryptionKey
        // Version 2 and 1 fields as clients before wrote them, built from the documented associated data.
        func chacha(_ text: String, _ role: String, _ aad: String, _ byte: UInt8) throws -> Data {
            Data([byte]) + (try ChaChaPoly.seal(Data(text.utf8), using: key, authenticating: Data(aad.utf8))).combined
        }
        let lower = id.uuidString.lowercased()
        let v2 = EncryptedNote(id: id, title: try chacha("Safe", "title", "seqr-note-v2\u{0}\(lower)\u{0}title\u{0}2", 2),
                               info: try chacha("old", "info", "seqr-note-v2\u{0}\(lower)\u{0}info\u{0}2", 2), format: .seqrAEAD, kdf: NoteKDF(parameters))
        let v1 = EncryptedNote(id: id, title: try chacha("Safe", "title", "seqr-note-v1\u{0}\(lower)\u{0}title", 1),
                               info: try chacha("older", "info", "seqr-note-v1\u{0}\(lower)\u{0}info", 1), format: .seqrAEAD, kdf: NoteKDF(parameters))
        #expect(try cipher.open(v2, version: 2).info == "old" && !v2.isCurrentFieldVersion)
        #expect(try cipher.open(v1, version: 9).info == "older" && !v1.isCurrentFieldVersion)
        func served(_ note: EncryptedNote, _ version: Int) -> NotesAPI.Note {
            NotesAPI.Note(id: id, title: note.title, info: note.info, format: note.format, kdf: note.kdf, version: version, createdAt: Date(), updatedAt: Date())
        }
        #expect(served(current, 3).seen == SeenNoteVersion(version: 3, versionBound: true))
        #expect(throws: NotesError.versionBindingRemoved(noteID: id)) { try served(v1, 9).checkNotRolledBack(seen: served(current, 3).seen) }
        #expect(throws: NotesError.rolledBack(noteID: id, seen: 3, served: 2)) { try served(v2, 2).checkNotRolledBack(seen: served(current, 3).seen) }
        // A title of version 3 with an info of version 2: mixed by the server.
        var mixed = current
        mixed.info = v2.info
        #expect(throws: NotesError.mixedFieldVersions) { try cipher.open(mixed, version: 3) }
    }
}
