import Foundation

/// How a notes account turns its password into keys. Stored by the server per account (it is
/// not secret) and per note, so the default can rise while old notes still open.
public struct AccountKDFParameters: Codable, Sendable, Hashable {
    /// The only algorithm so far: PBKDF2-HMAC-SHA256, then HKDF-SHA256 to split the keys.
    public static let pbkdf2SHA256 = "pbkdf2-sha256"
    /// New accounts' PBKDF2 rounds (``PasswordKDF/recommendedIterations``).
    public static let defaultIterations = PasswordKDF.recommendedIterations
    /// Clients refuse weaker parameters from a server, which could otherwise ask for a cheap
    /// derivation and brute-force the authentication key it receives.
    public static let minimumIterations = PasswordKDF.minimumIterations
    /// Above this a server's parameters are refused too: they would make signing in take minutes.
    public static let maximumIterations = 50_000_000

    /// ``pbkdf2SHA256``, the only one.
    public var algorithm: String
    /// PBKDF2 rounds.
    public var iterations: Int
    /// 16 random bytes, base64.
    public var salt: String

    /// Parameters as a server stored them; ``fresh(iterations:)`` makes new ones.
    public init(algorithm: String = pbkdf2SHA256, iterations: Int, salt: String) {
        self.algorithm = algorithm
        self.iterations = iterations
        self.salt = salt
    }

    /// New parameters with a fresh salt from the system RNG.
    public static func fresh(iterations: Int = defaultIterations) -> AccountKDFParameters {
        AccountKDFParameters(iterations: iterations, salt: SecureRandom.data(16).base64EncodedString())
    }
}
