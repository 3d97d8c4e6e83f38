import Crypto
import Foundation
import FuzzSupport
import SeqrCore

// Note fields (Seqr AEAD, RNCryptor v3, Onions), the notes export file, Parse exports, sealed
// store secrets, and the location formats: share keys, sealed and CryptoJS fixes, fix JSON,
// share links, UUID text. Fixed keys, so
// no password KDF runs in the loop (its cost is BoringSSL's, not our parsing).
let noteKey = SymmetricKey(data: Data(repeating: 7, count: 32))
let hmacKey = SymmetricKey(data: Data(repeating: 9, count: 32))
let noteID = UUID(uuid: (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
let sealedKey = try! LocationShareKey(bytes: Data(repeating: 3, count: 32))
let cryptoJSKey = try! LocationShareKey(bytes: Data(repeating: 5, count: 16))
let storeKey = StoreSecretsKey(identity: PrivateIdentity.generate(name: "fuzz"))

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let mode = input.byte() % 10
    let raw = input.rest()
    let text = String(decoding: raw, as: UTF8.self)
    switch mode {
    case 0:
        _ = try? SealedNoteField.open(Data(raw), noteID: noteID, field: .title, noteVersion: 1, key: noteKey)
        // A sealed field must open to exactly what was sealed, whatever the text.
        let sealed = SealedNoteField.seal(text, noteID: noteID, field: .info, noteVersion: 1, key: noteKey)
        fuzzCheck((try? SealedNoteField.open(sealed, noteID: noteID, field: .info, noteVersion: 1, key: noteKey)) == text, "sealed note field round trip")
    case 1:
        _ = try? RNCryptorV3.decrypt(Data(raw), encryptionKey: noteKey, hmacKey: hmacKey)
    case 2:
        // Only inputs refused before the password KDF: a valid header would make every run
        // pay at least 1,000 PBKDF2 rounds in BoringSSL.
        let iterations = raw.count >= 9 ? raw[5..<9].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } : 0
        if raw.count < 53 || !(1_000...50_000_000).contains(iterations) || Array(raw.prefix(5)) != NotesExportFile.magic + [1] {
            _ = try? NotesExportFile.open(Data(raw), password: "")
        }
    case 3:
        _ = try? LocationFix(json: Data(raw))
    case 4:
        _ = try? sealedKey.open(text, shareID: "AAAAAAAAAAAAAAAAAAAAAA")
        _ = try? SealedLocationFix.open(Data(raw), shareID: "AAAAAAAAAAAAAAAAAAAAAA", key: SymmetricKey(data: sealedKey.bytes))
    case 5:
        _ = try? cryptoJSKey.open(text, shareID: "x")
        _ = try? CryptoJSLocationString.decrypt(text, keyBase64: cryptoJSKey.bytes.base64EncodedString())
    case 6:
        if let link = try? LocationShareLink(parsing: text) {
            // What parses must print back to a link that parses to the same thing.
            fuzzCheck((try? LocationShareLink(parsing: link.description)) == link, "share link round trip")
        }
        _ = try? LocationShareKey(bytes: Data(raw))
    case 8:
        if let sealed = try? SealedStoreSecret(parsing: raw) {
            fuzzCheck(sealed.serialized() == raw, "sealed store secret round trip")
            _ = try? sealed.open(key: storeKey, purpose: "channel.secret", rowKey: "row")
        }
        _ = try? SealedStoreSecret(parsingText: text)
    case 9:
        // Parse exports, and Onions fields refused before the KDF (a valid header costs
        // 40,000 PBKDF2-SHA512 rounds in BoringSSL).
        _ = try? OnionsExport(parsing: Data(raw))
        if raw.count < 82 || raw[0] != OnionsNoteField.version || raw[1] != 1 {
            _ = try? OnionsNoteField.open(Data(raw).base64EncodedString(), password: "")
            _ = try? OnionsNoteField.open(text, password: "")
        }
    default:
        if let uuid = UUIDText.parse(text) {
            fuzzCheck(UUIDText.parse(UUIDText.lowercase(uuid)) == uuid, "UUID text round trip")
        }
        _ = raw.withUnsafeBufferPointer { UUIDText.parse(utf8: $0) }
    }
}
