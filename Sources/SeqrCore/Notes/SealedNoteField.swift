import Crypto
import Foundation

/// One encrypted note field (title or info) in Seqr's own format, `seqr-aead-v1`
/// (docs/formats/notes.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | field version: 2 when written, 1 still read |
/// | 1 | 12 | nonce, random from the system RNG |
/// | 13 | n | ChaCha20-Poly1305 ciphertext of the UTF-8 text |
/// | 13 + n | 16 | tag |
///
/// The associated data binds the field to its note, its role and — from field version 2 —
/// the note version it was written for:
/// `"seqr-note-v2" 0x00 noteID 0x00 field 0x00 noteVersion` (decimal). A server therefore
/// cannot swap a title for an info, move a field into another note, pair an old info with a
/// new title, or serve an old note under a newer version number, without the open failing.
/// Serving a whole old note under its own old version still opens: clients catch that by
/// remembering the highest version they have seen (``SeenNoteVersion``).
///
/// Version 1 fields (written before) bound only the note id and role:
/// `"seqr-note-v1" 0x00 noteID 0x00 field`.
public enum SealedNoteField {
    /// The field version written now.
    public static let version: UInt8 = 2
    /// Fields of this version are bound to the note id and role only, not to the note version.
    public static let unboundVersion: UInt8 = 1

    public enum Field: String, Sendable { case title, info }

    static func associatedData(fieldVersion: UInt8, noteID: UUID, field: Field, noteVersion: Int) -> Data {
        let id = noteID.uuidString.lowercased()
        return fieldVersion == unboundVersion
            ? Data("seqr-note-v1\u{0}\(id)\u{0}\(field.rawValue)".utf8)
            : Data("seqr-note-v2\u{0}\(id)\u{0}\(field.rawValue)\u{0}\(noteVersion)".utf8)
    }

    /// Seals `text` for the note version the write will create (1 for a new note, the edited
    /// version + 1 for an update).
    public static func seal(_ text: String, noteID: UUID, field: Field, noteVersion: Int, key: SymmetricKey) -> Data {
        let aad = associatedData(fieldVersion: version, noteID: noteID, field: field, noteVersion: noteVersion)
        return Data([version]) + AEAD.chaChaPoly.seal(Data(text.utf8), key: key, authenticating: aad)
    }

    /// Opens a field of version 2 (bound to `noteVersion`) or 1 (unbound, written before).
    public static func open(_ sealed: Data, noteID: UUID, field: Field, noteVersion: Int, key: SymmetricKey) throws(NotesError) -> String {
        guard let first = sealed.first else { throw .truncatedField(length: 0) }
        guard first == version || first == unboundVersion else { throw .unsupportedFieldVersion(first) }
        guard sealed.count >= 1 + AEAD.overhead else { throw .truncatedField(length: sealed.count) }
        let aad = associatedData(fieldVersion: first, noteID: noteID, field: field, noteVersion: noteVersion)
        guard let plaintext = AEAD.chaChaPoly.open(sealed.dropFirst(), key: key, authenticating: aad) else { throw .authenticationFailed }
        guard let text = String(data: plaintext, encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// Whether a sealed field is bound to its note version (field version 2).
    public static func isVersionBound(_ sealed: Data) -> Bool { sealed.first == version }
}
