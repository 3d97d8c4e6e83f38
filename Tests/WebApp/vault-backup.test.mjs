// A paper vault written by the page's modules (vault-backup-writer.js, vault-parity-plan.js and
// the WebAssembly ChaCha20-Poly1305 and ISA-L pieces): its codes, each drawn by `seqr encode`,
// restore with the built `seqr vault restore` to the exact bytes, with a whole page of codes lost;
// the page's own restore opens them; the independent Python reader (Tests/Reference/
// papervault_reference.py) reads the data codes; the parity plan and layout are the CLI's (codes,
// parity codes and version as `seqr vault backup --json` reports for the same size); mismatched
// passwords and an over-limit document are refused before any key derivation. The seal itself is
// checked against RFC 8439 in vault-wasm.test.mjs. Needs seqr (swift build) and the wasm modules.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { VaultAssembler } from '../../Sources/SeqrWebApp/Resources/js/vault-assembler.js';
import { VaultBackupError } from '../../Sources/SeqrWebApp/Resources/js/vault-backup-error.js';
import { MAXIMUM_PAGES, estimatedPages, vaultLayout, writeVaultBackup } from '../../Sources/SeqrWebApp/Resources/js/vault-backup-writer.js';
import { readVaultCode } from '../../Sources/SeqrWebApp/Resources/js/vault-code.js';
import { ContentType, parseVaultMessage } from '../../Sources/SeqrWebApp/Resources/js/vault-message.js';
import { planParity } from '../../Sources/SeqrWebApp/Resources/js/vault-parity-plan.js';
import { loadVaultPieces, restoreVault } from '../../Sources/SeqrWebApp/Resources/js/vault-restore.js';

const root = new URL('../../', import.meta.url).pathname;
const binDir = process.env.SEQR_BIN_DIR ?? join(root, '.build/debug');
const seqr = join(binDir, 'seqr');
const wasm = (name) => readFileSync(join(root, 'Sources/SeqrWebApp/Resources/wasm', name));
const PASSWORD = 'correct horse ✓ é';
const ROUNDS = 210_000;  // the CLI's floor: the tests spend as little PBKDF2 as it allows

