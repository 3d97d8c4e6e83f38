import Crypto
import Foundation
import _CryptoExtras

/// A public key that verifies JWS signatures, with the one algorithm it is trusted for.
///
/// The algorithm comes from here — from the caller's trusted key — never from the token:
/// a token whose header names another algorithm is refused.
public struct JWSVerificationKey: Sendable {
    /// The swift-crypto public key: RSA of 2048 bits or more, P-256, P-384, P-521 or Ed25519.
    public enum Material: Sendable {
        case rsa(_RSA.Signing.PublicKey)
        case p256(P256.Signing.PublicKey)
        case p384(P384.Signing.PublicKey)
        case p521(P521.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
    }

    /// The public key.
    public let material: Material
    /// The one algorithm this key verifies; a token naming another is refused.
    public let algorithm: JWSAlgorithm
    /// The key's `kid`, matched against a token's when the key is one of a ``JWKSet``.
    public var keyID: String?

    /// `algorithm` defaults to the key's natural one (by curve, or by RSA size as in the seed).
    public init(_ material: Material, algorithm: JWSAlgorithm? = nil, keyID: String? = nil) throws(JWSError) {
        let chosen = algorithm ?? material.defaultAlgorithm
        guard material.supports(chosen) else { throw .wrongKeyType(chosen) }
        self.material = material
        self.algorithm = chosen
        self.keyID = keyID
    }

    /// From a PEM public key: SPKI ("PUBLIC KEY") of any supported type, or PKCS#1 ("RSA PUBLIC KEY").
    public init(pem: String, algorithm: JWSAlgorithm? = nil) throws(JWSError) {
        try self.init(try Material(pem: pem), algorithm: algorithm)
    }

    /// Checks `signature` over `signingInput` with this key and its algorithm.
    func isValid(signature: Data, for signingInput: Data) -> Bool {
        switch (material, algorithm) {
        case (.rsa(let key), .RS256), (.rsa(let key), .PS256):
            let padding: _RSA.Signing.Padding = algorithm == .RS256 ? .insecurePKCS1v1_5 : .PSS
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA256.hash(data: signingInput), padding: padding)
        case (.rsa(let key), .RS384), (.rsa(let key), .PS384):
            let padding: _RSA.Signing.Padding = algorithm == .RS384 ? .insecurePKCS1v1_5 : .PSS
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA384.hash(data: signingInput), padding: padding)
        case (.rsa(let key), .RS512), (.rsa(let key), .PS512):
            let padding: _RSA.Signing.Padding = algorithm == .RS512 ? .insecurePKCS1v1_5 : .PSS
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: SHA512.hash(data: signingInput), padding: padding)
        case (.p256(let key), .ES256):
            guard let sig = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: signingInput)
        case (.p384(let key), .ES384):
            guard let sig = try? P384.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: signingInput)
        case (.p521(let key), .ES512):
            guard let sig = try? P521.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: signingInput)
        case (.ed25519(let key), .EdDSA):
            return key.isValidSignature(signature, for: signingInput)
        default:
            return false
        }
    }
}

/// A private key that signs JWS, with its algorithm.
public struct JWSSigningKey: Sendable {
    /// The swift-crypto private key: RSA of 2048 bits or more, P-256, P-384, P-521 or Ed25519.
    public enum Material: Sendable {
        case rsa(_RSA.Signing.PrivateKey)
        case p256(P256.Signing.PrivateKey)
        case p384(P384.Signing.PrivateKey)
        case p521(P521.Signing.PrivateKey)
        case ed25519(Curve25519.Signing.PrivateKey)
    }

    /// The private key.
    public let material: Material
    /// The algorithm of every signature this key makes.
    public let algorithm: JWSAlgorithm
    /// The `kid` written into each token's header, when set.
    public var keyID: String?

