import Foundation

/// Compact JWS (RFC 7515 §7.1): BASE64URL(header) . BASE64URL(payload) . BASE64URL(signature).
///
/// Verification is safe by construction: the algorithm comes from the trusted key; `none`,
/// unknown `crit` members, bad base64url, extra parts and oversized input are refused;
/// and the payload is returned only after the signature has been checked.
public enum CompactJWS {
    /// Larger inputs are refused before any parsing (a QR code holds under 3 KB).
    public static let maximumLength = 256 * 1024

    /// A verified token: its header and its payload.
    public struct Verified: Sendable {
        /// The algorithm the signature was checked with: the trusted key's.
        public let algorithm: JWSAlgorithm
        /// The token's `kid`, if it named one.
        public let keyID: String?
        /// The protected header's JSON, as signed.
        public let header: Data
        /// The payload, as signed; check its claims with ``JWSClaims/check(_:now:leeway:)`` if it has any.
        public let payload: Data
    }

    /// Signs `payload`; `extraHeader` adds members such as `typ` or `zip`.
    public static func sign(_ payload: Data, with key: JWSSigningKey, extraHeader: [String: String] = [:]) throws -> String {
        var header = extraHeader
        header["alg"] = key.algorithm.rawValue
        if let kid = key.keyID { header["kid"] = kid }
        let headerJSON = try JSONSerialization.data(withJSONObject: header, options: [.sortedKeys, .withoutEscapingSlashes])
        let signingInput = Base64URL.encode(headerJSON) + "." + Base64URL.encode(payload)
        let signature = try key.sign(Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature)
    }

    /// Verifies with one trusted key.
    public static func verify(_ token: String, with key: JWSVerificationKey) throws(JWSError) -> Verified {
        let parts = try split(token)
        return try verify(parts, with: key)
    }

    /// Verifies with the key of a set that matches the token's `kid`.
    public static func verify(_ token: String, with keys: JWKSet) throws(JWSError) -> Verified {
        let parts = try split(token)
        return try verify(parts, with: try keys.key(for: parts.keyID))
    }

    struct Parts {
        let signingInput: Data
        let header: Data
        let alg: String
        let keyID: String?
        let payload: Data
        let signature: Data
    }

    static func split(_ token: String) throws(JWSError) -> Parts {
        guard token.utf8.count <= maximumLength else { throw .tooLarge(limit: maximumLength) }
        let pieces = token.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count == 3 else { throw .malformed("expected 3 dot-separated parts, found \(pieces.count)") }
        guard let header = Base64URL.decode(pieces[0]) else { throw .malformed("the header is not base64url") }
        guard let payload = Base64URL.decode(pieces[1]) else { throw .malformed("the payload is not base64url") }
        guard let signature = Base64URL.decode(pieces[2]) else { throw .malformed("the signature is not base64url") }
        guard let object = try? JSONSerialization.jsonObject(with: header) as? [String: Any] else {
            throw .invalidHeader("not a JSON object")
        }
        guard let alg = object["alg"] as? String else { throw .invalidHeader("no \"alg\"") }
        if alg.lowercased() == "none" { throw .unsigned }
        if let crit = object["crit"] {
            guard let names = crit as? [String], !names.isEmpty else { throw .invalidHeader("\"crit\" must be a non-empty array of names") }
            throw .unknownCriticalHeaders(names)
        }
        let keyID = object["kid"] as? String
        return Parts(signingInput: Data(pieces[0].utf8) + Data(".".utf8) + Data(pieces[1].utf8),
                     header: header, alg: alg, keyID: keyID, payload: payload, signature: signature)
    }

    static func verify(_ parts: Parts, with key: JWSVerificationKey) throws(JWSError) -> Verified {
        guard let algorithm = JWSAlgorithm(rawValue: parts.alg) else { throw .unsupportedAlgorithm(parts.alg) }
        guard algorithm == key.algorithm else { throw .algorithmMismatch(expected: key.algorithm, found: parts.alg) }
        guard key.isValid(signature: parts.signature, for: parts.signingInput) else { throw .invalidSignature }
        return Verified(algorithm: algorithm, keyID: parts.keyID, header: parts.header, payload: parts.payload)
    }
}

/// Optional checks of JSON claims (RFC 7519 `exp` and `nbf`), made after verification.
public enum JWSClaims {
    /// Throws when the payload is a JSON object whose `exp` has passed or `nbf` has not come.
    /// Payloads that are not JSON objects, or lack the claims, pass.
    public static func check(_ payload: Data, now: Date = Date(), leeway: TimeInterval = 60) throws(JWSError) {
        guard let object = try? JSONSerialization.jsonObject(with: payload) as? [String: Any] else { return }
        if let exp = object["exp"] {
            guard let seconds = (exp as? NSNumber)?.doubleValue else { throw .invalidClaims("\"exp\" is not a number") }
            let date = Date(timeIntervalSince1970: seconds)
            if now.timeIntervalSince(date) > leeway { throw .expired(date) }
        }
        if let nbf = object["nbf"] {
            guard let seconds = (nbf as? NSNumber)?.doubleValue else { throw .invalidClaims("\"nbf\" is not a number") }
            let date = Date(timeIntervalSince1970: seconds)
            if date.timeIntervalSince(now) > leeway { throw .notYetValid(date) }
        }
    }
}

/// The `...?jws=<compact>` form used by signed onboarding links.
public enum JWSURL {
    /// `base` with `jws=<token>` added as a query item.
    public static func make(base: String, token: String) -> String {
        base + (base.contains("?") ? "&" : "?") + "jws=" + token
    }

    /// The token in a URL's `?jws=` or `&jws=` parameter, percent-decoded; nil when absent.
    public static func extract(from text: String) -> String? {
        for marker in ["?jws=", "&jws="] {
            guard let range = text.range(of: marker) else { continue }
            let rest = text[range.upperBound...]
            let value = rest.prefix { $0 != "&" && $0 != "#" }
            return String(value).removingPercentEncoding ?? String(value)
        }
        return nil
    }
}
