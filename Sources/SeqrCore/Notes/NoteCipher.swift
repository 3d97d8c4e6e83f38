import Crypto
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

/// The key-derivation parameters a note was encrypted with, kept beside its ciphertext.
public struct NoteKDF: Codable, Sendable, Hashable {
    public static let rncryptorAlgorithm = "pbkdf2-sha1"
    public var algorithm: String
    public var iterations: Int
    /// The account salt for `seqr-aead-v1`; RNCryptor messages carry their own salts.
    public var salt: String?

    public init(algorithm: String, iterations: Int, salt: String? = nil) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
    }

    public init(_ account: AccountKDFParameters) {
        self.init(algorithm: account.algorithm, iterations: account.iterations, salt: account.salt)
    }

    public static func rncryptor(iterations: Int = RNCryptorV3.defaultIterations) -> NoteKDF {
        NoteKDF(algorithm: rncryptorAlgorithm, iterations: iterations)
    }

    /// Whether these parameters fit the format; the server refuses notes where they do not.
    public func isValid(for format: NoteFormat) -> Bool {
        switch format {
        case .seqrAEAD:
            return algorithm == AccountKDFParameters.pbkdf2SHA256 && salt != nil
                && (1...AccountKDFParameters.maximumIterations).contains(iterations)
        case .rncryptor:
            return algorithm == Self.rncryptorAlgorithm && salt == nil && (1...RNCryptorV3.maximumIterations).contains(iterations)
        }
    }
}

/// A note in the clear, as its owner sees it.
public struct NotePlaintext: Sendable, Equatable, Codable {
    /// Onions' limits, in characters.
    public static let titleLimit = 30
    public static let infoLimit = 2500

    public var title: String
    public var info: String

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case titleTooLong(Int)
        case infoTooLong(Int)
        case emptyTitle

        public var description: String {
            switch self {
            case .titleTooLong(let n): return "the title has \(n) characters; at most \(NotePlaintext.titleLimit) are allowed"
            case .infoTooLong(let n): return "the info has \(n) characters; at most \(NotePlaintext.infoLimit) are allowed"
            case .emptyTitle: return "a note needs a title"
            }
        }
    }

    /// Checks the limits. Called before anything is encrypted.
    public init(title: String, info: String) throws {
        guard !title.isEmpty else { throw Failure.emptyTitle }
        guard title.count <= Self.titleLimit else { throw Failure.titleTooLong(title.count) }
        guard info.count <= Self.infoLimit else { throw Failure.infoTooLong(info.count) }
        self.title = title
        self.info = info
    }
}

/// A note as the server stores it: ciphertext and the parameters to open it.
public struct EncryptedNote: Codable, Sendable, Equatable {
    public var id: UUID
    public var title: Data
    public var info: Data
    public var format: NoteFormat
    public var kdf: NoteKDF

    public init(id: UUID, title: Data, info: Data, format: NoteFormat, kdf: NoteKDF) {
        self.id = id
        self.title = title
        self.info = info
        self.format = format
        self.kdf = kdf
    }
}

/// Encrypts and opens notes with one password. Keys for each set of parameters are derived
/// once and kept for the life of the value.
///
/// Notes are sealed only as `seqr-aead-v1` under the account's encryption key, so nothing the
/// server stores is derived from the password through a weaker KDF than the account's own
/// (PBKDF2-SHA256 at ≥ 210,000 rounds). RNCryptor notes written before are still opened;
/// re-sealing one (edit, password change) turns it into `seqr-aead-v1`.
public final class NoteCipher: @unchecked Sendable {
    private let password: String
    private let minimumIterations: Int
    private var keys: [AccountKDFParameters: AccountKeys] = [:]
    private let lock = NSLock()

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case parametersDoNotFitFormat(NoteFormat)
        /// The title and info were sealed under different field versions: one was swapped in.
        case mixedFieldVersions
        /// The server served an older version than this client has seen.
        case rolledBack(noteID: UUID, seen: Int, served: Int)
        /// The note was seen bound to its version and is now served without that binding.
        case versionBindingRemoved(noteID: UUID)
        /// The note was deleted from this machine and the server serves it again.
        case deletedNoteReturned(noteID: UUID)

