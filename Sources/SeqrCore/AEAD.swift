import Crypto
import Foundation

/// Sealing and opening `nonce ‖ ciphertext ‖ tag` (the "combined" form), written once for every
/// Seqr format that uses it (note fields, location fixes, export files, store secrets).
///
/// Security contract: sealing draws a fresh 96-bit nonce from the system generator each time;
/// opening returns nil for every failure alike — wrong key, changed byte, other associated
/// data, truncation — so that no caller can tell a wrong password from tampering, and each
/// reports its own format's single "authentication failed" error.
package enum AEAD: Sendable {
    case chaChaPoly
    case aesGCM

    /// Nonce and tag: the fewest bytes a sealed box can have.
    package static let overhead = 12 + 16

    /// - Precondition: a 32-byte key (every Seqr key is).
    package func seal(_ plaintext: some DataProtocol, key: SymmetricKey, authenticating aad: some DataProtocol) -> Data {
        precondition(key.bitCount == 256, "Seqr's AEAD keys are 32 bytes")
        // With a 32-byte key and a generated 12-byte nonce neither AEAD can fail.
        switch self {
        case .chaChaPoly: return try! ChaChaPoly.seal(plaintext, using: key, authenticating: aad).combined
        case .aesGCM: return try! AES.GCM.seal(plaintext, using: key, authenticating: aad).combined!
        }
    }

    /// The plaintext, or nil if the box does not open under `key` and `aad`.
    package func open(_ combined: some DataProtocol, key: SymmetricKey, authenticating aad: some DataProtocol) -> Data? {
        guard combined.count >= Self.overhead else { return nil }
        switch self {
        case .chaChaPoly:
            guard let box = try? ChaChaPoly.SealedBox(combined: Data(combined)) else { return nil }
            return try? ChaChaPoly.open(box, using: key, authenticating: aad)
        case .aesGCM:
            guard let box = try? AES.GCM.SealedBox(combined: Data(combined)) else { return nil }
            return try? AES.GCM.open(box, using: key, authenticating: aad)
        }
    }
}
