// Key-sheet backups made by `seqr vault backup --shares 2-of-3` (flags 1) and `--shares 2-of-3
// --password` (flags 3), restored by the page's modules (Tests/Vectors/vault-key-sheets.json, from
// make-vault-key-sheets-vectors.py): the sheets' QR codes and their printed words read as the same
// shares, any two restore the exact document (SLIP-0039, PBKDF2 and HKDF in WebCrypto against the
// CLI's); one sheet says one more is needed, a sheet of the other backup is named, a forged sheet
// is refused before any key derivation, a wrong or missing password each get their own error.
// Needs the wasm modules (scripts/build-wasm).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { fromBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { KeyShare } from '../../Sources/SeqrWebApp/Resources/js/key-share.js';
import { VaultAssembler } from '../../Sources/SeqrWebApp/Resources/js/vault-assembler.js';
import { VaultError } from '../../Sources/SeqrWebApp/Resources/js/vault-error.js';
import { parseVaultMessage } from '../../Sources/SeqrWebApp/Resources/js/vault-message.js';
import { loadVaultPieces, restoreVault } from '../../Sources/SeqrWebApp/Resources/js/vault-restore.js';

const root = new URL('../../', import.meta.url).pathname;
const wasm = (name) => readFileSync(join(root, 'Sources/SeqrWebApp/Resources/wasm', name));
const { backups } = JSON.parse(readFileSync(join(root, 'Tests/Vectors/vault-key-sheets.json'), 'utf8'));
const [sheetsOnly, withPassword] = backups;
let pieces;
before(async () => {
  pieces = await loadVaultPieces({ chacha: wasm('chacha20poly1305.wasm'), brotli: wasm('brotli-dec.wasm'), erasureCode: wasm('isal-ec.wasm') });
});

async function assemble(backup) {
  const assembler = new VaultAssembler();
  for (const code of backup.codes) await assembler.add(fromBase64(code));
  return assembler;
}
const scanned = (backup, number) => KeyShare.read(fromBase64(backup.sheets[number - 1].code));
const typed = (backup, number) => KeyShare.fromMnemonic(backup.sheets[number - 1].words);
const refused = (code, test = () => true) => (error) => error instanceof VaultError && error.code === code && /[.]$/.test(error.message) && test(error);

/** Counts WebCrypto's key derivations while `run` runs. */
async function derivations(run) {
  const subtle = globalThis.crypto.subtle, real = subtle.deriveBits;
  let count = 0;
  subtle.deriveBits = (...args) => { count++; return real.apply(subtle, args); };
  try { await run(); } finally { subtle.deriveBits = real; }
  return count;
}

test('the CLI\'s sheets: each QR code and its printed words are one share (2 of 3, this backup\'s id, exponent 5, 33 words)', async () => {
  for (const backup of backups) {
    const message = parseVaultMessage(await (await assemble(backup)).messageBuffer(pieces.erasureCode));
    assert.equal(message.clearTextFlags, backup.password ? 3 : 1);
    assert.deepEqual({ ...message.keySheets, identifier: 0 }, { identifier: 0, threshold: 2, count: 3 });
    for (const sheet of backup.sheets) {
      const share = scanned(backup, sheet.number);
      assert.ok(share.equals(typed(backup, sheet.number)));
      assert.equal(share.mnemonic, sheet.words);
      assert.deepEqual([...share.serialized()], [...fromBase64(sheet.code)]);
      assert.equal(share.number, sheet.number);
      assert.equal(share.identifier, message.keySheets.identifier);
      assert.equal(share.iterationExponent, 5);
    }
  }
});

test('any two sheets, scanned or typed, restore each backup to the exact text; flags 3 with its password', async () => {
  for (const backup of backups) {
    const assembler = await assemble(backup);
    for (const pair of [[scanned(backup, 1), scanned(backup, 2)], [typed(backup, 3), scanned(backup, 1)], [scanned(backup, 2), typed(backup, 3), scanned(backup, 1)]]) {
      const restored = await restoreVault(assembler, { keyShares: pair, password: backup.password ?? undefined }, pieces);
      assert.equal(restored.text, backup.text);
      assert.equal(restored.title, backup.name);
    }
  }
});

test('one sheet of two: one more needed; a sheet of the other backup is named; a password alone is refused', async () => {
  const assembler = await assemble(sheetsOnly);
  await assert.rejects(restoreVault(assembler, { keyShares: [scanned(sheetsOnly, 2)] }, pieces),
    refused('keySheets', (e) => e.message === 'Key sheets: 1 of 2 shares: 1 more needed.'));
  const other = scanned(withPassword, 1);
  await assert.rejects(restoreVault(assembler, { keyShares: [scanned(sheetsOnly, 1), other] }, pieces),
    refused('keySheetOfAnotherBackup', (e) => e.details.position === 2 && e.message.startsWith(`Key sheet 2 belongs to another backup: its backup id is ${other.identifier}`)));
  await assert.rejects(restoreVault(assembler, 'a password', pieces), refused('keySheetsNeeded', (e) => /any 2 of them/.test(e.message)));
});

test('flags 3: a wrong password is one refusal, a missing one is asked for before any derivation', async () => {
  const assembler = await assemble(withPassword);
  const pair = [scanned(withPassword, 1), scanned(withPassword, 3)];
  await assert.rejects(restoreVault(assembler, { keyShares: pair, password: 'not the password' }, pieces), refused('keySheetsRejected'));
  assert.equal(await derivations(() => assert.rejects(restoreVault(assembler, { keyShares: pair }, pieces), refused('passwordNeeded'))), 0);
});

test('a forged sheet (exponent 15, 1-of-1, another length, a number beyond n) is refused before any key derivation', async () => {
  const assembler = await assemble(sheetsOnly);
  const genuine = scanned(sheetsOnly, 1);
  const forge = (fields) => KeyShare.fromCode(new KeyShare({ ...genuine, ...fields }).serialized());
  for (const [fields, parameter] of [[{ iterationExponent: 15 }, 'iteration exponent'], [{ memberThreshold: 1 }, 'threshold'],
    [{ value: genuine.value.subarray(0, 16) }, 'length'], [{ memberIndex: 5 }, 'share number'], [{ extendable: false }, 'extendable-backup flag']]) {
    const count = await derivations(() => assert.rejects(restoreVault(assembler, { keyShares: [scanned(sheetsOnly, 2), forge(fields)] }, pieces),
      refused('keySheetDisagrees', (e) => e.details.position === 2 && e.details.parameter === parameter)));
    assert.equal(count, 0, parameter);
  }
  // A forged value with every field right: SLIP-0039's digest refuses it, and nothing is returned.
  const value = genuine.value.slice();
  value[3] ^= 0x40;
  await assert.rejects(restoreVault(assembler, { keyShares: [scanned(sheetsOnly, 2), forge({ value })] }, pieces),
    refused('keySheets', (e) => e.details.keySheetError.code === 'digestMismatch'));
});

test('sheets given to a password backup are refused as such', async () => {
  // A parsed password backup has no key-sheet header (vault-restore.test.mjs restores real ones).
  const { deriveKeySheetsKey } = await import('../../Sources/SeqrWebApp/Resources/js/vault-message.js');
  await assert.rejects(deriveKeySheetsKey({ keySheets: null }, [scanned(sheetsOnly, 1)], ''), refused('notAKeySheetBackup'));
});