        public var description: String {
            switch self {
            case .parametersDoNotFitFormat(let format): return "the note's key parameters do not fit its format \(format.rawValue)"
            case .mixedFieldVersions: return "the note's title and info come from different writes: the server mixed them"
            case let .rolledBack(id, seen, served):
                return "note \(id.uuidString.lowercased().prefix(8)) is served at version \(served), but version \(seen) was seen here: the server rolled it back"
            case .versionBindingRemoved(let id):
                return "note \(id.uuidString.lowercased().prefix(8)) is served in an older, unbound form than was seen here: the server rolled it back"
            case .deletedNoteReturned(let id):
                return "note \(id.uuidString.lowercased().prefix(8)) was deleted here, yet the server serves it again"
            }
        }
    }

    public init(password: String, minimumIterations: Int = AccountKDFParameters.minimumIterations) {
        self.password = password
        self.minimumIterations = minimumIterations
    }

    public func accountKeys(_ parameters: AccountKDFParameters) throws -> AccountKeys {
        lock.lock()
        defer { lock.unlock() }
        if let cached = keys[parameters] { return cached }
        let derived = try AccountKeys(password: password, parameters: parameters, minimumIterations: minimumIterations)
        keys[parameters] = derived
        return derived
    }

    /// Seals a note as `seqr-aead-v1` for the note version the write creates: 1 for a new
    /// note, the edited version + 1 for an update or a password change.
    /// - Parameter account: the account's current parameters.
    public func seal(_ note: NotePlaintext, id: UUID = UUID(), noteVersion: Int, account: AccountKDFParameters) throws -> EncryptedNote {
        let key = try accountKeys(account).encryptionKey
        return EncryptedNote(
            id: id,
            title: try SealedNoteField.seal(note.title, noteID: id, field: .title, noteVersion: noteVersion, key: key),
            info: try SealedNoteField.seal(note.info, noteID: id, field: .info, noteVersion: noteVersion, key: key),
            format: .seqrAEAD, kdf: NoteKDF(account))
    }

    /// Opens a note as served, at the version the server says it is.
    public func open(_ note: NotesAPI.Note) throws -> NotePlaintext {
        try open(note.encrypted, version: note.version)
    }

    public func open(_ note: EncryptedNote, version: Int) throws -> NotePlaintext {
        guard note.kdf.isValid(for: note.format) else { throw Failure.parametersDoNotFitFormat(note.format) }
        switch note.format {
        case .seqrAEAD:
            guard note.title.first == note.info.first else { throw Failure.mixedFieldVersions }
            let parameters = AccountKDFParameters(algorithm: note.kdf.algorithm, iterations: note.kdf.iterations, salt: note.kdf.salt ?? "")
            let key = try accountKeys(parameters).encryptionKey
            return NotePlaintext(
                unchecked: try SealedNoteField.open(note.title, noteID: note.id, field: .title, noteVersion: version, key: key),
                info: try SealedNoteField.open(note.info, noteID: note.id, field: .info, noteVersion: version, key: key))
        case .rncryptor:
            func text(_ data: Data) throws -> String {
                let plain = try RNCryptorV3.decrypt(data, password: password, iterations: note.kdf.iterations)
                guard let string = String(data: plain, encoding: .utf8) else { throw SealedNoteField.Failure.notUTF8 }
                return string
            }
            return NotePlaintext(unchecked: try text(note.title), info: try text(note.info))
        }
    }
}

/// The newest form of a note a client has opened: its version, and whether its fields were
/// bound to that version. A client keeps one per note (the local store) and refuses anything
/// older, so a server cannot roll a note back to an earlier text.
public struct SeenNoteVersion: Sendable, Equatable {
    public var version: Int
    public var versionBound: Bool
    /// Deleted from this machine: the note must not come back.
    public var deleted: Bool

    public init(version: Int, versionBound: Bool, deleted: Bool = false) {
        self.version = version
        self.versionBound = versionBound
        self.deleted = deleted
    }

    /// What was seen after also seeing `other`.
    public func merged(with other: SeenNoteVersion) -> SeenNoteVersion {
        SeenNoteVersion(version: max(version, other.version), versionBound: versionBound || other.versionBound,
                        deleted: deleted || other.deleted)
    }
}

extension NotesAPI.Note {
    /// What this note, as served, would add to a client's memory.
    public var seen: SeenNoteVersion {
        SeenNoteVersion(version: version, versionBound: format == .seqrAEAD
                        && SealedNoteField.isVersionBound(title) && SealedNoteField.isVersionBound(info))
    }

    /// Refuses a note older than what this client has seen of it. The version number of an
    /// unbound (older-format) note is only the server's word; once a note was seen bound, an
    /// unbound form of it is refused too.
    public func checkNotRolledBack(seen: SeenNoteVersion?) throws {
        guard let seen else { return }
        if seen.deleted { throw NoteCipher.Failure.deletedNoteReturned(noteID: id) }
        if seen.versionBound && !self.seen.versionBound { throw NoteCipher.Failure.versionBindingRemoved(noteID: id) }
        if version < seen.version { throw NoteCipher.Failure.rolledBack(noteID: id, seen: seen.version, served: version) }
    }
}

extension NotePlaintext {
    /// What was stored is shown as stored, even if written by a client with other limits.
    /// Also for imports of notes that were stored before.
    public init(unchecked title: String, info: String) {
        self.title = title
        self.info = info
    }
}
