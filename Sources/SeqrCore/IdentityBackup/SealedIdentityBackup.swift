import Crypto
import Foundation

/// An identity backup file: an ``IdentityBackup`` document sealed under a passphrase, the same
/// sealing as the web keyring's (docs/formats/identity-backup.md).
///
/// | offset | size | field |
/// | --- | --- | --- |
/// | 0 | 4 | magic `SQIB` |
/// | 4 | 1 | version, 1 |
/// | 5 | 4 | PBKDF2-HMAC-SHA256 iterations, UInt32 big-endian |
/// | 9 | 16 | salt |
/// | 25 | 12 | nonce |
/// | 37 | n | AES-256-GCM ciphertext of the document (JSON, UTF-8) |
/// | 37 + n | 16 | tag |
///
/// Key: PBKDF2-HMAC-SHA256(UTF-8 of NFC(passphrase), salt, iterations, 32 bytes). Associated data:
/// `"seqr identity backup v1"`, a zero byte, then bytes 0–24: the format's name and version, the
/// iteration count and the salt cannot be changed unseen.
///
/// Security contract: ``open(passphrase:)`` returns a document only when the tag verified, and
/// says `wrongPassphraseOrDamaged` alike for a wrong passphrase and any changed byte. The size
/// and iteration limits are checked before the (deliberately slow) derivation, so a hostile file
/// costs at most one derivation of 50,000,000 iterations.
public struct SealedIdentityBackup: Sendable, Equatable {
    public static let magic = Array("SQIB".utf8)
    public static let version: UInt8 = 1
    /// What the AAD starts with: the format's name and version, then a zero byte.
    static let label = Array("seqr identity backup v1".utf8) + [0]
    static let headerLength = 25
    /// The web keyring's rules (note-kdf.js): written with 600,000, read from 210,000 to 50,000,000.
    public static let iterationRange: ClosedRange<UInt32> = UInt32(PasswordKDF.minimumIterations)...50_000_000
    /// 16 MiB: thousands of channels with hundreds of epochs each; refused before any derivation.
    public static let maximumBytes = 16 << 20

    public let iterations: UInt32
    public let salt: [UInt8]
    /// nonce ‖ ciphertext ‖ tag.
    public let sealed: [UInt8]

    public init(parsing bytes: [UInt8]) throws(IdentityBackupError) {
        guard bytes.count >= 4 else { throw bytes.isEmpty || Self.magic.starts(with: bytes) ? .truncated : .notABackup }
        guard bytes.starts(with: Self.magic) else { throw .notABackup }
        guard bytes.count <= Self.maximumBytes else { throw .tooLarge(bytes.count) }
        var reader = ByteReader(bytes, truncated: IdentityBackupError.truncated)
        _ = try reader.take(4)
        let version = try reader.uint8()
        guard version == Self.version else { throw .unsupportedVersion(version) }
        let iterations = try reader.uint32()
        let salt = try reader.take(16)
        guard reader.remaining >= AEAD.overhead else { throw .truncated }
        guard Self.iterationRange.contains(iterations) else { throw .badIterations(iterations) }
        self.iterations = iterations
        self.salt = salt
        self.sealed = reader.rest()
    }

    public func serialized() -> [UInt8] { header + sealed }

    private var header: [UInt8] {
        Self.magic + [Self.version] + withUnsafeBytes(of: iterations.bigEndian, Array.init) + salt
    }

    /// Seals `backup` under `passphrase` with a fresh salt and nonce from the system generator.
    /// - Precondition: `iterations` is in ``iterationRange``.
    public static func seal(_ backup: IdentityBackup, passphrase: String, iterations: UInt32 = UInt32(PasswordKDF.recommendedIterations)) -> SealedIdentityBackup {
        precondition(iterationRange.contains(iterations), "identity backups are written with 210,000 to 50,000,000 iterations")
        let salt = SecureRandom.bytes(16)
        let unsealed = SealedIdentityBackup(iterations: iterations, salt: salt, sealed: [])
        let key = PasswordKDF.pbkdf2SHA256(passphrase, .nfc, salt: salt, iterations: Int(iterations))
        let sealed = AEAD.aesGCM.seal(backup.serialized(), key: key, authenticating: label + unsealed.header)
        return SealedIdentityBackup(iterations: iterations, salt: salt, sealed: Array(sealed))
    }

    /// The document, once the passphrase opened it.
    public func open(passphrase: String) throws(IdentityBackupError) -> IdentityBackup {
        let key = PasswordKDF.pbkdf2SHA256(passphrase, .nfc, salt: salt, iterations: Int(iterations))
        guard let plain = AEAD.aesGCM.open(sealed, key: key, authenticating: Self.label + header) else { throw .wrongPassphraseOrDamaged }
        return try IdentityBackup(parsing: Array(plain))
    }

    private init(iterations: UInt32, salt: [UInt8], sealed: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.sealed = sealed
    }
}
