import Foundation

/// A trusted public key read from a file in whatever encoding it was handed out: PEM (SPKI or
/// PKCS#1), DER (SPKI or PKCS#1) as SAP's mobile services cockpit downloads it, the bare base64
/// of that DER (what `AppParameters.plist` points at), or one JWK.
extension JWSVerificationKey {
    /// The encodings ``init(keyFile:algorithm:)`` tries, in order, as named in its error.
    public static let keyFileEncodings = "PEM, JWK, DER (SPKI or PKCS#1), base64 of DER"

    /// Reads a key file in any of ``keyFileEncodings``; a private key or an unsupported key type is
    /// refused with ``JWSError/invalidKey(_:)``, never used.
    public init(keyFile data: Data, algorithm: JWSAlgorithm? = nil) throws(JWSError) {
        let text = String(data: data, encoding: .utf8)?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let text, text.hasPrefix("-----BEGIN") {
            try self.init(pem: text, algorithm: algorithm)
            return
        }
        if let text, text.hasPrefix("{") {
            guard let jwk = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { throw .invalidKey("not a JWK (invalid JSON)") }
            self = try JWK.verificationKey(jwk, algorithm: algorithm)
            return
        }
        if let material = Material(der: data) {
            try self.init(material, algorithm: algorithm)
            return
        }
        if let text, let der = Data(base64Encoded: text, options: .ignoreUnknownCharacters), let material = Material(der: der) {
            try self.init(material, algorithm: algorithm)
            return
        }
        throw .invalidKey("not a public key in any encoding tried (\(Self.keyFileEncodings))")
    }
}

extension JWSVerificationKey.Material {
    /// A DER public key: SPKI of any supported type, or an RSA PKCS#1 `RSAPublicKey`.
    init?(der: Data) {
        guard der.first == 0x30 else { return nil }  // a DER SEQUENCE, or not DER at all
        let body = der.base64EncodedString(options: .lineLength64Characters)
        for label in ["PUBLIC KEY", "RSA PUBLIC KEY"] {
            if let material = try? Self(pem: "-----BEGIN \(label)-----\n\(body)\n-----END \(label)-----") {
                self = material
                return
            }
        }
        return nil
    }
}
