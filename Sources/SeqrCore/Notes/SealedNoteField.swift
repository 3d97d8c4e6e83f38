import Crypto
import Foundation

/// One encrypted note field (title or info) in Seqr's own format, `seqr-aead-v1`
/// (docs/formats/notes.md):
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | field version: 3 when written, 1 and 2 still read |
/// | 1 | 12 | nonce, random from the system RNG |
/// | 13 | n | ciphertext of the UTF-8 text: AES-256-GCM (version 3), ChaCha20-Poly1305 (1, 2) |
/// | 13 + n | 16 | tag |
///
/// The associated data binds the field to its note, its role and — from field version 2 —
/// the note version it was written for:
/// `"seqr-note-v3" 0x00 noteID 0x00 field 0x00 noteVersion` (decimal; `"seqr-note-v2"` for
/// version 2). A server therefore cannot swap a title for an info, move a field into another
/// note, pair an old info with a new title, or serve an old note under a newer version number,
/// without the open failing. Nor can it relabel a field's version: the version byte selects
/// both the cipher and the label inside the associated data. Serving a whole old note under
/// its own old version still opens: clients catch that by remembering the highest version
/// they have seen (``SeenNoteVersion``).
///
/// Version 3 exists because browsers' WebCrypto has AES-GCM and not ChaCha20-Poly1305; it is
/// the only version any Seqr client writes. Version 1 fields (written before version 2) bound
/// only the note id and role: `"seqr-note-v1" 0x00 noteID 0x00 field`.
public enum SealedNoteField {
    /// The field versions Seqr reads.
    public enum Version: UInt8, Sendable, CaseIterable {
        /// ChaCha20-Poly1305, bound to the note id and role only (read, never written).
        case unboundChaChaPoly = 1
        /// ChaCha20-Poly1305, also bound to the note version (read, never written).
        case chaChaPoly = 2
        /// AES-256-GCM, bound like version 2: what every client writes.
        case aesGCM = 3

        var aead: AEAD { self == .aesGCM ? .aesGCM : .chaChaPoly }

        /// Whether fields of this version are bound to the note version.
        public var isVersionBound: Bool { self != .unboundChaChaPoly }

        func associatedData(noteID: UUID, field: Field, noteVersion: Int) -> Data {
            let prefix = "seqr-note-v\(rawValue)\u{0}\(noteID.uuidString.lowercased())\u{0}\(field.rawValue)"
            return Data((isVersionBound ? prefix + "\u{0}\(noteVersion)" : prefix).utf8)
        }
    }

    /// The field version written now.
    public static let version = Version.aesGCM

    /// Which field of a note: bound into its associated data, so the two cannot be swapped.
    public enum Field: String, Sendable { case title, info }

    /// Seals `text` for the note version the write will create (1 for a new note, the edited
    /// version + 1 for an update).
    public static func seal(_ text: String, noteID: UUID, field: Field, noteVersion: Int, key: SymmetricKey) -> Data {
        let aad = version.associatedData(noteID: noteID, field: field, noteVersion: noteVersion)
        return Data([version.rawValue]) + version.aead.seal(Data(text.utf8), key: key, authenticating: aad)
    }

    /// Opens a field of any version read (``Version``), at the note version the server says it is.
    public static func open(_ sealed: Data, noteID: UUID, field: Field, noteVersion: Int, key: SymmetricKey) throws(NotesError) -> String {
        guard let first = sealed.first else { throw .truncatedField(length: 0) }
        guard let fieldVersion = Version(rawValue: first) else { throw .unsupportedFieldVersion(first) }
        guard sealed.count >= 1 + AEAD.overhead else { throw .truncatedField(length: sealed.count) }
        let aad = fieldVersion.associatedData(noteID: noteID, field: field, noteVersion: noteVersion)
        guard let plaintext = fieldVersion.aead.open(sealed.dropFirst(), key: key, authenticating: aad) else { throw .authenticationFailed }
        guard let text = String(data: plaintext, encoding: .utf8) else { throw .notUTF8 }
        return text
    }

    /// The field version of a sealed field, nil if it is empty or of a version not read.
    public static func fieldVersion(_ sealed: Data) -> Version? { sealed.first.flatMap(Version.init(rawValue:)) }

    /// Whether a sealed field is bound to its note version (field version 2 or 3).
    public static func isVersionBound(_ sealed: Data) -> Bool { fieldVersion(sealed)?.isVersionBound == true }
}
