import Foundation

/// How a note's fields are encrypted.
public enum NoteFormat: String, Codable, Sendable, CaseIterable {
    /// ChaCha20-Poly1305 under the account's encryption key (``SealedNoteField``): the default.
    case seqrAEAD = "seqr-aead-v1"
    /// RNCryptor v3, password-based (``RNCryptorV3``): read only. Notes stored this way by
    /// earlier clients still open; new notes are never written in it (its PBKDF2-SHA1 key
    /// would give the server a cheaper password test than the account's own KDF).
    case rncryptor = "rncryptor-v3"
}
