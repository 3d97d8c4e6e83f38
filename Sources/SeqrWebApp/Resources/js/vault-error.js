// Every way a paper vault can fail to restore in the page, one code each, with the sentence the
// page shows: the cases and wording of SeqrCore's PaperVaultError (docs/formats/papervault.md), so
// the phone and `seqr vault restore` say the same thing. No DOM.

export const VaultErrorCode = Object.freeze({
  noCodes: 'noCodes', inconsistentTotals: 'inconsistentTotals', conflictingCodes: 'conflictingCodes', mixedNumbering: 'mixedNumbering',
  missingCodes: 'missingCodes', tooFewCodes: 'tooFewCodes', digestMismatch: 'digestMismatch',
  truncatedMessage: 'truncatedMessage', unsupportedClearTextFlags: 'unsupportedClearTextFlags', invalidKeyDerivation: 'invalidKeyDerivation',
  invalidKeySheetsHeader: 'invalidKeySheetsHeader', keySheetsNeeded: 'keySheetsNeeded', passwordNeeded: 'passwordNeeded',
  notAKeySheetBackup: 'notAKeySheetBackup', keySheetOfAnotherBackup: 'keySheetOfAnotherBackup', keySheetDisagrees: 'keySheetDisagrees',
  keySheets: 'keySheets', keySheetsRejected: 'keySheetsRejected',
  authenticationFailed: 'authenticationFailed', invalidPadding: 'invalidPadding', unsupportedControlFlags: 'unsupportedControlFlags',
  decompressionFailed: 'decompressionFailed', documentTooLarge: 'documentTooLarge',
  truncatedDocument: 'truncatedDocument', titleNotUTF8: 'titleNotUTF8', unsupportedContentType: 'unsupportedContentType', textNotUTF8: 'textNotUTF8',
});

export class VaultError extends Error {
  /** `details`: what the sentence names (missing codes, the shortfall, the flags…), for the page's grid and tests. */
  constructor(code, message, details = {}) { super(message); this.name = 'VaultError'; this.code = code; this.details = details; }
}

