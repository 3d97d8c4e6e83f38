import Crypto
import Foundation
import SeqrCore
import Testing

/// The paper emergency kit's key and account code (docs/formats/notes.md, "Paper emergency kit").
@Suite("Notes kit")
struct NotesKitTests {
    @Test("a kit key's sign-in and wrapping keys are independent HKDF outputs; its method id is base64url SHA-256 of the sign-in key; its sheets restore it")
    func derivations() throws {
        let bytes = [UInt8](repeating: 7, count: 32)
        let kit = try NotesKitKey(bytes: bytes)
        let expectedAuth = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: bytes), info: Data("seqr notes kit v1 authentication".utf8), outputByteCount: 32)
        let expectedWrap = HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: bytes), info: Data("seqr notes kit v1 key wrapping".utf8), outputByteCount: 32)
        #expect(kit.authenticationKey == expectedAuth && kit.wrappingKey == expectedWrap && kit.authenticationKey != kit.wrappingKey)
        let digest = Data(SHA256.hash(data: expectedAuth.withUnsafeBytes { Data($0) }))
        #expect(kit.methodID == digest.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: ""))
        #expect(NotesKitKey.isKitMethodID(kit.methodID) && NotesAPI.isValidUnlockMethodID(kit.methodID))
        #expect(NotesKitKey.methodID(authenticationKey: Data(base64Encoded: kit.authenticationToken)!) == kit.methodID)
        #expect(throws: NotesKitError.malformedKitKey(length: 16)) { try NotesKitKey(bytes: [UInt8](repeating: 1, count: 16)) }

        let random = NotesKitKey.random()
        let shares = try KeySheets.split(secret: random.bytes, threshold: 3, count: 5)
        #expect(shares[0].words.count == 33)
        #expect(try NotesKitKey(bytes: KeySheets.combine([shares[0], shares[3], shares[4]])).methodID == random.methodID)
    }

    @Test("a kit's wrapped key opens for its account, kind and id only; a kit not listed is named as revoked")
    func wrapping() throws {
        let kit = NotesKitKey.random()
        let accountKey = AccountKey.random(iterations: AccountKDFParameters.minimumIterations)
        let method = kit.unlockMethod(for: accountKey, username: "alice")
        #expect(method.kind == .kit && method.id == kit.methodID)
        func list(_ methods: [NotesAPI.NewUnlockMethod]) -> NotesAPI.UnlockMethodList {
            NotesAPI.UnlockMethodList(noteKDF: accountKey.noteKDF, methods: methods.map { .init(kind: $0.kind, id: $0.id, wrappedKey: $0.wrappedKey, createdAt: Date()) })
        }
        let opened = try kit.accountKey(from: list([method]), username: "alice")
        #expect(opened.key == accountKey.key && opened.noteKDF == accountKey.noteKDF)
        #expect(throws: NotesKitError.wrappedKeyDoesNotOpen) { try kit.accountKey(from: list([method]), username: "bob") }
        #expect(throws: NotesKitError.kitNotOnAccount) { try NotesKitKey.random().accountKey(from: list([method]), username: "alice") }
        var relabelled = method
        relabelled.kind = .passkey
        #expect(throws: NotesKitError.kitNotOnAccount) { try kit.accountKey(from: list([relabelled]), username: "alice") }
        #expect(throws: NotesKitError.noAccountKey) { try kit.accountKey(from: NotesAPI.UnlockMethodList(noteKDF: nil, methods: []), username: "alice") }
    }

    @Test("the account code: NK, version 1, server and username on two lines, a 16-byte tag by the kit; control characters, another version and overlong codes refused")
    func accountCode() throws {
        let kit = NotesKitKey.random()
        let code = try NotesKitAccountCode(server: "https://notes.example", username: "alice", kit: kit)
        let text = Array("NK".utf8) + [1] + Array("https://notes.example\nalice".utf8)
        #expect(code.serialized().count == text.count + 16 && code.serialized().starts(with: text))
        #expect(try NotesKitAccountCode(parsing: code.serialized()) == code)
        var version2 = code.serialized()
        version2[2] = 2
        #expect(throws: NotesKitError.self) { try NotesKitAccountCode(parsing: version2) }
        #expect(throws: NotesKitError.self) { try NotesKitAccountCode(parsing: Array("NK".utf8) + [1] + Array("https://a\nb\nc".utf8) + [UInt8](repeating: 0, count: 16)) }
        #expect(throws: NotesKitError.self) { try NotesKitAccountCode(parsing: Array("NK".utf8) + [1] + Array("a\nb".utf8)) }
        #expect(throws: NotesKitError.self) { try NotesKitAccountCode(server: "https://a\u{1b}[2J", username: "alice", kit: kit) }
        #expect(throws: NotesKitError.self) { try NotesKitAccountCode(server: "https://" + String(repeating: "a", count: 600), username: "alice", kit: kit) }
    }

    @Test("the account code is authenticated by the kit: a changed server or username, or another kit's code, is refused before anything is sent")
    func accountCodeAuthenticated() throws {
        let kit = NotesKitKey.random()
        let code = try NotesKitAccountCode(server: "https://notes.example", username: "alice", kit: kit)
        try kit.verify(try NotesKitAccountCode(parsing: code.serialized()))
        // Someone with fewer sheets than the kit needs rewrites the server (keeping the old tag, or tagging with a kit of theirs).
        var forged = Array("NK".utf8) + [1] + Array("https://evil.example\nalice".utf8) + code.tag
        #expect(throws: NotesKitError.accountCodeNotOfThisKit) { try kit.verify(try NotesKitAccountCode(parsing: forged)) }
        forged = try NotesKitAccountCode(server: "https://evil.example", username: "alice", kit: NotesKitKey.random()).serialized()
        #expect(throws: NotesKitError.accountCodeNotOfThisKit) { try kit.verify(try NotesKitAccountCode(parsing: forged)) }
        var flipped = code.serialized()
        flipped[flipped.count - 1] ^= 1
        #expect(throws: NotesKitError.accountCodeNotOfThisKit) { try kit.verify(try NotesKitAccountCode(parsing: flipped)) }
    }

    // FuzzNotesKit's finding: the parser dropped a leading byte-order mark of either line, so a kit
    // printed for such a server or username read back as another code, whose tag never verified —
    // the kit could not recover the account (and the page, which keeps the mark, read it otherwise).
    @Test("an account code whose server or username starts with a byte-order mark reads back to its own bytes and verifies")
    func accountCodeByteOrderMark() throws {
        let kit = NotesKitKey.random()
        for (server, username) in [("\u{FEFF}https://notes.example", "alice"), ("https://notes.example", "\u{FEFF}alice"), ("\u{FEFF}a", "\u{FEFF}b")] {
            let code = try NotesKitAccountCode(server: server, username: username, kit: kit)
            let read = try NotesKitAccountCode(parsing: code.serialized())
            #expect(read.serialized() == code.serialized(), "\(server) \(username)")
            #expect(throws: Never.self) { try kit.verify(read) }
        }
    }

    @Test("a code that is only NK and the version byte is refused as too short, not as another version")
    func accountCodeOnlyHeader() {
        #expect(throws: NotesKitError.malformedAccountCode("too short")) { try NotesKitAccountCode(parsing: Array("NK".utf8) + [1]) }
    }
}
