import Crypto
import _CryptoExtras
import Foundation

/// Every derivation of a key from a password or passphrase in Seqr, with the normalisation
/// each format prescribes and the iteration floors, in one place.
///
/// | use | derivation | password bytes | iterations |
/// | --- | --- | --- | --- |
/// | notes account keys (then HKDF), notes export files | PBKDF2-HMAC-SHA256, 32 bytes | UTF-8 of the NFC form | written ≥ ``minimumIterations``; exports read from 1,000 |
/// | the identity passphrase | PBKDF2-HMAC-SHA256, 32 bytes (in a ``VaultMessage``) | UTF-8 of the NFC form; identities sealed before NFC: as typed, tried second | written ≥ ``minimumIterations`` |
/// | PaperVault backups | PBKDF2-HMAC-SHA256, 32 bytes | UTF-8 as typed, as the PaperVault app wrote it | written ≥ ``minimumIterations``; read from 1 |
/// | RNCryptor v3 (legacy, read only) | PBKDF2-HMAC-SHA1, 32 bytes | UTF-8 as typed, as RNCryptor wrote it | the format's 10,000 |
/// | Onions notes (compatibility) | PBKDF2-HMAC-SHA512, 32 bytes | UTF-8 as typed, cut to the UTF-16 length (RNCryptor 2.x) | the app's 10,000 |
/// | key sheets (SLIP-0039 Feistel rounds) | PBKDF2-HMAC-SHA256, n/2 bytes, 4 rounds | the round number byte, then the passphrase (printable ASCII only) | 2500·2ᵉ per round as the share says; written with e = 5 |
///
/// NFC matters because one password typed on two systems can arrive as different code points
/// ("é" precomposed, or "e" and a combining accent): the formats Seqr defines normalise it so
/// both open; the formats Seqr only shares with other apps keep those apps' bytes.
public enum PasswordKDF {
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256: the default for everything new.
    public static let recommendedIterations = 600_000
    /// The fewest iterations Seqr writes with, or accepts from a server for account keys
    /// (swift-crypto's own floor for PBKDF2-SHA256).
    public static let minimumIterations = 210_000

    /// How a format turns the password's characters into bytes.
    public enum Normalization: Sendable {
        /// Unicode NFC, then UTF-8: the formats Seqr defines.
        case nfc
        /// UTF-8 of the characters as typed: formats other apps wrote.
        case asTyped
        /// UTF-8 as typed, cut to as many bytes as the password has UTF-16 code units: what
        /// RNCryptor 2.x passed to its KDF (RNCryptor issue 77), so what Onions notes need.
        case rncryptor2Cut

        func bytes(_ password: String) -> [UInt8] {
            switch self {
            case .nfc: Array(password.precomposedStringWithCanonicalMapping.utf8)
            case .asTyped: Array(password.utf8)
            case .rncryptor2Cut: Array(password.utf8.prefix(password.utf16.count))
            }
        }
    }

    /// PBKDF2-HMAC-SHA256, 32 bytes. The unchecked variant because reading must accept the
    /// counts old data used; writers enforce ``minimumIterations`` themselves.
    /// - Precondition: `iterations ≥ 1` (every reader checks its count first).
    public static func pbkdf2SHA256(_ password: String, _ normalization: Normalization, salt: some DataProtocol, iterations: Int) -> SymmetricKey {
        derive(normalization.bytes(password), salt: salt, hash: .sha256, iterations: iterations)
    }

    /// PBKDF2-HMAC-SHA512, 32 bytes, for Onions notes (RNCryptor 2.x as the app configured it).
    public static func pbkdf2SHA512(_ password: String, _ normalization: Normalization, salt: some DataProtocol, iterations: Int) -> SymmetricKey {
        derive(normalization.bytes(password), salt: salt, hash: .sha512, iterations: iterations)
    }

    /// PBKDF2-HMAC-SHA1, 32 bytes, for RNCryptor v3 only.
    public static func pbkdf2SHA1(_ password: String, _ normalization: Normalization, salt: some DataProtocol, iterations: Int) -> SymmetricKey {
        derive(normalization.bytes(password), salt: salt, hash: .insecureSHA1, iterations: iterations)
    }

    /// Round `round` of SLIP-0039's Feistel cipher: PBKDF2-HMAC-SHA256 of the round byte followed by
    /// the passphrase's bytes, `byteCount` bytes (half the key). The unchecked variant because the
    /// counts are SLIP-0039's (2500·2ᵉ, from 2500), read from the shares.
    /// - Precondition: the passphrase is printable ASCII (``KeySheets`` refuses anything else first).
    public static func slip39Round(_ round: UInt8, passphrase: String, salt: some DataProtocol, iterations: Int, byteCount: Int) -> [UInt8] {
        let key = derive([round] + Normalization.asTyped.bytes(passphrase), salt: salt, hash: .sha256,
                         iterations: iterations, outputByteCount: byteCount)
        return key.withUnsafeBytes { Array($0) }
    }

    private static func derive(_ password: [UInt8], salt: some DataProtocol, hash: KDF.Insecure.PBKDF2.HashFunction, iterations: Int,
                               outputByteCount: Int = 32) -> SymmetricKey {
        precondition(iterations >= 1, "PBKDF2 needs at least one iteration")
        // BoringSSL's PBKDF2 fails only for a zero count (excluded above) or an exhausted allocator.
        return try! KDF.Insecure.PBKDF2.deriveKey(from: password, salt: Array(salt), using: hash, outputByteCount: outputByteCount,
                                                  unsafeUncheckedRounds: iterations)
    }
}
