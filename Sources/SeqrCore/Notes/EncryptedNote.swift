import Foundation

/// A note as the server stores it: ciphertext and the parameters to open it.
public struct EncryptedNote: Codable, Sendable, Equatable {
    /// The note's id, chosen by the client and bound into both fields.
    public var id: UUID
    /// The sealed title (``SealedNoteField``, or RNCryptor for older notes).
    public var title: Data
    /// The sealed body.
    public var info: Data
    /// How the fields are sealed.
    public var format: NoteFormat
    /// The key derivation the fields' key comes from.
    public var kdf: NoteKDF

    /// A note from its stored parts; `NoteCipher.seal(_:id:noteVersion:account:)` makes new ones.
    public init(id: UUID, title: Data, info: Data, format: NoteFormat, kdf: NoteKDF) {
        self.id = id
        self.title = title
        self.info = info
        self.format = format
        self.kdf = kdf
    }
}

extension EncryptedNote {
    /// Sealed as every client writes now (`seqr-aead-v1`, both fields of field version 3), so
    /// the web app can open it; anything else is what `seqr notes upgrade` rewrites.
    public var isCurrentFieldVersion: Bool {
        format == .seqrAEAD && SealedNoteField.fieldVersion(title) == SealedNoteField.version
            && SealedNoteField.fieldVersion(info) == SealedNoteField.version
    }
}
