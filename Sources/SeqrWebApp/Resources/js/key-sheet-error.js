// Every way a key sheet (a SLIP-0039 share) or a set of them can be wrong, one code each, with the
// sentence the page shows: the cases and wording of SeqrCore's KeySheetError
// (docs/formats/key-sheets.md, "Errors"), so the phone and `seqr vault restore` say the same thing.
// Shares are numbered as printed (from 1); `position` is where a share came in the list given, from 1.
// No DOM.

/** A parameter all shares of one backup must share (KeySheetError.Parameter). */
export const KeySheetParameter = Object.freeze({
  extendableFlag: 'extendable-backup flag', iterationExponent: 'iteration exponent', groupThreshold: 'group threshold',
  groupCount: 'group count', memberThreshold: 'threshold', memberIndex: 'share number', length: 'length',
});

export class KeySheetError extends Error {
  constructor(code, message, details = {}) { super(message); this.name = 'KeySheetError'; this.code = code; this.details = details; }
}

const make = (code, message, details) => new KeySheetError(code, message, details);

export const keySheetError = {
  // One share, as words or as the bytes of its QR code.
  wordNotInWordlist: (position, word) => make('wordNotInWordlist', `Word ${position} ("${word}") is not in the wordlist: check its spelling on the sheet.`, { position, word }),
  invalidWordCount: (count) => make('invalidWordCount', `A share has 20 words (128-bit key) or 33 words (256-bit key), this one has ${count}: a word is missing or extra.`, { count }),
  checksumMismatch: (suspect = null) => make('checksumMismatch', suspect === null
    ? 'Checksum mismatch: a word is mistyped, missing, or two words are swapped.'
    : `Checksum mismatch: word ${suspect} looks mistyped (or a word is missing, or two are swapped).`, { suspect }),
  invalidPadding: () => make('invalidPadding', 'The share\'s first value bits are not zero: a word is mistyped.'),
  groupThresholdExceedsCount: (threshold, count) => make('groupThresholdExceedsCount', `The share claims ${threshold} groups are needed of ${count}: it is damaged or altered.`, { threshold, count }),
  notAKeySheetCode: () => make('notAKeySheetCode', 'Not a key-sheet code (it does not start with "KS").'),
  unsupportedVersion: (version) => make('unsupportedVersion', `Key-sheet code version ${version} is unknown: written by a newer version of Seqr.`, { version }),
  invalidCodeLength: (length) => make('invalidCodeLength', `A key-sheet code cannot be ${length} bytes long: it is truncated or damaged.`, { length }),
  // A set of shares.
  noShares: () => make('noShares', 'No key sheet was given.'),
  anotherBackup: (position, identifier, expected) => make('anotherBackup',
    `Share ${position} belongs to another backup (id ${identifier}, not ${expected}): give the sheets of one backup only.`, { position, identifier, expected }),
  inconsistentShare: (position, parameter) => make('inconsistentShare', `Share ${position} has this backup's id but another ${parameter}: it was altered or damaged.`, { position, parameter }),
  conflictingShares: (number) => make('conflictingShares', `Two different sheets both claim to be share ${number}: one was altered or belongs to another backup.`, { number }),
  notEnoughShares: (have, need) => make('notEnoughShares', `${have} of ${need} shares: ${need - have} more needed.`, { have, need }),
  notEnoughGroups: (have, need) => make('notEnoughGroups', `${have} of ${need} groups complete: ${need - have} more needed.`, { have, need }),
  digestMismatch: () => make('digestMismatch', 'The shares do not fit together: one is forged, or comes from another backup with the same id.'),
  shareDisagrees: (number) => make('shareDisagrees', `Share ${number} does not fit with the others: it is forged, or comes from another backup.`, { number }),
  // Making shares.
  invalidThreshold: (threshold, count) => make('invalidThreshold', `${threshold}-of-${count}: the threshold must be between 1 and the number of shares.`, { threshold, count }),
  tooManyShares: (count) => make('tooManyShares', `${count} shares: at most 16.`, { count }),
  thresholdOneWithSeveralShares: (count) => make('thresholdOneWithSeveralShares',
    `1-of-${count} would be ${count} copies of one sheet: make 1-of-1 and copy it, or choose a threshold of 2 or more.`, { count }),
  invalidSecretLength: (length) => make('invalidSecretLength', `A ${length}-byte secret cannot be shared: it must be 16 to 32 bytes, an even number.`, { length }),
  passphraseNotPrintableASCII: () => make('passphraseNotPrintableASCII', 'The key-sheet passphrase must be printable ASCII (letters, digits, punctuation, spaces).'),
};
