import Foundation

/// Why a JWS was not accepted, one case per cause. Nothing of the payload is shown
/// before the signature has been verified.
public enum JWSError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not three dot-separated base64url parts (or something after them).
    case malformed(String)
    case tooLarge(limit: Int)
    /// The header is not a JSON object with a string `alg`.
    case invalidHeader(String)
    /// `alg: none`: an unsigned token is never accepted.
    case unsigned
    /// An algorithm this library does not verify (HS256 included: a shared-secret MAC
    /// checked with a public key is the classic algorithm-confusion attack).
    case unsupportedAlgorithm(String)
    /// The header's `alg` is not the one the trusted key is for.
    case algorithmMismatch(expected: JWSAlgorithm, found: String)
    /// `crit` names extensions this library does not understand.
    case unknownCriticalHeaders([String])
    case invalidSignature
    /// The key cannot be used with this algorithm (an EC key for RS256, P-384 for ES256…).
    case wrongKeyType(JWSAlgorithm)
    case invalidKey(String)
    /// No key in the set has the token's `kid`.
    case keyNotFound(kid: String?)
    case expired(Date)
    case notYetValid(Date)
    case invalidClaims(String)

    public var description: String {
        switch self {
        case .malformed(let detail): "not a compact JWS: \(detail)"
        case .tooLarge(let limit): "the JWS is larger than \(limit) bytes"
        case .invalidHeader(let detail): "invalid JWS header: \(detail)"
        case .unsigned: "the JWS is unsigned (alg \"none\") and is refused"
        case .unsupportedAlgorithm(let alg): "unsupported algorithm \"\(DisplayName.escaped(alg))\""
        case let .algorithmMismatch(expected, found): "the JWS says alg \"\(DisplayName.escaped(found))\" but the trusted key is for \(expected.rawValue)"
        case .unknownCriticalHeaders(let names): "unknown critical header\(names.count == 1 ? "" : "s"): \(DisplayName.escaped(names.joined(separator: ", ")))"
        case .invalidSignature: "the signature does not verify: the content was altered or signed by another key"
        case .wrongKeyType(let alg): "the key cannot be used for \(alg.rawValue)"
        case .invalidKey(let detail): "invalid key: \(detail)"
        case .keyNotFound(let kid): kid.map { "no trusted key has kid \"\(DisplayName.escaped($0))\"" } ?? "the JWS names no kid and the key set holds several keys"
        case .expired(let date): "expired at \(date.formatted(.iso8601))"
        case .notYetValid(let date): "not valid before \(date.formatted(.iso8601))"
        case .invalidClaims(let detail): "invalid claims: \(detail)"
        }
    }
}
