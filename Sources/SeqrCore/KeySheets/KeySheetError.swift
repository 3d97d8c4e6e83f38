/// Every way a key sheet (a SLIP-0039 share) or a set of them can be wrong, one case each, with a
/// message that tells the user what to do (docs/formats/key-sheets.md). Shares are numbered as
/// printed (from 1); `position` is where a share came in the list given to ``KeySheets/combine(_:passphrase:)``,
/// counted from 1, so a caller can name the file or sheet.
public enum KeySheetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A parameter that all shares of one backup must share.
    public enum Parameter: String, Sendable {
        case extendableFlag = "extendable-backup flag"
        case iterationExponent = "iteration exponent"
        case groupThreshold = "group threshold"
        case groupCount = "group count"
        case memberThreshold = "threshold"
        case memberIndex = "share number"
        case length = "length"
    }

    // One share, as words or as the bytes of its QR code.
    /// A word (counted from 1) that is not one of the 1024 SLIP-0039 words.
    case wordNotInWordlist(position: Int, word: String)
    /// Too few or too many words for any key length (at most 33: a 256-bit key).
    case invalidWordCount(Int)
    /// The RS1024 checksum fails: a word is mistyped, missing, or two are swapped.
    case checksumMismatch
    /// The bits before the share value are not zero: a word is mistyped in a way the checksum missed.
    case invalidPadding
    /// A share claiming a group threshold above its group count: altered or damaged.
    case groupThresholdExceedsCount(threshold: Int, count: Int)
    /// The bytes do not start with the key-sheet code's magic "KS": another kind of QR code.
    case notAKeySheetCode
    /// A key-sheet code of a version this one does not know: written by a newer version.
    case unsupportedVersion(UInt8)
    /// A key-sheet code whose length fits no share (truncated or padded with nonzero bits).
    case invalidCodeLength(Int)

    // A set of shares.
    case noShares
    /// The share at `position` belongs to another backup than the first share given.
    case anotherBackup(position: Int, identifier: Int, expected: Int)
    /// Same backup id, different parameter: one of the shares was altered or damaged.
    case inconsistentShare(position: Int, parameter: Parameter)
    /// Two different shares both claim one number (in one group).
    case conflictingShares(number: Int)
    /// Fewer shares than the threshold (in the group, when the backup has groups).
    case notEnoughShares(have: Int, need: Int)
    /// Fewer complete groups than the group threshold (SLIP-0039 backups with groups only).
    case notEnoughGroups(have: Int, need: Int)
    /// The shares do not fit together: one is forged, or comes from a different backup with the same id.
    case digestMismatch
    /// A share beyond the threshold does not agree with the others: it is forged or from another backup.
    case shareDisagrees(number: Int)

    // Making shares.
    /// The threshold must be between 1 and the number of shares.
    case invalidThreshold(threshold: Int, count: Int)
    /// A SLIP-0039 share index has 4 bits: at most 16 shares.
    case tooManyShares(Int)
    /// 1-of-n with n > 1 would be n copies of one sheet (SLIP-0039 forbids it).
    case thresholdOneWithSeveralShares(count: Int)
    /// SLIP-0039 shares secrets of at least 16 bytes, an even number; Seqr at most 32 (``KeyShare``'s longest).
    case invalidSecretLength(Int)
    /// SLIP-0039 passphrases are printable ASCII (space to "~"), so every implementation reads them alike.
    case passphraseNotPrintableASCII

    public var description: String {
        switch self {
        case let .wordNotInWordlist(position, word): "word \(position) (\"\(word)\") is not in the wordlist: check its spelling on the sheet"
        case .invalidWordCount(let count): "a share has 20 words (128-bit key) or 33 words (256-bit key), this one has \(count): a word is missing or extra"
        case .checksumMismatch: "checksum mismatch: a word is mistyped, missing, or two words are swapped"
        case .invalidPadding: "the share's first value bits are not zero: a word is mistyped"
        case let .groupThresholdExceedsCount(threshold, count): "the share claims \(threshold) groups are needed of \(count): it is damaged or altered"
        case .notAKeySheetCode: "not a key-sheet code (it does not start with \"KS\")"
        case .unsupportedVersion(let version): "key-sheet code version \(version) is unknown: written by a newer version of Seqr"
        case .invalidCodeLength(let length): "a key-sheet code cannot be \(length) bytes long: it is truncated or damaged"
        case .noShares: "no key sheet was given"
        case let .anotherBackup(position, identifier, expected): "share \(position) belongs to another backup (id \(identifier), not \(expected)): give the sheets of one backup only"
        case let .inconsistentShare(position, parameter): "share \(position) has this backup's id but another \(parameter.rawValue): it was altered or damaged"
        case .conflictingShares(let number): "two different sheets both claim to be share \(number): one was altered or belongs to another backup"
        case let .notEnoughShares(have, need): "\(have) of \(need) shares: \(need - have) more needed"
        case let .notEnoughGroups(have, need): "\(have) of \(need) groups complete: \(need - have) more needed"
        case .digestMismatch: "the shares do not fit together: one is forged, or comes from another backup with the same id"
        case .shareDisagrees(let number): "share \(number) does not fit with the others: it is forged, or comes from another backup"
        case let .invalidThreshold(threshold, count): "\(threshold)-of-\(count): the threshold must be between 1 and the number of shares"
        case .tooManyShares(let count): "\(count) shares: at most 16"
        case .thresholdOneWithSeveralShares(let count): "1-of-\(count) would be \(count) copies of one sheet: make 1-of-1 and copy it, or choose a threshold of 2 or more"
        case .invalidSecretLength(let length): "a \(length)-byte secret cannot be shared: it must be 16 to 32 bytes, an even number"
        case .passphraseNotPrintableASCII: "the key-sheet passphrase must be printable ASCII (letters, digits, punctuation, spaces)"
        }
    }
}
