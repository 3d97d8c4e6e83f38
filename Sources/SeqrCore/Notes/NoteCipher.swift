import Crypto
import Foundation

/// How a note's fields are encrypted.
public enum NoteFormat: String, Codable, Sendable, CaseIterable {
    /// ChaCha20-Poly1305 under the account's encryption key (``SealedNoteField``): the default.
    case seqrAEAD = "seqr-aead-v1"
    /// RNCryptor v3, password-based, as the Onions app wrote notes (``RNCryptorV3``).
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
public final class NoteCipher: @unchecked Sendable {
    private let password: String
    private let minimumIterations: Int
    private var keys: [AccountKDFParameters: AccountKeys] = [:]
    private let lock = NSLock()

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case parametersDoNotFitFormat(NoteFormat)
        public var description: String {
            switch self {
            case .parametersDoNotFitFormat(let format): return "the note's key parameters do not fit its format \(format.rawValue)"
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

    /// - Parameters:
    ///   - account: the account's current parameters, used by `seqr-aead-v1`.
    ///   - rncryptorIterations: the iteration count for RNCryptor notes (10,000 as in Onions).
    public func seal(_ note: NotePlaintext, id: UUID = UUID(), format: NoteFormat, account: AccountKDFParameters,
                     rncryptorIterations: Int = RNCryptorV3.defaultIterations) throws -> EncryptedNote {
        switch format {
        case .seqrAEAD:
            let key = try accountKeys(account).encryptionKey
            return EncryptedNote(
                id: id,
                title: try SealedNoteField.seal(note.title, noteID: id, field: .title, key: key),
                info: try SealedNoteField.seal(note.info, noteID: id, field: .info, key: key),
                format: format, kdf: NoteKDF(account))
        case .rncryptor:
            return EncryptedNote(
                id: id,
                title: try RNCryptorV3.encrypt(Data(note.title.utf8), password: password, iterations: rncryptorIterations),
                info: try RNCryptorV3.encrypt(Data(note.info.utf8), password: password, iterations: rncryptorIterations),
                format: format, kdf: .rncryptor(iterations: rncryptorIterations))
        }
    }

    public func open(_ note: EncryptedNote) throws -> NotePlaintext {
        guard note.kdf.isValid(for: note.format) else { throw Failure.parametersDoNotFitFormat(note.format) }
        switch note.format {
        case .seqrAEAD:
            let parameters = AccountKDFParameters(algorithm: note.kdf.algorithm, iterations: note.kdf.iterations, salt: note.kdf.salt ?? "")
            let key = try accountKeys(parameters).encryptionKey
            return NotePlaintext(
                unchecked: try SealedNoteField.open(note.title, noteID: note.id, field: .title, key: key),
                info: try SealedNoteField.open(note.info, noteID: note.id, field: .info, key: key))
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

extension NotePlaintext {
    /// What was stored is shown as stored, even if written by a client with other limits.
    /// Also for imports of notes that were stored before.
    public init(unchecked title: String, info: String) {
        self.title = title
        self.info = info
    }
}