    /// A signing key for `algorithm` (by default the key type's own: ES256 for P-256, RS256, RS384 or
    /// RS512 by RSA size, …); throws ``JWSError/wrongKeyType(_:)`` when the key cannot make that
    /// algorithm's signatures.
    public init(_ material: Material, algorithm: JWSAlgorithm? = nil, keyID: String? = nil) throws(JWSError) {
        let chosen = algorithm ?? material.publicMaterial.defaultAlgorithm
        guard material.publicMaterial.supports(chosen) else { throw .wrongKeyType(chosen) }
        self.material = material
        self.algorithm = chosen
        self.keyID = keyID
    }

    /// From a PEM private key: PKCS#8 ("PRIVATE KEY"), SEC1 ("EC PRIVATE KEY") or PKCS#1 ("RSA PRIVATE KEY").
    public init(pem: String, algorithm: JWSAlgorithm? = nil) throws(JWSError) {
        try self.init(try Material(pem: pem), algorithm: algorithm)
    }

    /// A new key for `algorithm` (RSA: 2048, 3072 or 4096 bits for RS/PS 256, 384, 512).
    public static func generate(_ algorithm: JWSAlgorithm) throws -> JWSSigningKey {
        let material: Material = switch algorithm {
        case .RS256, .PS256: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        case .RS384, .PS384: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits3072))
        case .RS512, .PS512: .rsa(try _RSA.Signing.PrivateKey(keySize: .bits4096))
        case .ES256: .p256(P256.Signing.PrivateKey())
        case .ES384: .p384(P384.Signing.PrivateKey())
        case .ES512: .p521(P521.Signing.PrivateKey())
        case .EdDSA: .ed25519(Curve25519.Signing.PrivateKey())
        }
        return try JWSSigningKey(material, algorithm: algorithm)
    }

    /// The public key that verifies this key's tokens, with the same algorithm and `kid`.
    public var verificationKey: JWSVerificationKey {
        // Same material, same algorithm: cannot fail.
        try! JWSVerificationKey(material.publicMaterial, algorithm: algorithm, keyID: keyID)
    }

    func sign(_ signingInput: Data) throws -> Data {
        switch (material, algorithm) {
        case (.rsa(let key), .RS256): try key.signature(for: SHA256.hash(data: signingInput), padding: .insecurePKCS1v1_5).rawRepresentation
        case (.rsa(let key), .RS384): try key.signature(for: SHA384.hash(data: signingInput), padding: .insecurePKCS1v1_5).rawRepresentation
        case (.rsa(let key), .RS512): try key.signature(for: SHA512.hash(data: signingInput), padding: .insecurePKCS1v1_5).rawRepresentation
        case (.rsa(let key), .PS256): try key.signature(for: SHA256.hash(data: signingInput), padding: .PSS).rawRepresentation
        case (.rsa(let key), .PS384): try key.signature(for: SHA384.hash(data: signingInput), padding: .PSS).rawRepresentation
        case (.rsa(let key), .PS512): try key.signature(for: SHA512.hash(data: signingInput), padding: .PSS).rawRepresentation
        case (.p256(let key), .ES256): try key.signature(for: signingInput).rawRepresentation
        case (.p384(let key), .ES384): try key.signature(for: signingInput).rawRepresentation
        case (.p521(let key), .ES512): try key.signature(for: signingInput).rawRepresentation
        case (.ed25519(let key), .EdDSA): try key.signature(for: signingInput)
        default: throw JWSError.wrongKeyType(algorithm)
        }
    }

    /// PKCS#8 PEM of the private key.
    public var pemRepresentation: String {
        switch material {
        case .rsa(let key): key.pkcs8PEMRepresentation
        case .p256(let key): key.pemRepresentation
        case .p384(let key): key.pemRepresentation
        case .p521(let key): key.pemRepresentation
        case .ed25519(let key): key.pemRepresentation
        }
    }
}

extension JWSVerificationKey.Material {
    var defaultAlgorithm: JWSAlgorithm {
        switch self {
        case .rsa(let key): .defaultRSA(keySizeInBits: key.keySizeInBits)
        case .p256: .ES256
        case .p384: .ES384
        case .p521: .ES512
        case .ed25519: .EdDSA
        }
    }

