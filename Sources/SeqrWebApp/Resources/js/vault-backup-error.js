// Every way the page refuses to make a paper-vault backup, one code each, with the sentence it
// shows: the refusals of `seqr vault backup` (docs/cli.md), checked before any key derivation. No DOM.

export class VaultBackupError extends Error {
  constructor(code, message, details = {}) { super(message); this.name = 'VaultBackupError'; this.code = code; this.details = details; }
}

export const vaultBackupError = {
  passwordNeeded: () => new VaultBackupError('passwordNeeded', 'Type a password for the backup.'),
  passwordsDiffer: () => new VaultBackupError('passwordsDiffer', 'The two passwords differ: type the same password twice.'),
  documentTooLarge: (limit) => new VaultBackupError('documentTooLarge', `The document is larger than ${limit / (1024 * 1024)} MiB, which a restore refuses to unpack.`, { limit }),
  tooManyPages: (pages, limit) => new VaultBackupError('tooManyPages',
    `The backup would take about ${pages} pages, more than ${limit}: back up a smaller file, or use \`seqr vault backup --max-pages ${pages}\`.`, { pages, limit }),
  rounds: (minimum, maximum) => new VaultBackupError('rounds', `PBKDF2 rounds must be from ${minimum.toLocaleString('en')} to ${maximum.toLocaleString('en')}.`),
};
