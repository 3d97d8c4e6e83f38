import Crypto
import _CryptoExtras
import Foundation

/// How a notes account turns its password into keys. Stored by the server per account (it is
/// not secret) and per note, so the default can rise while old notes still open.
public struct AccountKDFParameters: Codable, Sendable, Hashable {
    /// The only algorithm so far: PBKDF2-HMAC-SHA256, then HKDF-SHA256 to split the keys.
    public static let pbkdf2SHA256 = "pbkdf2-sha256"
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
    public static let defaultIterations = 600_000
    /// Clients refuse weaker parameters from a server, which could otherwise ask for a cheap
    /// derivation and brute-force the authentication key it receives.
    public static let minimumIterations = 210_000
    public static let maximumIterations = 50_000_000

    public var algorithm: String
    public var iterations: Int
    /// 16 random bytes, base64.
    public var salt: String

    public init(algorithm: String = pbkdf2SHA256, iterations: Int, salt: String) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
    }

    /// New parameters with a fresh salt from the system RNG.
    public static func fresh(iterations: Int = defaultIterations) -> AccountKDFParameters {
        AccountKDFParameters(iterations: iterations, salt: randomBytes(16).base64EncodedString())
    }
}

/// The two keys a password yields. The authentication key is sent to the server, which keeps
/// only a slow hash of it; the encryption key never leaves the client. They are independent:
/// HKDF with different labels over one PBKDF2 output, so knowing one says nothing of the other.
public struct AccountKeys: Sendable {
    public let authenticationKey: SymmetricKey
    public let encryptionKey: SymmetricKey

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case unsupportedAlgorithm(String)
        case weakParameters(iterations: Int, minimum: Int)
        case badSalt

        public var description: String {
            switch self {
            case .unsupportedAlgorithm(let name): return "unsupported key derivation \"\(name)\""
            case .weakParameters(let n, let minimum): return "the server asks for \(n) KDF iterations, fewer than the \(minimum) this client accepts"
            case .badSalt: return "the KDF salt is not 16 to 64 bytes of base64"
            }
        }
    }

    /// - Parameter minimumIterations: the floor this client accepts (tests lower it).
    public init(password: String, parameters: AccountKDFParameters, minimumIterations: Int = AccountKDFParameters.minimumIterations) throws {
        guard parameters.algorithm == AccountKDFParameters.pbkdf2SHA256 else { throw Failure.unsupportedAlgorithm(parameters.algorithm) }
        guard parameters.iterations >= minimumIterations, parameters.iterations <= AccountKDFParameters.maximumIterations else {
            throw Failure.weakParameters(iterations: parameters.iterations, minimum: minimumIterations)
        }
        guard let salt = Data(base64Encoded: parameters.salt), (16...64).contains(salt.count) else { throw Failure.badSalt }
        let master = try passwordKey(password, salt: salt, iterations: parameters.iterations)
        authenticationKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("seqr notes v1 authentication".utf8), outputByteCount: 32)
        encryptionKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("seqr notes v1 encryption".utf8), outputByteCount: 32)
    }

    /// What the server receives in place of a password.
    public var authenticationToken: String {
        authenticationKey.withUnsafeBytes { Data($0).base64EncodedString() }
    }
}

/// PBKDF2-HMAC-SHA256 of the NFC-normalised password, 32 bytes: the one password stretch of
/// the notes formats (account keys, export files), so the same password typed on any system
/// gives the same key. The unchecked variant because callers enforce their own floors.
func passwordKey(_ password: String, salt: some DataProtocol, iterations: Int) throws -> SymmetricKey {
    try KDF.Insecure.PBKDF2.deriveKey(
        from: Array(password.precomposedStringWithCanonicalMapping.utf8), salt: Array(salt), using: .sha256,
        outputByteCount: 32, unsafeUncheckedRounds: iterations)
}
