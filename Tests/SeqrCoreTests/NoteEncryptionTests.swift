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
        #expect(throws: AccountKeys.Failure.weakParameters(iterations: 1000, minimum: 210_000)) {
            try AccountKeys(password: "p", parameters: Self.parameters)
        }
        #expect(throws: AccountKeys.Failure.unsupportedAlgorithm("md5")) {
            try AccountKeys(password: "p", parameters: AccountKDFParameters(algorithm: "md5", iterations: 1000, salt: Self.parameters.salt), minimumIterations: 1)
        }
        #expect(throws: AccountKeys.Failure.badSalt) {
            try AccountKeys(password: "p", parameters: AccountKDFParameters(iterations: 1000, salt: "c2hvcnQ="), minimumIterations: 1)
        }
    }

    @Test("notes round-trip in both formats; swapped fields, moved notes and wrong passwords fail")
    func notes() throws {
        let cipher = NoteCipher(password: "pw", minimumIterations: 1000)
        let note = try NotePlaintext(title: "Bank 🏦", info: "PIN hint: ünïcödé")
        for format in NoteFormat.allCases {
            let sealed = try cipher.seal(note, format: format, account: Self.parameters, rncryptorIterations: 1000)
            #expect(try cipher.open(sealed) == note)
            #expect(throws: (any Error).self) { try NoteCipher(password: "wrong", minimumIterations: 1000).open(sealed) }
        }
        let sealed = try cipher.seal(note, format: .seqrAEAD, account: Self.parameters)
        var swapped = sealed
        swap(&swapped.title, &swapped.info)
        #expect(throws: SealedNoteField.Failure.authenticationFailed) { try cipher.open(swapped) }
        var moved = sealed
        moved.id = UUID()
        #expect(throws: SealedNoteField.Failure.authenticationFailed) { try cipher.open(moved) }
        var truncated = sealed
        truncated.info = truncated.info.prefix(10)
        #expect(throws: SealedNoteField.Failure.truncated(length: 10)) { try cipher.open(truncated) }
        var mismatched = sealed
        mismatched.kdf = .rncryptor()
        #expect(throws: NoteCipher.Failure.parametersDoNotFitFormat(.seqrAEAD)) { try cipher.open(mismatched) }
    }

    @Test("Onions' limits are checked before encryption")
    func limits() {
        #expect(throws: NotePlaintext.Failure.titleTooLong(31)) { try NotePlaintext(title: String(repeating: "t", count: 31), info: "") }
        #expect(throws: NotePlaintext.Failure.infoTooLong(2501)) { try NotePlaintext(title: "t", info: String(repeating: "é", count: 2501)) }
        #expect(throws: NotePlaintext.Failure.emptyTitle) { try NotePlaintext(title: "", info: "x") }
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
        let file = try NotesExportFile.seal(Self.contents, password: "pw", iterations: 1000)
        #expect(Array(file.prefix(5)) == Array("SQNX".utf8) + [1])
        #expect(try NotesExportFile.open(file, password: "pw") == Self.contents)
        #expect(throws: NotesExportFile.Failure.wrongPasswordOrDamaged) { try NotesExportFile.open(file, password: "pW") }
        for index in [9, 20, 30, 40, file.count - 1] {
            var tampered = file
            tampered[index] ^= 1
            #expect(throws: NotesExportFile.Failure.wrongPasswordOrDamaged) { try NotesExportFile.open(tampered, password: "pw") }
        }
        var weaker = file
        weaker[8] ^= 1  // iterations 1000 → 1001: the header is authenticated
        #expect(throws: NotesExportFile.Failure.wrongPasswordOrDamaged) { try NotesExportFile.open(weaker, password: "pw") }
        #expect(throws: NotesExportFile.Failure.truncated) { try NotesExportFile.open(file.prefix(30), password: "pw") }
        #expect(throws: NotesExportFile.Failure.notAnExport) { try NotesExportFile.open(Data("%PDF-1.7".utf8), password: "pw") }
        var future = file
        future[4] = 2
        #expect(throws: NotesExportFile.Failure.unsupportedVersion(2)) { try NotesExportFile.open(future, password: "pw") }
    }
}

@Suite("Sealed note fields")
struct SealedNoteFieldTests {
    @Test("empty, foreign-version and truncated fields are refused with their own error")
    func refusals() throws {
        let key = NoteCipherKey.key
        let id = UUID()
        let sealed = try SealedNoteField.seal("x", noteID: id, field: .title, key: key)
        #expect(throws: SealedNoteField.Failure.truncated(length: 0)) { try SealedNoteField.open(Data(), noteID: id, field: .title, key: key) }
        var foreign = sealed
        foreign[0] = 3
        #expect(throws: SealedNoteField.Failure.unsupportedVersion(3)) { try SealedNoteField.open(foreign, noteID: id, field: .title, key: key) }
        #expect(throws: SealedNoteField.Failure.truncated(length: 28)) { try SealedNoteField.open(sealed.prefix(28), noteID: id, field: .title, key: key) }
        #expect(try SealedNoteField.open(sealed, noteID: id, field: .title, key: key) == "x")
    }
}

enum NoteCipherKey { static let key = SymmetricKey(size: .bits256) }
