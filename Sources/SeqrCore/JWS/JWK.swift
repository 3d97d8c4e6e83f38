import Crypto
import Foundation
import _CryptoExtras

/// JSON Web Keys (RFC 7517) for the key types JWS here uses: RSA, EC (P-256/384/521) and
/// OKP (Ed25519). Public keys are read and written; private keys are read.
public enum JWK {
    /// A verification key from one JWK object. Its `alg`, when present, fixes the algorithm.
    public static func verificationKey(_ jwk: [String: Any], algorithm: JWSAlgorithm? = nil) throws(JWSError) -> JWSVerificationKey {
        if let use = jwk["use"] as? String, use != "sig" { throw .invalidKey("the key's \"use\" is \"\(use)\", not \"sig\"") }
        var chosen = algorithm
        if let alg = jwk["alg"] as? String {
            guard let named = JWSAlgorithm(rawValue: alg) else { throw .unsupportedAlgorithm(alg) }
            if let algorithm, algorithm != named { throw .algorithmMismatch(expected: named, found: algorithm.rawValue) }
            chosen = named
        }
        return try JWSVerificationKey(try publicMaterial(jwk), algorithm: chosen, keyID: jwk["kid"] as? String)
    }

    static func publicMaterial(_ jwk: [String: Any]) throws(JWSError) -> JWSVerificationKey.Material {
        func field(_ name: String) throws(JWSError) -> Data {
            guard let text = jwk[name] as? String, let bytes = Base64URL.decode(text), !bytes.isEmpty else {
                throw .invalidKey("missing or invalid \"\(name)\"")
            }
            return bytes
        }
        switch jwk["kty"] as? String {
        case "RSA":
            do { return .rsa(try _RSA.Signing.PublicKey(n: try field("n"), e: try field("e"))) } catch let error as JWSError { throw error } catch {
                throw .invalidKey("not a usable RSA public key (2048 bits or more)")
            }
        case "EC":
            let point = try field("x") + (try field("y"))
            do {
                switch jwk["crv"] as? String {
                case "P-256": return .p256(try P256.Signing.PublicKey(rawRepresentation: point))
                case "P-384": return .p384(try P384.Signing.PublicKey(rawRepresentation: point))
                case "P-521": return .p521(try P521.Signing.PublicKey(rawRepresentation: point))
                case let other: throw JWSError.invalidKey("unsupported curve \(other ?? "(none)")")
                }
            } catch let error as JWSError { throw error } catch {
                throw .invalidKey("the point is not on the curve")
            }
        case "OKP":
            guard jwk["crv"] as? String == "Ed25519" else { throw .invalidKey("unsupported OKP curve \(jwk["crv"] as? String ?? "(none)")") }
            do { return .ed25519(try Curve25519.Signing.PublicKey(rawRepresentation: try field("x"))) } catch let error as JWSError { throw error } catch {
                throw .invalidKey("invalid Ed25519 key")
            }
        case let other:
            throw .invalidKey("unsupported key type \(other ?? "(none)")")
        }
    }

    /// The public JWK of a key, with its RFC 7638 thumbprint as `kid`.
    public static func publicJWK(_ material: JWSVerificationKey.Material, algorithm: JWSAlgorithm? = nil) -> [String: String] {
        var jwk: [String: String]
        switch material {
        case .rsa(let key):
            let primitives = try! key.getKeyPrimitives()
            jwk = ["kty": "RSA", "n": Base64URL.encode(primitives.modulus), "e": Base64URL.encode(primitives.publicExponent)]
        case .p256(let key): jwk = ecJWK("P-256", key.rawRepresentation)
        case .p384(let key): jwk = ecJWK("P-384", key.rawRepresentation)
        case .p521(let key): jwk = ecJWK("P-521", key.rawRepresentation)
        case .ed25519(let key): jwk = ["kty": "OKP", "crv": "Ed25519", "x": Base64URL.encode(key.rawRepresentation)]
        }
        jwk["kid"] = thumbprint(jwk)
        jwk["use"] = "sig"
        if let algorithm { jwk["alg"] = algorithm.rawValue }
        return jwk
    }

    private static func ecJWK(_ curve: String, _ point: Data) -> [String: String] {
        let half = point.count / 2
        return ["kty": "EC", "crv": curve, "x": Base64URL.encode(point.prefix(half)), "y": Base64URL.encode(point.suffix(half))]
    }

    /// RFC 7638: SHA-256 over the required members, sorted, without white space.
    public static func thumbprint(_ jwk: [String: String]) -> String {
        let required: [String] = switch jwk["kty"] {
        case "RSA": ["e", "kty", "n"]
        case "EC": ["crv", "kty", "x", "y"]
        default: ["crv", "kty", "x"]
        }
        let canonical = "{" + required.map { "\"\($0)\":\"\(jwk[$0] ?? "")\"" }.joined(separator: ",") + "}"
        return Base64URL.encode(SHA256.hash(data: Data(canonical.utf8)))
    }
}

/// A JWK Set: trusted keys, chosen by the token's `kid`.
public struct JWKSet: Sendable {
    public let keys: [JWSVerificationKey]

    /// A set of keys already read.
    public init(keys: [JWSVerificationKey]) { self.keys = keys }

    /// Parses `{"keys": [...]}`; keys of unsupported types are an error, not skipped silently.
    public init(json: Data) throws(JWSError) {
        guard let object = try? JSONSerialization.jsonObject(with: json) as? [String: Any], let list = object["keys"] as? [[String: Any]] else {
            throw .invalidKey("not a JWK set (a JSON object with a \"keys\" array)")
        }
        var keys: [JWSVerificationKey] = []
        for jwk in list { keys.append(try JWK.verificationKey(jwk)) }
        self.keys = keys
    }

    /// The key for `kid`; with no `kid`, the only key when there is just one.
    public func key(for kid: String?) throws(JWSError) -> JWSVerificationKey {
        if let kid {
            guard let key = keys.first(where: { $0.keyID == kid }) else { throw .keyNotFound(kid: kid) }
            return key
        }
        guard keys.count == 1 else { throw .keyNotFound(kid: nil) }
        return keys[0]
    }
}
