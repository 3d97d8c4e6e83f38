import Crypto
import Foundation

/// The keys a password yields. The authentication key is sent to the server, which keeps
/// only a slow hash of it; the encryption key never leaves the client. They are independent:
/// HKDF with different labels over one PBKDF2 output (``PasswordKDF``, NFC), so knowing one
/// says nothing of the other.
public struct AccountKeys: Sendable {
    /// Proves the password to the server; sent as ``authenticationToken``.
    public let authenticationKey: SymmetricKey
    /// Seals and opens the notes; never leaves the client.
    public let encryptionKey: SymmetricKey
    /// Wraps the account key for the password unlock method (``WrappedAccountKey``); never leaves the client.
    public let wrappingKey: SymmetricKey

    /// - Parameters:
    ///   - password: the account's password, normalised to NFC before it is derived.
    ///   - parameters: the account's parameters, as the server stores them; refused when weaker than the floor.
    ///   - minimumIterations: the floor this client accepts (tests lower it).
    public init(password: String, parameters: AccountKDFParameters, minimumIterations: Int = AccountKDFParameters.minimumIterations) throws(NotesError) {
        guard parameters.algorithm == AccountKDFParameters.pbkdf2SHA256 else { throw .unsupportedKDF(parameters.algorithm) }
        guard parameters.iterations >= max(1, minimumIterations), parameters.iterations <= AccountKDFParameters.maximumIterations else {
            throw .weakKDFParameters(iterations: parameters.iterations, minimum: minimumIterations)
        }
        guard let salt = Data(base64Encoded: parameters.salt), (16...64).contains(salt.count) else { throw .badKDFSalt }
        let master = PasswordKDF.pbkdf2SHA256(password, .nfc, salt: salt, iterations: parameters.iterations)
        authenticationKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("seqr notes v1 authentication".utf8), outputByteCount: 32)
        encryptionKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("seqr notes v1 encryption".utf8), outputByteCount: 32)
        wrappingKey = HKDF<SHA256>.deriveKey(inputKeyMaterial: master, info: Data("seqr notes v1 key wrapping".utf8), outputByteCount: 32)
    }

    /// What the server receives in place of a password.
    public var authenticationToken: String {
        authenticationKey.withUnsafeBytes { Data($0).base64EncodedString() }
    }

    private static let passwordCheckLabel = Data("seqr notes password check v1".utf8)

    /// What a client keeps to recognise this password before it writes anything (a note sealed
    /// under a mistyped password could never be opened): HMAC-SHA256 of a fixed label under the
    /// authentication key. A guess tested against it costs the account's PBKDF2, as against the
    /// server's stored hash; it reveals neither key.
    public var passwordCheck: Data {
        Data(HMAC<SHA256>.authenticationCode(for: Self.passwordCheckLabel, using: authenticationKey))
    }

    /// Whether `check` is this password's ``passwordCheck``, compared in constant time.
    public func matches(passwordCheck check: Data) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(check, authenticating: Self.passwordCheckLabel, using: authenticationKey)
    }
}
