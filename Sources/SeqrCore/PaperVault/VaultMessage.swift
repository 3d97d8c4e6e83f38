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
///
/// Seqr extension, key sheets (flags 1, or 3 with a password too): a ``VaultKeySheetsHeader``
/// follows the salt; the key is HKDF-SHA256(master secret ‖ [PBKDF2 of the NFC password], salt,
/// "seqr vault key sheets v1") and the clear header is the AEAD's associated data. The master
/// secret comes from k of n key sheets (``KeySheets``); the original app refuses such a message.
public struct VaultMessage: Equatable, Sendable {
    /// OWASP's 2023 recommendation for PBKDF2-HMAC-SHA256.
    public static let defaultRounds = UInt32(PasswordKDF.recommendedIterations)
    /// A restore refuses more rounds than this, so a hostile backup cannot hang it for hours.
    public static let maximumRounds: UInt32 = 50_000_000
    public static let defaultSaltLength = 32
    /// Clear-text flag bits. PaperVault defines none (0); Seqr's key-sheet backups set these.
    public static let keySheetsFlag: UInt8 = 0x01
    public static let passwordTooFlag: UInt8 = 0x02
    /// HKDF's info for key-sheet backups: names the scheme and its version.
    static let keySheetsInfo = Array("seqr vault key sheets v1".utf8)

    public var clearTextFlags: UInt8
    /// PBKDF2 rounds of the password; 0 in a key-sheet backup without a password.
    public var rounds: UInt32
    public var salt: [UInt8]
    /// Present exactly when the key comes from key sheets (flag 1).
    public var keySheets: VaultKeySheetsHeader?
    /// nonce ‖ ciphertext ‖ tag.
    public var sealed: [UInt8]

    /// A message from its parts, as parsed; ``seal(_:password:rounds:saltLength:)`` makes new ones.
    public init(clearTextFlags: UInt8 = 0, rounds: UInt32, salt: [UInt8], keySheets: VaultKeySheetsHeader? = nil, sealed: [UInt8]) {
        self.clearTextFlags = clearTextFlags
        self.rounds = rounds
        self.salt = salt
        self.keySheets = keySheets
        self.sealed = sealed
    }

    /// Whether restoring asks for a password: always for PaperVault's own, optionally with key sheets.
    public var needsPassword: Bool { keySheets == nil || clearTextFlags & Self.passwordTooFlag != 0 }

    /// Everything before the sealed box; the associated data of key-sheet backups.
    var clearHeader: [UInt8] {
        var out: [UInt8] = [clearTextFlags]
        out.appendBigEndian(rounds)
        out.appendBigEndian(UInt16(salt.count))
        return out + salt + (keySheets?.serialized() ?? [])
    }

    /// The message's bytes: clear header, then the sealed body.
    public func serialized() -> [UInt8] { clearHeader + sealed }

    /// Reads a message buffer; nothing is decrypted until ``open(password:)``.
    public init(parsing bytes: [UInt8]) throws(PaperVaultError) {
        var reader = ByteReader(bytes, truncated: PaperVaultError.truncatedMessage)
        clearTextFlags = try reader.uint8()
        let sheetsOnly = Self.keySheetsFlag, sheetsAndPassword = Self.keySheetsFlag | Self.passwordTooFlag
        guard [0, sheetsOnly, sheetsAndPassword].contains(clearTextFlags) else { throw .unsupportedClearTextFlags(clearTextFlags) }
        rounds = try reader.uint32()
        let saltLength = Int(try reader.uint16())
        salt = try reader.take(saltLength)
        keySheets = clearTextFlags == 0 ? nil : try VaultKeySheetsHeader(reading: &reader)
        // Without a password a key-sheet backup has no rounds to spend; any other value was altered.
        if clearTextFlags == sheetsOnly, rounds != 0 { throw .invalidKeyDerivation(rounds: rounds, saltLength: salt.count) }
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

    /// Encrypts `plaintext` for a key-sheet backup: under `masterSecret` (which the caller splits
    /// into sheets) and, when given, `password` too — both are then needed. Fresh random salt and nonce.
    public static func seal(
        _ plaintext: [UInt8], keySheets: VaultKeySheetsHeader, masterSecret: [UInt8], password: String?,
        rounds: UInt32 = defaultRounds, saltLength: Int = defaultSaltLength
    ) -> VaultMessage {
        precondition(saltLength >= 16 && saltLength <= Int(UInt16.max), "salt must be 16 bytes or more")
        precondition(password == nil || rounds >= 1, "PBKDF2 needs at least one round")
        var message = VaultMessage(clearTextFlags: keySheetsFlag | (password == nil ? 0 : passwordTooFlag), rounds: password == nil ? 0 : rounds,
                                   salt: SecureRandom.bytes(saltLength), keySheets: keySheets, sealed: [])
        let key = message.keySheetsKey(masterSecret: masterSecret, password: password)
        message.sealed = Array(AEAD.chaChaPoly.seal(plaintext, key: key, authenticating: message.clearHeader))
        return message
    }

    /// Decrypts with `password`; a wrong password and altered ciphertext both end in
    /// `authenticationFailed`, since the tag cannot tell them apart.
    public func open(password: String) throws(PaperVaultError) -> [UInt8] {
        if let keySheets { throw .keySheetsNeeded(threshold: keySheets.threshold, count: keySheets.count) }
        try checkRounds()
        let key = Self.deriveKey(password: password, salt: salt, rounds: rounds)
        guard let plaintext = AEAD.chaChaPoly.open(sealed, key: key, authenticating: [UInt8]()) else { throw .authenticationFailed }
        return Array(plaintext)
    }

    /// Decrypts a key-sheet backup with the master secret its sheets combine to, and its password
    /// if it has one. Wrong sheets, a wrong password and altered data all end in `authenticationFailed`.
    public func open(masterSecret: [UInt8], password: String?) throws(PaperVaultError) -> [UInt8] {
        guard keySheets != nil else { throw .notAKeySheetBackup }
        if needsPassword {
            guard password != nil else { throw .passwordNeeded }
            try checkRounds()
        }
        let key = keySheetsKey(masterSecret: masterSecret, password: needsPassword ? password : nil)
        guard let plaintext = AEAD.chaChaPoly.open(sealed, key: key, authenticating: clearHeader) else { throw .authenticationFailed }
        return Array(plaintext)
    }

    private func checkRounds() throws(PaperVaultError) {
        guard rounds >= 1, rounds <= Self.maximumRounds, !salt.isEmpty else {
            throw .invalidKeyDerivation(rounds: rounds, saltLength: salt.count)
        }
    }

    /// HKDF-SHA256 over the master secret and, with a password, its PBKDF2 (NFC: a format Seqr defines).
    private func keySheetsKey(masterSecret: [UInt8], password: String?) -> SymmetricKey {
        var material = masterSecret
        if let password {
            PasswordKDF.pbkdf2SHA256(password, .nfc, salt: salt, iterations: Int(rounds)).withUnsafeBytes { material += $0 }
        }
        return HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: material), salt: salt, info: Self.keySheetsInfo, outputByteCount: 32)
    }

    /// PBKDF2-HMAC-SHA256 of the password as typed (``PasswordKDF``): the bytes the PaperVault
    /// app derived from. Reading accepts the round counts old backups used; writing defaults to 600,000.
    static func deriveKey(password: String, salt: [UInt8], rounds: UInt32) -> SymmetricKey {
        PasswordKDF.pbkdf2SHA256(password, .asTyped, salt: salt, iterations: Int(rounds))
    }
}
