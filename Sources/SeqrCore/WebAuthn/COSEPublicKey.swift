import Crypto
import Foundation

/// A credential public key in COSE form (RFC 9052/9053), of the two kinds this server verifies:
/// ES256 (kty EC2, alg -7, crv P-256) and EdDSA (kty OKP, alg -8, crv Ed25519). Parsing checks
/// that the point is on the curve (swift-crypto refuses otherwise), so a stored key always verifies
/// or refuses, never throws later.
public struct COSEPublicKey: Sendable {
    enum Key: Sendable {
        case es256(P256.Signing.PublicKey)
        case ed25519(Curve25519.Signing.PublicKey)
    }

    let key: Key
    /// The COSE_Key bytes as the authenticator wrote them (what the server stores).
    public let bytes: Data

    /// COSE algorithm identifiers a registration may offer (`pubKeyCredParams`), most preferred first.
    public static let supportedAlgorithms: [Int64] = [-7, -8]

    public init(cose bytes: Data) throws(WebAuthnError) {
        let value: CBORValue
        do { value = try CBORReader.decode(bytes) } catch { throw .unsupportedPublicKey("not a CBOR map") }
        try self.init(value, bytes: bytes)
    }

    init(_ value: CBORValue, bytes: Data) throws(WebAuthnError) {
        guard value.mapEntries != nil else { throw .unsupportedPublicKey("not a CBOR map") }
        self.bytes = bytes
        switch (value[1]?.integer, value[3]?.integer) {
        case (2, -7):
            guard value[-1]?.integer == 1, let x = value[-2]?.byteString, let y = value[-3]?.byteString, x.count == 32, y.count == 32,
                  let key = try? P256.Signing.PublicKey(x963Representation: [0x04] + x + y) else {
                throw .unsupportedPublicKey("an ES256 key that is not a P-256 point")
            }
            self.key = .es256(key)
        case (1, -8):
            guard value[-1]?.integer == 6, let x = value[-2]?.byteString, x.count == 32,
                  let key = try? Curve25519.Signing.PublicKey(rawRepresentation: x) else {
                throw .unsupportedPublicKey("an EdDSA key that is not Ed25519")
            }
            self.key = .ed25519(key)
        case (let kty, let alg):
            throw .unsupportedPublicKey("kty \(kty.map(String.init) ?? "none"), alg \(alg.map(String.init) ?? "none")")
        }
    }

    /// Whether `signature` (DER ECDSA for ES256, 64 bytes for Ed25519) signs `data`.
    func verify(_ signature: Data, over data: Data) throws(WebAuthnError) {
        switch key {
        case .es256(let key):
            guard let parsed = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { throw .malformedSignature }
            guard key.isValidSignature(parsed, for: data) else { throw .signatureInvalid }
        case .ed25519(let key):
            guard signature.count == 64 else { throw .malformedSignature }
            guard key.isValidSignature(signature, for: data) else { throw .signatureInvalid }
        }
    }
}
