import Crypto
import Foundation

/// One encrypted note field (title or info) in Seqr's own format, `seqr-aead-v1`
/// (docs/formats/notes.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | version, 1 |
/// | 1 | 12 | nonce, random from the system RNG |
/// | 13 | n | ChaCha20-Poly1305 ciphertext of the UTF-8 text |
/// | 13 + n | 16 | tag |
///
/// The associated data binds the field to its note and its role —
/// `"seqr-note-v1" 0x00 noteID 0x00 field` — so a server cannot swap a title for an info, or one
/// note's field into another note, without the open failing.
public enum SealedNoteField {
    public static let version: UInt8 = 1

    public enum Field: String, Sendable { case title, info }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case truncated(length: Int)
        case unsupportedVersion(UInt8)
        case authenticationFailed
        case notUTF8

        public var description: String {
            switch self {
            case .truncated(let n): return "note field truncated (\(n) bytes)"
            case .unsupportedVersion(let v): return "note field of version \(v), only version 1 is read"
            case .authenticationFailed: return "wrong password, or the note was altered or moved"
            case .notUTF8: return "note field is not UTF-8 text"
            }
        }
    }

    static func associatedData(noteID: UUID, field: Field) -> Data {
        Data("seqr-note-v1\u{0}\(noteID.uuidString.lowercased())\u{0}\(field.rawValue)".utf8)
    }

    public static func seal(_ text: String, noteID: UUID, field: Field, key: SymmetricKey) throws -> Data {
        let box = try ChaChaPoly.seal(Data(text.utf8), using: key, authenticating: associatedData(noteID: noteID, field: field))
        return Data([version]) + box.combined
    }

    public static func open(_ sealed: Data, noteID: UUID, field: Field, key: SymmetricKey) throws -> String {
        guard let first = sealed.first else { throw Failure.truncated(length: 0) }
        guard first == version else { throw Failure.unsupportedVersion(first) }
        guard sealed.count >= 1 + 12 + 16 else { throw Failure.truncated(length: sealed.count) }
        let plaintext: Data
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed.dropFirst())
            plaintext = try ChaChaPoly.open(box, using: key, authenticating: associatedData(noteID: noteID, field: field))
        } catch {
            throw Failure.authenticationFailed
        }
        guard let text = String(data: plaintext, encoding: .utf8) else { throw Failure.notUTF8 }
        return text
    }
}
