import Crypto
import _CryptoExtras

/// The message buffer that the codes carry, and its encryption.
///
/// | offset | length | field |
/// | --- | --- | --- |
/// | 0 | 1 | clear-text flags (UInt8), 0 |
/// | 1 | 4 | PBKDF2 rounds (UInt32 BE) |
/// | 5 | 2 | salt length s (UInt16 BE) |
/// | 7 | s | salt |
/// | 7 + s | rest | ChaCha20-Poly1305 `SealedBox.combined`: 12-byte nonce ‖ ciphertext ‖ 16-byte tag |
///
/// The key is PBKDF2-HMAC-SHA256(UTF-8 password, salt, rounds, 32 bytes). No associated
/// data is authenticated (the seed app seals with CryptoKit's defaults); the header's
/// fields are bound by the document digest instead.
public struct VaultMessage: Equatable, Sendable {
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
    public static let defaultRounds = UInt32(PasswordKDF.recommendedIterations)
    /// A restore refuses more rounds than this, so a hostile backup cannot hang it for hours.
    public static let maximumRounds: UInt32 = 50_000_000
    public static let defaultSaltLength = 32

    public var clearTextFlags: UInt8
    public var rounds: UInt32
    public var salt: [UInt8]
    /// nonce ‖ ciphertext ‖ tag.
    public var sealed: [UInt8]

    public init(clearTextFlags: UInt8 = 0, rounds: UInt32, salt: [UInt8], sealed: [UInt8]) {
        self.clearTextFlags = clearTextFlags
        self.rounds = rounds
        self.salt = salt
        self.sealed = sealed
    }

    public func serialized() -> [UInt8] {
        var out: [UInt8] = [clearTextFlags]
        out.appendBigEndian(rounds)
        out.appendBigEndian(UInt16(salt.count))
        return out + salt + sealed
    }

    public init(parsing bytes: [UInt8]) throws(PaperVaultError) {
        var reader = ByteReader(bytes, truncated: PaperVaultError.truncatedMessage)
        clearTextFlags = try reader.uint8()
        guard clearTextFlags == 0 else { throw .unsupportedClearTextFlags(clearTextFlags) }
        rounds = try reader.uint32()
        let saltLength = Int(try reader.uint16())
        salt = try reader.take(saltLength)
        sealed = reader.rest()
        guard sealed.count >= 12 + 16 else { throw .truncatedMessage }
    }

    /// Encrypts `plaintext` under a key derived from `password` with a fresh random salt
    /// and nonce (both from the system's cryptographic generator).
    public static func seal(
        _ plaintext: [UInt8], password: String, rounds: UInt32 = defaultRounds, saltLength: Int = defaultSaltLength
    ) -> VaultMessage {
        precondition(saltLength >= 16 && saltLength <= Int(UInt16.max), "salt must be 16 bytes or more")
        precondition(rounds >= 1, "PBKDF2 needs at least one round")
        let salt = SecureRandom.bytes(saltLength)
        let key = deriveKey(password: password, salt: salt, rounds: rounds)
        return VaultMessage(rounds: rounds, salt: salt, sealed: Array(AEAD.chaChaPoly.seal(plaintext, key: key, authenticating: [UInt8]())))
    }

    /// Decrypts with `password`; a wrong password and altered ciphertext both end in
    /// `authenticationFailed`, since the tag cannot tell them apart.
    public func open(password: String) throws(PaperVaultError) -> [UInt8] {
        guard rounds >= 1, rounds <= Self.maximumRounds, !salt.isEmpty else {
            throw .invalidKeyDerivation(rounds: rounds, saltLength: salt.count)
        }
        let key = Self.deriveKey(password: password, salt: salt, rounds: rounds)
        guard let plaintext = AEAD.chaChaPoly.open(sealed, key: key, authenticating: [UInt8]()) else { throw .authenticationFailed }
        return Array(plaintext)
    }

    /// PBKDF2-HMAC-SHA256 of the password as typed (``PasswordKDF``): the bytes the PaperVault
    /// app derived from. Reading accepts the round counts old backups used; writing defaults to 600,000.
    static func deriveKey(password: String, salt: [UInt8], rounds: UInt32) -> SymmetricKey {
        PasswordKDF.pbkdf2SHA256(password, .asTyped, salt: salt, iterations: Int(rounds))
    }
}
