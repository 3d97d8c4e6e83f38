/// Every way a PaperVault backup can fail to restore, one case each, so that the user
/// is told what is wrong and what to do (docs/formats/papervault.md).
public enum PaperVaultError: Error, Equatable, Sendable, CustomStringConvertible {
    // Transport layer: single codes and the set of codes.
    /// Shorter than a header and a checksum.
    case truncatedCode(length: Int)
    /// The checksum does not match: an ordinary QR code (a URL, text) or a damaged one.
    case notAVaultCode
    /// A header that cannot be right: no codes in total, or a code number past the total.
    case invalidHeader(codeNumber: Int, totalCodes: Int)
    /// Codes of two different backups (or two versions of one document) were scanned together.
    case mixedDocuments(count: Int)
    /// The same code number was seen with two different contents.
    case conflictingCodes(codeNumber: Int)
    /// Codes with the same digest disagree on the total number of codes.
    case inconsistentTotals
    /// These codes (numbered from 1, as printed) have not been scanned yet.
    case missingCodes([Int], total: Int)
    /// Codes are missing and the parity codes found cannot make up for them: how many more are needed, and where.
    case tooFewCodes(VaultCodeShortfall)
    /// The codes are all there but their contents do not hash to the document digest.
    case digestMismatch
    /// No vault code was scanned at all.
    case noCodes
    /// Codes numbered from 0 and codes numbered from 1 in one set (a code 0 and a code "total").
    case mixedNumbering

    // Message layer.
    case truncatedMessage
    /// The clear-text flags byte is not zero: written by a newer version.
    case unsupportedClearTextFlags(UInt8)
    /// Zero rounds or an empty salt, or more rounds than a restore may spend.
    case invalidKeyDerivation(rounds: UInt32, saltLength: Int)
    /// ChaCha20-Poly1305 refused the ciphertext: the password is wrong, or the data was altered.
    case authenticationFailed
    /// Key sheets (Seqr extension): the clear header's sheet fields cannot be right.
    case invalidKeySheetsHeader
    /// The backup's key is split into key sheets; a password alone cannot open it.
    case keySheetsNeeded(threshold: Int, count: Int)
    /// Key sheets were given for a backup that is opened with a password only.
    case notAKeySheetBackup
    /// The backup needs its password as well as its key sheets.
    case passwordNeeded
    /// A key sheet's identifier is not this backup's (position from 1 among the sheets given).
    case keySheetOfAnotherBackup(position: Int, identifier: Int, expected: Int)
    /// A key sheet with this backup's id disagrees with what Seqr wrote for it (the header's k and n,
    /// iteration exponent 5, a 32-byte key, one group): forged or damaged, refused before any key derivation.
    case keySheetDisagrees(position: Int, parameter: KeySheetError.Parameter)
    /// The key sheets given could not be combined (too few, mistyped, mixed up, forged…).
    case keySheets(KeySheetError)
    /// The sheets combined, but the cipher refused the key: a forged sheet, a wrong password, or altered codes.
    case keySheetsRejected
    case invalidPadding
    /// The control flags are not 0 (plain) or 1 (brotli): written by a newer version.
    case unsupportedControlFlags(UInt8)
    case decompressionFailed
    case documentTooLarge(limit: Int)

    // Document layer.
    case truncatedDocument
    case titleNotUTF8
    /// A content type this version does not know: written by a newer version.
    case unsupportedContentType(UInt16)
    case textNotUTF8

    public var description: String {
        switch self {
        case .truncatedCode(let length): "a vault code is too short (\(length) bytes)"
        case .notAVaultCode: "not a vault code (its checksum does not match)"
        case let .invalidHeader(number, total): "a vault code claims to be number \(number) of \(total)"
        case .mixedDocuments(let count): "codes from \(count) different backups were mixed; scan the codes of one backup only"
        case .conflictingCodes(let number): "two different codes both claim to be code \(number + 1); the backup was altered or damaged"
        case .inconsistentTotals: "codes of this backup disagree on how many codes there are; the backup was altered or damaged"
        case let .missingCodes(missing, total):
            "\(total - missing.count) of \(total) codes found; missing code\(missing.count == 1 ? "" : "s") \(Self.ranges(missing))"
        case .tooFewCodes(let shortfall): shortfall.description
        case .digestMismatch: "the codes do not match the document digest: the backup is damaged or was tampered with"
        case .noCodes: "no vault code was found"
        case .mixedNumbering: "the codes mix two numberings (one numbered 0, another numbered as the total): the backup was altered or assembled from two writers"
        case .truncatedMessage: "the encrypted message is truncated"
        case .unsupportedClearTextFlags(let flags): "unknown clear-text flags \(flags): written by a newer version of the app"
        case let .invalidKeyDerivation(rounds, salt): "invalid key derivation parameters (\(rounds) rounds, \(salt)-byte salt)"
        case .authenticationFailed: "decryption failed: the password is wrong, or the backup was tampered with"
        case .invalidKeySheetsHeader: "the backup's key-sheet fields are invalid: the backup was altered or damaged"
        case let .keySheetsNeeded(threshold, count):
            "this backup's key is split into \(count) key sheets: give any \(threshold) with --share (a password alone cannot open it)"
        case .notAKeySheetBackup: "this backup is opened with a password, not with key sheets"
        case .passwordNeeded: "this backup needs its password as well as its key sheets"
        case let .keySheetOfAnotherBackup(position, identifier, expected):
            "key sheet \(position) belongs to another backup: its backup id is \(identifier), these pages' is \(expected)"
        case let .keySheetDisagrees(position, parameter):
            "key sheet \(position) has this backup's id but not its \(parameter.rawValue): it is forged or damaged"
        case .keySheets(let error): "key sheets: \(error)"
        case .keySheetsRejected:
            "decryption failed: a key sheet is forged or damaged, the password is wrong, or the backup was tampered with"
        case .invalidPadding: "the decrypted data has invalid padding"
        case .unsupportedControlFlags(let flags): "unknown control flags \(flags): written by a newer version of the app"
        case .decompressionFailed: "the document could not be decompressed"
        case .documentTooLarge(let limit): "the document is larger than \(limit) bytes"
        case .truncatedDocument: "the document is truncated"
        case .titleNotUTF8: "the document title is not valid UTF-8"
        case .unsupportedContentType(let type): "unknown content type \(type): written by a newer version of the app"
        case .textNotUTF8: "the text document is not valid UTF-8"
        }
    }

    /// "1, 3–5, 9" from [1, 3, 4, 5, 9] (sorted input).
    public static func ranges(_ numbers: [Int]) -> String {
        var parts: [String] = []
        var index = numbers.startIndex
        while index < numbers.endIndex {
            var end = index
            while end + 1 < numbers.endIndex, numbers[end + 1] == numbers[end] + 1 { end += 1 }
            parts.append(end == index ? "\(numbers[index])" : "\(numbers[index])–\(numbers[end])")
            index = end + 1
        }
        return parts.joined(separator: ", ")
    }
}
