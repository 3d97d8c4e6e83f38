import Crypto
import Foundation

/// A channel's ciphers, named by the format-version byte of its share, message and rekey codes
/// (docs/formats/channels.md). Suite 2 uses only what WebCrypto has, so a browser can read it.
///
/// | suite | version byte | share: HPKE (RFC 9180, base mode) | message AEAD | epochs |
/// | --- | --- | --- | --- | --- |
/// | 1 | 1 | DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, ChaCha20-Poly1305 | ChaCha20-Poly1305 | no (always 0) |
/// | 2 | 2 | DHKEM(X25519, HKDF-SHA256), HKDF-SHA256, AES-256-GCM | AES-256-GCM | yes (rekey codes) |
public enum ChannelSuite: UInt8, Sendable, Equatable, CaseIterable {
    case v1 = 1
    case v2 = 2

    /// The suite of new channels.
    public static let current = ChannelSuite.v2

    var hpke: HPKE.Ciphersuite {
        switch self {
        case .v1: .Curve25519_SHA256_ChachaPoly
        case .v2: HPKE.Ciphersuite(kem: .Curve25519_HKDF_SHA256, kdf: .HKDF_SHA256, aead: .AES_GCM_256)
        }
    }

    var shareInfo: Data { Data("seqr channel share v\(rawValue)".utf8) }
    var messageKeyInfo: Data { Data("seqr channel message v\(rawValue)".utf8) }
    /// Whether codes of this suite carry an epoch (suite 1 channels are always at epoch 0).
    var hasEpochs: Bool { self != .v1 }

    /// The key that seals messages of one epoch: HKDF-SHA256(epoch secret, empty salt, info).
    func messageKey(_ secret: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), info: messageKeyInfo, outputByteCount: 32)
    }

    func seal(_ plaintext: [UInt8], key: SymmetricKey, nonce: [UInt8], authenticating aad: [UInt8]) throws -> [UInt8] {
        switch self {
        case .v1:
            let box = try ChaChaPoly.seal(plaintext, using: key, nonce: ChaChaPoly.Nonce(data: nonce), authenticating: aad)
            return [UInt8](box.ciphertext) + [UInt8](box.tag)
        case .v2:
            let box = try AES.GCM.seal(plaintext, using: key, nonce: AES.GCM.Nonce(data: nonce), authenticating: aad)
            return [UInt8](box.ciphertext) + [UInt8](box.tag)
        }
    }

    /// Opens ciphertext ‖ 16-byte tag; throws `decryptionFailed` for anything that does not open.
    func open(_ sealed: [UInt8], key: SymmetricKey, nonce: [UInt8], authenticating aad: [UInt8]) throws(ChannelError) -> Data {
        guard sealed.count >= 16 else { throw .decryptionFailed }
        do {
            switch self {
            case .v1:
                let box = try ChaChaPoly.SealedBox(nonce: ChaChaPoly.Nonce(data: nonce), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
                return try ChaChaPoly.open(box, using: key, authenticating: aad)
            case .v2:
                let box = try AES.GCM.SealedBox(nonce: AES.GCM.Nonce(data: nonce), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
                return try AES.GCM.open(box, using: key, authenticating: aad)
            }
        } catch {
            throw .decryptionFailed
        }
    }
}
