import Foundation

/// Every way a note, its keys or a notes file can be refused, one case each
/// (docs/formats/notes.md, docs/formats/rncryptor-v3.md).
public enum NotesError: Error, Equatable, Sendable, CustomStringConvertible {
    // Account keys.
    case unsupportedKDF(String)
    /// A server asked for fewer (or absurdly many) iterations than this client accepts.
    case weakKDFParameters(iterations: Int, minimum: Int)
    case badKDFSalt

    // Account keys wrapped per unlock method (``WrappedAccountKey``).
    case malformedWrappedKey(length: Int)
    case unsupportedWrappedKeyVersion(UInt8)
    /// The wrong password (or passkey, or sheets), or a wrapped key the server altered or moved from another account or method.
    case wrappedKeyDoesNotOpen(UnlockMethodKind)
    /// The server lists no wrapped key for the password although the account has an account key.
    case noPasswordUnlock

    // A note in the clear: checked before anything is encrypted.
    case emptyTitle
    case titleTooLong(Int)
    case infoTooLong(Int)

    // Sealed fields (`seqr-aead-v1`) and whole notes.
    case truncatedField(length: Int)
    case unsupportedFieldVersion(UInt8)
    /// The wrong password, or a field altered, moved to another note or mixed with another version.
    case authenticationFailed
    case notUTF8
    case parametersDoNotFitFormat(NoteFormat)
    /// The title and info were sealed under different field versions: one was swapped in.
    case mixedFieldVersions

    // Rollback: what this client remembers of a note (``SeenNoteVersion``).
    /// The server served an older version than this client has seen.
    case rolledBack(noteID: UUID, seen: Int, served: Int)
    /// The note was seen bound to its version and is now served without that binding.
    case versionBindingRemoved(noteID: UUID)
    /// The note was deleted from this machine and the server serves it again.
    case deletedNoteReturned(noteID: UUID)

    // RNCryptor v3 (notes written by earlier clients; read only).
    case truncatedRNCryptor(length: Int)
    case unsupportedRNCryptorVersion(UInt8)
    case unsupportedRNCryptorOptions(UInt8)
    case badRNCryptorIterations(Int)
    /// The HMAC does not match: the wrong password or key, or a changed message.
    case rncryptorAuthenticationFailed
    case malformedRNCryptorCiphertext

    // Onions notes (RNCryptor 2.x as the Onions app configured it; docs/formats/onions.md).
    case truncatedOnionsField(length: Int)
    case onionsFieldNotBase64
    /// Not version 2: 3 is an RNCryptor v3 message (`--format rncryptor`).
    case notOnionsField(version: UInt8)
    /// The HMAC does not match: the wrong Onions password, or a changed field.
    case onionsAuthenticationFailed
    /// Not a Parse export of Onion objects.
    case malformedOnionsExport(String)
    /// An export beyond what an import opens (`OnionsExport.maximumNotes`…), refused before any key derivation.
    case onionsExportBeyondLimits(String)

    // Export files (`SQNX`).
    case notAnExport
    case unsupportedExportVersion(UInt8)
    case truncatedExport
    case badExportIterations(UInt32)
    case exportWrongPasswordOrDamaged
    case malformedExportContents

    public var description: String {
        switch self {
        case .unsupportedKDF(let name): "unsupported key derivation \"\(name)\""
        case let .weakKDFParameters(n, minimum): "the server asks for \(n) KDF iterations, fewer than the \(minimum) this client accepts"
        case .badKDFSalt: "the KDF salt is not 16 to 64 bytes of base64"
        case .malformedWrappedKey(let n): "a wrapped account key has \(n) bytes, not \(WrappedAccountKey.byteCount)"
        case .unsupportedWrappedKeyVersion(let v): "a wrapped account key of version \(v); this seqr reads version 1"
        case .wrappedKeyDoesNotOpen(let kind):
            "the account key wrapped for the \(kind.rawValue) does not open: the wrong \(kind.rawValue), or the server altered it or moved it from another account"
        case .noPasswordUnlock: "the server lists no password-wrapped account key for this account"
        case .emptyTitle: "a note needs a title"
        case .titleTooLong(let n): "the title has \(n) characters; at most \(NotePlaintext.titleLimit) are allowed"
        case .infoTooLong(let n): "the info has \(n) characters; at most \(NotePlaintext.infoLimit) are allowed"
        case .truncatedField(let n): "note field truncated (\(n) bytes)"
        case .unsupportedFieldVersion(let v): "note field of version \(v), only versions 1 to 3 are read"
        case .authenticationFailed: "wrong password, or the note was altered, moved or mixed with another version"
        case .notUTF8: "note field is not UTF-8 text"
        case .parametersDoNotFitFormat(let format): "the note's key parameters do not fit its format \(format.rawValue)"
        case .mixedFieldVersions: "the note's title and info come from different writes: the server mixed them"
        case let .rolledBack(id, seen, served):
            "note \(id.uuidString.lowercased().prefix(8)) is served at version \(served), but version \(seen) was seen here: the server rolled it back"
        case .versionBindingRemoved(let id):
            "note \(id.uuidString.lowercased().prefix(8)) is served in an older, unbound form than was seen here: the server rolled it back"
        case .deletedNoteReturned(let id):
            "note \(id.uuidString.lowercased().prefix(8)) was deleted here, yet the server serves it again"
        case .truncatedRNCryptor(let length): "RNCryptor message truncated (\(length) bytes)"
        case .unsupportedRNCryptorVersion(let v) where v == OnionsNoteField.version:
            "an RNCryptor v2 message (the Onions app's format), not RNCryptor v3: use --format onions"
        case .unsupportedRNCryptorVersion(let v): "RNCryptor message of version \(v), only version 3 is read"
        case .unsupportedRNCryptorOptions(let o): "RNCryptor message with options \(o), expected 0 (key) or 1 (password)"
        case .badRNCryptorIterations(let n): "RNCryptor iteration count \(n) out of range 1…\(RNCryptorV3.maximumIterations)"
        case .rncryptorAuthenticationFailed: "wrong password or altered RNCryptor message (HMAC mismatch)"
        case .malformedRNCryptorCiphertext: "RNCryptor ciphertext is not whole AES blocks"
        case .truncatedOnionsField(let n): "Onions note field truncated (\(n) bytes)"
        case .onionsFieldNotBase64: "an Onions note field is not base64 (cut off or damaged?)"
        case .notOnionsField(let v) where v == RNCryptorV3.version: "an RNCryptor v3 message, not an Onions note field (RNCryptor v2): use --format rncryptor"
        case .notOnionsField(let v): "not an Onions note field (RNCryptor version \(v), expected 2)"
        case .onionsAuthenticationFailed: "wrong Onions password, or the note field was changed (HMAC mismatch)"
        case .malformedOnionsExport(let why): "not a Parse export of Onions notes: \(why)"
        case .onionsExportBeyondLimits(let why): "the Onions export is larger than Seqr imports: \(why)"
        case .notAnExport: "not a Seqr notes export (no SQNX header)"
        case .unsupportedExportVersion(let v): "notes export of version \(v); this seqr reads version 1"
        case .truncatedExport: "the notes export is truncated"
        case .badExportIterations(let n): "the notes export asks for \(n) PBKDF2 iterations, outside 1,000…50,000,000"
        case .exportWrongPasswordOrDamaged: "wrong password, or the export file was changed"
        case .malformedExportContents: "the export decrypted but its contents are not Seqr notes"
        }
    }
}