    func supports(_ algorithm: JWSAlgorithm) -> Bool {
        switch (self, algorithm.family) {
        case (.rsa, .rsaPKCS1), (.rsa, .rsaPSS): true
        case (.p256, _): algorithm == .ES256
        case (.p384, _): algorithm == .ES384
        case (.p521, _): algorithm == .ES512
        case (.ed25519, _): algorithm == .EdDSA
        default: false
        }
    }

    /// SPKI PEM of the public key.
    public var pemRepresentation: String {
        switch self {
        case .rsa(let key): key.pemRepresentation
        case .p256(let key): key.pemRepresentation
        case .p384(let key): key.pemRepresentation
        case .p521(let key): key.pemRepresentation
        case .ed25519(let key): key.pemRepresentation
        }
    }

    init(pem: String) throws(JWSError) {
        let label = PEMLabel(pem)
        switch label {
        case "PUBLIC KEY", "RSA PUBLIC KEY":
            if let key = try? _RSA.Signing.PublicKey(pemRepresentation: pem) { self = .rsa(key); return }
            if label == "RSA PUBLIC KEY" { throw .invalidKey("not a usable RSA public key (2048 bits or more)") }
            if let key = try? P256.Signing.PublicKey(pemRepresentation: pem) { self = .p256(key); return }
            if let key = try? P384.Signing.PublicKey(pemRepresentation: pem) { self = .p384(key); return }
            if let key = try? P521.Signing.PublicKey(pemRepresentation: pem) { self = .p521(key); return }
            if let key = try? Curve25519.Signing.PublicKey(pemRepresentation: pem) { self = .ed25519(key); return }
            throw .invalidKey("a public key of an unsupported type (RSA ≥ 2048 bits, P-256, P-384, P-521 or Ed25519 are)")
        case nil:
            throw .invalidKey("not a PEM file")
        default:
            throw .invalidKey("expected a public key, found \"\(label!)\"")
        }
    }
}

extension JWSSigningKey.Material {
    var publicMaterial: JWSVerificationKey.Material {
        switch self {
        case .rsa(let key): .rsa(key.publicKey)
        case .p256(let key): .p256(key.publicKey)
        case .p384(let key): .p384(key.publicKey)
        case .p521(let key): .p521(key.publicKey)
        case .ed25519(let key): .ed25519(key.publicKey)
        }
    }

    init(pem: String) throws(JWSError) {
        let label = PEMLabel(pem)
        switch label {
        case "PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY":
            if label != "EC PRIVATE KEY", let key = try? _RSA.Signing.PrivateKey(pemRepresentation: pem) { self = .rsa(key); return }
            if let key = try? P256.Signing.PrivateKey(pemRepresentation: pem) { self = .p256(key); return }
            if let key = try? P384.Signing.PrivateKey(pemRepresentation: pem) { self = .p384(key); return }
            if let key = try? P521.Signing.PrivateKey(pemRepresentation: pem) { self = .p521(key); return }
            if label == "PRIVATE KEY", let key = try? Curve25519.Signing.PrivateKey(pemRepresentation: pem) { self = .ed25519(key); return }
            throw .invalidKey("a private key of an unsupported type (RSA ≥ 2048 bits, P-256, P-384, P-521 or Ed25519 are)")
        case nil:
            throw .invalidKey("not a PEM file")
        default:
            throw .invalidKey("expected a private key, found \"\(label!)\"")
        }
    }
}

/// The label of the first PEM block ("PUBLIC KEY", "EC PRIVATE KEY", …), if any.
func PEMLabel(_ pem: String) -> String? {
    guard let start = pem.range(of: "-----BEGIN "), let end = pem.range(of: "-----", range: start.upperBound..<pem.endIndex) else { return nil }
    return String(pem[start.upperBound..<end.lowerBound])
}
