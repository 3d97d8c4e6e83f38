import Foundation

/// Every way an identity backup file (docs/formats/identity-backup.md) can be refused, one case
/// each. Whatever the case, nothing of the file has been restored.
public enum IdentityBackupError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file does not start with `SQIB`: not an identity backup.
    case notABackup
    case unsupportedVersion(UInt8)
    /// Shorter than its header and tag.
    case truncated
    /// Larger than ``SealedIdentityBackup/maximumBytes``, refused before any key derivation.
    case tooLarge(Int)
    /// An iteration count outside ``SealedIdentityBackup/iterationRange``.
    case badIterations(UInt32)
    /// The AEAD did not open: a wrong passphrase, or any byte of the file changed.
    case wrongPassphraseOrDamaged
    /// It opened, but what it holds is not an identity backup document (what is wrong, in words).
    case malformedContents(String)

    public var description: String {
        switch self {
        case .notABackup: "not a Seqr identity backup (it does not start with SQIB)"
        case .unsupportedVersion(let version): "an identity backup of version \(version), which this Seqr does not read (it reads version 1)"
        case .truncated: "the identity backup is truncated"
        case .tooLarge(let bytes): "the file is \(bytes) bytes, more than an identity backup can be (\(SealedIdentityBackup.maximumBytes))"
        case .badIterations(let count): "the backup asks for \(count) key-derivation iterations, outside the \(SealedIdentityBackup.iterationRange.lowerBound)…\(SealedIdentityBackup.iterationRange.upperBound) Seqr accepts"
        case .wrongPassphraseOrDamaged: "wrong passphrase, or the backup file is damaged; nothing was restored"
        case .malformedContents(let detail): "the identity backup opened but its contents are malformed (\(detail)); nothing was restored"
        }
    }
}