let work, pieces;
before(async () => {
  assert.ok(existsSync(seqr), `${seqr} is missing: run swift build (make test does)`);
  pieces = await loadVaultPieces({ chacha: wasm('chacha20poly1305.wasm'), brotli: wasm('brotli-dec.wasm'), erasureCode: wasm('isal-ec.wasm') });
  work = mkdtempSync(join(tmpdir(), 'seqr-vault-backup-'));
  writeFileSync(join(work, 'password'), `${PASSWORD}\n`);
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

async function assemble(codes) {
  const assembler = new VaultAssembler();
  for (const code of codes) await assembler.add(code);
  return assembler;
}

/** Each code drawn as a PNG by `seqr encode` (one 8-bit segment, level M, at least the backup's version). */
function drawCodes(name, codes, version) {
  return codes.map((code, i) => {
    const bin = join(work, `${name}-${i}.bin`), png = join(work, `${name}-${i}.png`);
    writeFileSync(bin, code);
    execFileSync(seqr, ['encode', '--file', bin, '--binary', '--ec', 'M', '--min-version', String(version), '--scale', '3', '-o', png]);
    return png;
  });
}

test('a backup written by the page restores with `seqr vault restore` to the exact bytes, one page of codes lost', async () => {
  const content = randomBytes(20_000);
  const backup = await writeVaultBackup({ title: 'wallet.key', content, password: PASSWORD }, pieces, { rounds: ROUNDS });
  assert.equal(backup.version, 37);
  assert.equal(backup.contentType, ContentType.bytes);
  // 20,000 bytes: 11 data codes of 1,939 bytes; any one page may be lost: 6 parity codes, 3 pages.
  assert.equal(backup.dataCodes, 11);
  assert.equal(backup.parityCodes, 6);
  assert.equal(backup.plan.pageCount, 3);
  const pictures = drawCodes('wallet', backup.codes, backup.version);
  const out = join(work, 'wallet.out');
  // Page 2 (codes 7–12) left out: the parity codes rebuild it.
  execFileSync(seqr, ['vault', 'restore', ...pictures.slice(0, 6), ...pictures.slice(12), '-o', out, '--password-file', join(work, 'password'), '--quiet']);
  assert.deepEqual(readFileSync(out), content);
});

test('the page restores its own backup, a text, with a page of codes lost; the clear header is the CLI\'s', async () => {
  const text = `${'A line of a will ✓ ünïcødé\n'.repeat(800)}end\n`;
  const backup = await writeVaultBackup({ title: 'will.txt', content: utf8(text), password: PASSWORD }, pieces, { rounds: ROUNDS });
  assert.equal(backup.contentType, ContentType.text);
  const lost = new Set([0, 1, 2, 3, 4, 5]);
  const assembler = await assemble(backup.codes.filter((_, i) => !lost.has(i)));
  const message = parseVaultMessage(await assembler.messageBuffer(pieces.erasureCode));
  assert.equal(message.clearTextFlags, 0);
  assert.equal(message.rounds, ROUNDS);
  assert.equal(message.salt.length, 32);
  const restored = await restoreVault(assembler, PASSWORD, pieces);
  assert.equal(restored.title, 'will.txt');
  assert.equal(restored.text, text);
  // Every code carries the page grid (3 rows, 2 columns) and numbers from 0.
  const first = await readVaultCode(backup.codes[0]);
  assert.deepEqual([first.rows, first.columns, first.codeNumber, first.parity], [3, 2, 0, false]);
});

test('the independent Python reader reads the page\'s data codes (plain PaperVault, numbered from 0)', async () => {
  const content = utf8('A short secret for the original app ✓\n');
  const backup = await writeVaultBackup({ title: 'short.txt', content, password: PASSWORD }, pieces, { rounds: ROUNDS });
  // One page: version 30, no parity, as `seqr vault backup` writes a one-page backup.
  assert.equal(backup.version, 30);
  assert.equal(backup.parityCodes, 0);
  const payloads = JSON.stringify(backup.codes.map((c) => Buffer.from(c).toString('base64')));
  const read = JSON.parse(execFileSync('python3', [join(root, 'Tests/Reference/papervault_reference.py'), 'read', '--password', PASSWORD], { input: payloads }).toString());
  assert.equal(read.title, 'short.txt');
  assert.deepEqual(Buffer.from(read.contentBase64, 'base64'), Buffer.from(content));
});

test('layout and parity are `seqr vault backup`\'s for the same size (its --json), and the plan matches VaultParityPlan\'s documented cases', () => {
  for (const size of [100, 7_000, 8_000, 20_000, 100 * 1024]) {
    const file = join(work, `plain-${size}.bin`);
    writeFileSync(file, randomBytes(size));
    const summary = JSON.parse(execFileSync(seqr, ['vault', 'backup', file, '-o', join(work, `plain-${size}.pdf`), '--password-file', join(work, 'password'),
      '--rounds', String(ROUNDS), '--no-compress', '--no-restore-program', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
    // The CLI's random padding (0–255 bytes) is taken at its middle: these sizes are away from any code boundary.
    const layout = vaultLayout(67 + 1 + 4 + `plain-${size}.bin`.length + size + 128);
    assert.deepEqual([layout.version, layout.plan.dataCodes, layout.plan.parityCodes, layout.plan.pageCount],
      [summary.qrVersion, summary.codes, summary.parityCodes, summary.pages], `${size} bytes`);
  }
  // docs/formats/papervault.md: 21 data codes get 6 parity codes and print on 5 pages.
  const plan = planParity(21, 6, 1);
  assert.deepEqual([plan.parityCodes, plan.pageCount, plan.survivablePages, plan.survivableCodes], [6, 5, 1, 6]);
});

test('two different passwords, no password and an over-limit document are refused before any key derivation, each in one sentence', async () => {
  const refused = (code) => (error) => error instanceof VaultBackupError && error.code === code && /[.`]$/.test(error.message) && !error.message.includes('\n');
  await assert.rejects(writeVaultBackup({ title: 't', content: utf8('x'), password: 'one', confirmation: 'two' }, pieces, { rounds: ROUNDS }), refused('passwordsDiffer'));
  await assert.rejects(writeVaultBackup({ title: 't', content: utf8('x'), password: '' }, pieces), refused('passwordNeeded'));
  const big = new Uint8Array(700_000);
  assert.equal(estimatedPages('big', big), 63);
  assert.ok(63 > MAXIMUM_PAGES);
  // The CLI's estimate of the same document, refused the same way before its password is asked.
  writeFileSync(join(work, 'big'), big);
  let refusal = '';
  try {
    execFileSync(seqr, ['vault', 'backup', join(work, 'big'), '-o', join(work, 'big.pdf'), '--no-compress', '--password-file', join(work, 'password')], { stdio: ['ignore', 'ignore', 'pipe'] });
  } catch (error) { refusal = error.stderr.toString(); }
  assert.match(refusal, /about 63 pages, more than --max-pages 50/);
  await assert.rejects(writeVaultBackup({ title: 'big', content: big, password: PASSWORD }, pieces, { rounds: ROUNDS }), refused('tooManyPages'));
  await assert.rejects(writeVaultBackup({ title: 't', content: utf8('x'), password: PASSWORD }, pieces, { rounds: 1000 }), refused('rounds'));
});
