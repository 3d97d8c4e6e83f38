import Crypto
import Foundation

/// Encrypts and opens notes with one password. Keys for each set of parameters are derived
/// once and kept for the life of the value.
///
/// With an ``AccountKey`` (an account that has one, docs/formats/notes.md) notes are sealed
/// under it and labelled with its `noteKDF`, whatever the password's parameters now are; notes
/// carrying that label open with it, and any other note (an RNCryptor one, or one sealed before
/// a password change under older parameters) still opens from the password.
///
/// Notes are sealed only as `seqr-aead-v1` under the account's encryption key, so nothing the
/// server stores is derived from the password through a weaker KDF than the account's own
/// (PBKDF2-SHA256 at ≥ 210,000 rounds). RNCryptor notes written before are still opened;
/// re-sealing one (edit, password change) turns it into `seqr-aead-v1`.
public final class NoteCipher: @unchecked Sendable {
    private let password: String
    private let minimumIterations: Int
    /// The account key, when the account has one (``withAccountKey(_:)``).
    public private(set) var accountKey: AccountKey?
    private var keys: [AccountKDFParameters: AccountKeys] = [:]
    private let lock = NSLock()

    /// A cipher for one password. `minimumIterations` is the weakest key derivation this client accepts
    /// from a server; lowering it lets a hostile server ask for a cheap one and guess the password faster.
    public init(password: String, minimumIterations: Int = AccountKDFParameters.minimumIterations) {
        self.password = password
        self.minimumIterations = minimumIterations
    }

    /// This cipher sealing and opening with `key` from now on (the password still opens older notes).
    @discardableResult
    public func withAccountKey(_ key: AccountKey) -> NoteCipher {
        lock.lock()
        defer { lock.unlock() }
        accountKey = key
        return self
    }

    private var currentAccountKey: AccountKey? {
        lock.lock()
        defer { lock.unlock() }
        return accountKey
    }

    /// The account's keys for `parameters`, derived once and then kept; refuses parameters below the floor.
    public func accountKeys(_ parameters: AccountKDFParameters) throws(NotesError) -> AccountKeys {
        lock.lock()
        defer { lock.unlock() }
        if let cached = keys[parameters] { return cached }
        let derived = try AccountKeys(password: password, parameters: parameters, minimumIterations: minimumIterations)
        keys[parameters] = derived
        return derived
    }

    /// Seals a note as `seqr-aead-v1` for the note version the write creates: 1 for a new
    /// note, the edited version + 1 for an update or a password change.
    /// - Parameters:
    ///   - note: the note in the clear, its limits already checked.
    ///   - id: the note's id, bound into both fields.
    ///   - noteVersion: the version this write creates.
    ///   - account: the account's current parameters; with an account key, its label is used instead.
    public func seal(_ note: NotePlaintext, id: UUID = UUID(), noteVersion: Int, account: AccountKDFParameters) throws(NotesError) -> EncryptedNote {
        let key: SymmetricKey, label: AccountKDFParameters
        if let accountKey = currentAccountKey {
            key = accountKey.key
            label = accountKey.noteKDF
        } else {
            key = try accountKeys(account).encryptionKey
            label = account
        }
        return EncryptedNote(
            id: id,
            title: SealedNoteField.seal(note.title, noteID: id, field: .title, noteVersion: noteVersion, key: key),
            info: SealedNoteField.seal(note.info, noteID: id, field: .info, noteVersion: noteVersion, key: key),
            format: .seqrAEAD, kdf: NoteKDF(label))
    }

    /// Opens a note as served, at the version the server says it is.
    public func open(_ note: NotesAPI.Note) throws(NotesError) -> NotePlaintext {
        try open(note.encrypted, version: note.version)
    }

    /// Opens a note at `version`, the version the server says it is: a field sealed for another version,
    /// another note or the other role fails with ``NotesError/authenticationFailed``.
    public func open(_ note: EncryptedNote, version: Int) throws(NotesError) -> NotePlaintext {
        guard note.kdf.isValid(for: note.format) else { throw .parametersDoNotFitFormat(note.format) }
        switch note.format {
        case .seqrAEAD:
            guard note.title.first == note.info.first else { throw .mixedFieldVersions }
            let parameters = AccountKDFParameters(algorithm: note.kdf.algorithm, iterations: note.kdf.iterations, salt: note.kdf.salt ?? "")
            let key: SymmetricKey
            if let accountKey = currentAccountKey, accountKey.noteKDF == parameters { key = accountKey.key } else {
                key = try accountKeys(parameters).encryptionKey
            }
            return NotePlaintext(
                unchecked: try SealedNoteField.open(note.title, noteID: note.id, field: .title, noteVersion: version, key: key),
                info: try SealedNoteField.open(note.info, noteID: note.id, field: .info, noteVersion: version, key: key))
        case .rncryptor:
            func text(_ data: Data) throws(NotesError) -> String {
                let plain = try RNCryptorV3.decrypt(data, password: password, iterations: note.kdf.iterations)
                guard let string = String(data: plain, encoding: .utf8) else { throw .notUTF8 }
                return string
            }
            return NotePlaintext(unchecked: try text(note.title), info: try text(note.info))
        }
    }
}
