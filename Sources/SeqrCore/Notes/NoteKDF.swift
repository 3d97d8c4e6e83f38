import Foundation

/// The key-derivation parameters a note was encrypted with, kept beside its ciphertext.
public struct NoteKDF: Codable, Sendable, Hashable {
    /// The algorithm name of RNCryptor notes.
    public static let rncryptorAlgorithm = "pbkdf2-sha1"
    /// ``AccountKDFParameters/pbkdf2SHA256`` or ``rncryptorAlgorithm``.
    public var algorithm: String
    /// PBKDF2 rounds.
    public var iterations: Int
    /// The account salt for `seqr-aead-v1`; RNCryptor messages carry their own salts.
    public var salt: String?

    /// Parameters as stored beside a note.
    public init(algorithm: String, iterations: Int, salt: String? = nil) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
    }

    /// The parameters of a note sealed under the account's encryption key.
    public init(_ account: AccountKDFParameters) {
        self.init(algorithm: account.algorithm, iterations: account.iterations, salt: account.salt)
    }

    /// The parameters of an RNCryptor v3 note (its salts are in each field).
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
