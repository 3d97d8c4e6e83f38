/// The step of verifying a signed code or a SMART Health Card that refused it, as `seqr jws verify`
/// and `seqr shc verify` name it in their error line ("failed at signature: …") and the web app's
/// scanner names it in the same words (jws-error.js). The steps, in the order they run: prefix
/// (`shc:/`), encoding (the digits, chunks, base64url and size), header (JSON, `alg`, `crit`), key id
/// (choosing the trusted key, and its fitness), signature, decompression (a card's `zip`, inflating),
/// payload (a card's JSON), issuer, expiry (`exp`, `nbf`).
public enum VerificationStep: String, Sendable, CaseIterable {
    case prefix, encoding, header
    case keyID = "key id"
    case signature, decompression, payload, issuer, expiry
}

extension JWSError {
    /// The verification step this error refuses a token at; nil for errors of loading a key
    /// (``invalidKey(_:)``, ``wrongKeyType(_:)``), which happen before any token is read.
    public var step: VerificationStep? {
        switch self {
        case .malformed, .tooLarge: .encoding
        case .invalidHeader, .unsigned, .unsupportedAlgorithm, .algorithmMismatch, .unknownCriticalHeaders: .header
        case .keyNotFound: .keyID
        case .invalidSignature: .signature
        case .expired, .notYetValid, .invalidClaims: .expiry
        case .invalidKey, .wrongKeyType: nil
        }
    }
}

extension SmartHealthCardError {
    /// The verification step this error refuses a card at.
    public var step: VerificationStep {
        switch self {
        case .notAHealthCard: .prefix
        case .invalidNumericEncoding, .inconsistentChunks, .missingChunks, .tooManyChunks: .encoding
        case .signature(let error): error.step ?? .signature
        case .unsuitableKey: .keyID
        case .notCompressed, .decompressionFailed: .decompression
        case .invalidPayload: .payload
        case .untrustedIssuer: .issuer
        case .notYetValid, .expired: .expiry
        }
    }
}
