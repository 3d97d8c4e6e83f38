import Crypto
import _CryptoExtras
import Foundation

/// RNCryptor data format v3, byte-exact (docs/formats/rncryptor-v3.md): how earlier Seqr clients
/// stored notes (read only now). Not the Onions app's format, which is RNCryptor 2.x with other
/// key settings (`OnionsNoteField`).
///
/// Password-based message:
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 1 | version, 3 |
/// | 1 | 1 | options, 1 = password-based |
/// | 2 | 8 | encryption salt |
/// | 10 | 8 | HMAC salt |
/// | 18 | 16 | IV |
/// | 34 | 16·k | AES-256-CBC ciphertext, PKCS#7 padded |
/// | end − 32 | 32 | HMAC-SHA256 over everything before it |
///
/// Key-based messages (options 0) have no salts. Both keys come from
/// PBKDF2-HMAC-SHA1(UTF-8 password, salt, iterations, 32 bytes); the format itself does not
/// carry the iteration count, so it travels beside the message (10,000 in RNCryptor).
///
/// Security contract: the HMAC is checked in constant time *before* anything is decrypted, so a
/// tampered message never reaches the CBC decryptor (no padding oracle). This is unauthenticated
/// CBC made safe by encrypt-then-MAC; new notes use ``SealedNoteField`` instead.
public enum RNCryptorV3 {
    public static let version: UInt8 = 3
    /// The iteration count RNCryptor uses.
    public static let defaultIterations = 10_000
    /// Reading refuses counts above this, so a hostile note cannot stall the reader.
    public static let maximumIterations = 10_000_000

    /// PBKDF2-HMAC-SHA1 as the format defines it. The unchecked variant is needed because the
    /// format fixes 10,000 rounds, below swift-crypto's modern minimum.
    public static func deriveKey(password: String, salt: some DataProtocol, iterations: Int) throws(NotesError) -> SymmetricKey {
        guard (1...maximumIterations).contains(iterations) else { throw .badRNCryptorIterations(iterations) }
        return PasswordKDF.pbkdf2SHA1(password, .asTyped, salt: salt, iterations: iterations)
    }

    /// Encrypts with a password, fresh random salts and IV from the system RNG.
    public static func encrypt(_ plaintext: some DataProtocol, password: String, iterations: Int = defaultIterations) throws(NotesError) -> Data {
        try encrypt(plaintext, password: password, iterations: iterations,
                    encryptionSalt: SecureRandom.bytes(8), hmacSalt: SecureRandom.bytes(8), iv: SecureRandom.bytes(16))
    }

    /// Deterministic form, for the published test vectors only: never reuse salts or IVs.
    package static func encrypt(
        _ plaintext: some DataProtocol, password: String, iterations: Int,
        encryptionSalt: [UInt8], hmacSalt: [UInt8], iv: [UInt8]
    ) throws(NotesError) -> Data {
        precondition(encryptionSalt.count == 8 && hmacSalt.count == 8 && iv.count == 16)
        let encryptionKey = try deriveKey(password: password, salt: encryptionSalt, iterations: iterations)
        let hmacKey = try deriveKey(password: password, salt: hmacSalt, iterations: iterations)
        return seal(plaintext, header: [version, 1] + encryptionSalt + hmacSalt + iv, iv: iv,
                        encryptionKey: encryptionKey, hmacKey: hmacKey)
    }

    /// Key-based form (options 0), with a random IV unless one is given for a test vector.
    public static func encrypt(_ plaintext: some DataProtocol, encryptionKey: SymmetricKey, hmacKey: SymmetricKey, iv: [UInt8]? = nil) throws(NotesError) -> Data {
        let iv = iv ?? SecureRandom.bytes(16)
        precondition(iv.count == 16)
        return seal(plaintext, header: [version, 0] + iv, iv: iv, encryptionKey: encryptionKey, hmacKey: hmacKey)
    }

    /// Opens a password-based message: the HMAC is checked, in constant time, before anything is decrypted;
    /// a wrong password and a changed byte are both ``NotesError/authenticationFailed``.
    public static func decrypt(_ message: some DataProtocol, password: String, iterations: Int = defaultIterations) throws(NotesError) -> Data {
        let bytes = Array(message)
        try checkHeader(bytes, options: 1, headerLength: 34)
        let encryptionKey = try deriveKey(password: password, salt: bytes[2..<10], iterations: iterations)
        let hmacKey = try deriveKey(password: password, salt: bytes[10..<18], iterations: iterations)
        return try open(bytes, headerLength: 34, encryptionKey: encryptionKey, hmacKey: hmacKey)
    }

    /// Opens a key-based message (options 0), the HMAC checked first as above.
    public static func decrypt(_ message: some DataProtocol, encryptionKey: SymmetricKey, hmacKey: SymmetricKey) throws(NotesError) -> Data {
        let bytes = Array(message)
        try checkHeader(bytes, options: 0, headerLength: 18)
        return try open(bytes, headerLength: 18, encryptionKey: encryptionKey, hmacKey: hmacKey)
    }

    // MARK: - Layout

    /// The RNCryptor layout, shared with `OnionsNoteField` (RNCryptor 2.x has the same one).
    static func seal(_ plaintext: some DataProtocol, header: [UInt8], iv: [UInt8], encryptionKey: SymmetricKey, hmacKey: SymmetricKey) -> Data {
        // A 16-byte IV and a 32-byte key (both checked by the callers) are all CBC can refuse.
        let ciphertext = try! AES._CBC.encrypt(plaintext, using: encryptionKey, iv: AES._CBC.IV(ivBytes: iv))
        var message = Data(header)
        message.append(ciphertext)
        message.append(contentsOf: HMAC<SHA256>.authenticationCode(for: message, using: hmacKey))
        return message
    }

    private static func checkHeader(_ bytes: [UInt8], options: UInt8, headerLength: Int) throws(NotesError) {
        guard bytes.count >= 2 else { throw .truncatedRNCryptor(length: bytes.count) }
        guard bytes[0] == version else { throw .unsupportedRNCryptorVersion(bytes[0]) }
        guard bytes[1] == options else { throw .unsupportedRNCryptorOptions(bytes[1]) }
        // At least one block of ciphertext: PKCS#7 always adds padding.
        guard bytes.count >= headerLength + 16 + 32 else { throw .truncatedRNCryptor(length: bytes.count) }
    }

    static func open(_ bytes: [UInt8], headerLength: Int, encryptionKey: SymmetricKey, hmacKey: SymmetricKey) throws(NotesError) -> Data {
        let macStart = bytes.count - 32
        guard HMAC<SHA256>.isValidAuthenticationCode(bytes[macStart...], authenticating: bytes[..<macStart], using: hmacKey) else {
            throw .rncryptorAuthenticationFailed
        }
        let ciphertext = bytes[headerLength..<macStart]
        guard ciphertext.count % 16 == 0 else { throw .malformedRNCryptorCiphertext }
        do {
            let iv = try AES._CBC.IV(ivBytes: bytes[(headerLength - 16)..<headerLength])
            return try AES._CBC.decrypt(ciphertext, using: encryptionKey, iv: iv)
        } catch {
            // Only reachable with a valid HMAC, i.e. a message its key holder built badly.
            throw .malformedRNCryptorCiphertext
        }
    }
}