/** "1, 3–5, 9" from sorted numbers (PaperVaultError.ranges). */
export function ranges(numbers) {
  const parts = [];
  for (let i = 0; i < numbers.length;) {
    let end = i;
    while (end + 1 < numbers.length && numbers[end + 1] === numbers[end] + 1) end++;
    parts.push(end === i ? `${numbers[i]}` : `${numbers[i]}–${numbers[end]}`);
    i = end + 1;
  }
  return parts.join(', ');
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The VaultError for each case, worded as `seqr vault restore` words it. */
export const vaultError = {
  noCodes: () => new VaultError('noCodes', 'No vault code was found.'),
  inconsistentTotals: () => new VaultError('inconsistentTotals', 'Codes of this backup disagree on how many codes there are: the backup was altered or damaged.'),
  conflictingCodes: (number) => new VaultError('conflictingCodes', `Two different codes both claim to be code ${number + 1}: the backup was altered or damaged.`, { codeNumber: number }),
  mixedNumbering: () => new VaultError('mixedNumbering', 'The codes mix two numberings (one numbered 0, another numbered as the total): the backup was altered or assembled from two writers.'),
  missingCodes: (missing, total) => new VaultError('missingCodes',
    `${total - missing.length} of ${total} codes found; missing ${missing.length === 1 ? 'code' : 'codes'} ${ranges(missing)}.`, { missing, total }),
  tooFewCodes: (shortfall) => new VaultError('tooFewCodes', describeShortfall(shortfall), { shortfall }),
  digestMismatch: () => new VaultError('digestMismatch', 'The codes do not match the document digest: the backup is damaged or was tampered with.'),
  truncatedMessage: () => new VaultError('truncatedMessage', 'The encrypted message is truncated.'),
  unsupportedClearTextFlags: (flags) => new VaultError('unsupportedClearTextFlags', `Unknown clear-text flags ${flags}: written by a newer version of the app.`, { flags }),
  invalidKeyDerivation: (rounds, saltLength) => new VaultError('invalidKeyDerivation',
    `Invalid key derivation parameters (${rounds} rounds, ${saltLength}-byte salt): the backup was altered or damaged.`, { rounds, saltLength }),
  invalidKeySheetsHeader: () => new VaultError('invalidKeySheetsHeader', 'The backup\'s key-sheet fields are invalid: the backup was altered or damaged.'),
  keySheetsNeeded: (threshold, count) => new VaultError('keySheetsNeeded',
    `This backup's key is split into ${count} key sheets: any ${threshold} of them open it, a password alone cannot.`, { threshold, count }),
  passwordNeeded: () => new VaultError('passwordNeeded', 'Type the backup\'s password first.'),
  notAKeySheetBackup: () => new VaultError('notAKeySheetBackup', 'This backup is opened with a password, not with key sheets.'),
  keySheetOfAnotherBackup: (position, identifier, expected) => new VaultError('keySheetOfAnotherBackup',
    `Key sheet ${position} belongs to another backup: its backup id is ${identifier}, these pages' is ${expected}.`, { position, identifier, expected }),
  keySheetDisagrees: (position, parameter) => new VaultError('keySheetDisagrees',
    `Key sheet ${position} has this backup's id but not its ${parameter}: it is forged or damaged.`, { position, parameter }),
  /** SLIP-0039's own refusal (a KeySheetError: too few sheets, a digest that fails…), in its words. */
  keySheets: (error) => new VaultError('keySheets', `Key sheets: ${error.message}`, { keySheetError: error }),
  keySheetsRejected: () => new VaultError('keySheetsRejected', 'Decryption failed: a key sheet is forged or damaged, the password is wrong, or the backup was tampered with.'),
  authenticationFailed: () => new VaultError('authenticationFailed', 'Decryption failed: the password is wrong, or the backup was tampered with.'),
  invalidPadding: () => new VaultError('invalidPadding', 'The decrypted data has invalid padding.'),
  unsupportedControlFlags: (flags) => new VaultError('unsupportedControlFlags', `Unknown control flags ${flags}: written by a newer version of the app.`, { flags }),
  decompressionFailed: () => new VaultError('decompressionFailed', 'The document could not be decompressed.'),
  documentTooLarge: (limit) => new VaultError('documentTooLarge', 'The document is larger than ' + limit + ' bytes.', { limit }),
  truncatedDocument: () => new VaultError('truncatedDocument', 'The document is truncated.'),
  titleNotUTF8: () => new VaultError('titleNotUTF8', 'The document title is not valid UTF-8.'),
  unsupportedContentType: (type) => new VaultError('unsupportedContentType', `Unknown content type ${type}: written by a newer version of the app.`, { type }),
  textNotUTF8: () => new VaultError('textNotUTF8', 'The text document is not valid UTF-8.'),
};

/** VaultCodeShortfall's description: how many more codes, which ones, which pages were not read. */
export function describeShortfall(s) {
  const parity = s.totalParityCodes === null ? `${s.foundParityCodes}` : `${s.foundParityCodes} of ${s.totalParityCodes}`;
  let text = `${s.foundCodes} of ${s.totalCodes} codes and ${parity} parity codes found; ${plural(s.needed, 'more code')} needed`;
  text += ` (any of the missing ones: ${s.missingCodes.length === 1 ? 'code' : 'codes'} ${ranges(s.missingCodes)} or their parity)`;
  if (s.unreadPages.length) text += `; ${s.unreadPages.length === 1 ? 'page' : 'pages'} ${ranges(s.unreadPages)} not read`;
  if (s.partlyReadPages.length) text += `; ${s.partlyReadPages.length === 1 ? 'page' : 'pages'} ${ranges(s.partlyReadPages)} read in part`;
  return `${text}.`;
}
