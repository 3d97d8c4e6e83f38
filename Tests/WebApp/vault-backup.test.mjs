// A paper vault written by the page's modules (vault-backup-writer.js, vault-parity-plan.js and
// the WebAssembly ChaCha20-Poly1305, ISA-L and brotli-encoder pieces): its codes, each drawn by `seqr encode`,
// restore with the built `seqr vault restore` to the exact bytes, with a whole page of codes lost;
// a text is brotli-compressed as the CLI compresses it (VaultBody.encode: flags 1, fewer codes),
// random bytes are not (flags 0);
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
import {
  BEST_QUALITY_LIMIT, BodyFlags, MAXIMUM_PAGES, MESSAGE_OVERHEAD, PROBE_QUALITY, checkBackupRequest, documentLength, encodeBody, estimatedPages, loadBackupPieces,
  serializeDocument, vaultLayout, writeVaultBackup,
} from '../../Sources/SeqrWebApp/Resources/js/vault-backup-writer.js';
import { readVaultCode } from '../../Sources/SeqrWebApp/Resources/js/vault-code.js';
import { ContentType, deriveVaultKey, openVaultMessage, parseVaultMessage, unpad } from '../../Sources/SeqrWebApp/Resources/js/vault-message.js';
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
  // The restore's pieces (the brotli decoder) and the backup's (the brotli encoder).
  pieces = {
    ...await loadVaultPieces({ chacha: wasm('chacha20poly1305.wasm'), brotli: wasm('brotli-dec.wasm'), erasureCode: wasm('isal-ec.wasm') }),
    ...await loadBackupPieces({ chacha: wasm('chacha20poly1305.wasm'), erasureCode: wasm('isal-ec.wasm'), brotliEncoder: wasm('brotli-enc.wasm') }),
  };
  work = mkdtempSync(join(tmpdir(), 'seqr-vault-backup-'));
  writeFileSync(join(work, 'password'), `${PASSWORD}\n`);
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

async function assemble(codes) {
  const assembler = new VaultAssembler();
  for (const code of codes) await assembler.add(code);
  return assembler;
}

/** The decrypted, unpadded body of a password backup: control flags ‖ document (VaultBody). */
async function openedBody(codes) {
  const message = parseVaultMessage(await (await assemble(codes)).messageBuffer(pieces.erasureCode));
  return unpad(openVaultMessage(message, await deriveVaultKey(PASSWORD, message), pieces.chacha));
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
  // Random bytes do not compress: the body is the document as it is, control flags 0.
  const body = await openedBody(backup.codes);
  assert.equal(body[0], BodyFlags.plain);
  assert.deepEqual(body.subarray(1), serializeDocument('wallet.key', ContentType.bytes, content));
  assert.equal(backup.bodyFlags, BodyFlags.plain);
});

test('a text is brotli-compressed as `seqr vault backup` compresses it: flags 1, fewer codes than uncompressed (the CLI\'s count for the same file), and `seqr vault restore` restores it byte-exact', async () => {
  const lines = [];
  for (let i = 0; i < 1500; i++) lines.push(`Line ${i}: item ${(i * 7919) % 1000} of the inventory, shelf ${String.fromCharCode(65 + (i % 26))}-${i % 13} ✓ ünïcødé`);
  const text = `${lines.join('\n')}\n`;
  const content = utf8(text);
  const backup = await writeVaultBackup({ title: 'inventory.txt', content, password: PASSWORD }, pieces, { rounds: ROUNDS, paddingLength: 128 });
  assert.equal(backup.contentType, ContentType.text);
  const uncompressed = vaultLayout(MESSAGE_OVERHEAD + 1 + documentLength('inventory.txt', content) + 129);
  assert.ok(backup.dataCodes * 4 <= uncompressed.plan.dataCodes, `${backup.dataCodes} data codes, ${uncompressed.plan.dataCodes} uncompressed`);
  // The body is flags 1 and a brotli stream of the document (the page's decoder reads it back).
  const body = await openedBody(backup.codes);
  assert.equal(body[0], BodyFlags.brotli);
  const serialized = serializeDocument('inventory.txt', ContentType.text, content);
  assert.deepEqual(pieces.brotli.decompress(body.subarray(1), serialized.length), serialized);
  assert.ok(body.length < serialized.length / 4, `${body.length} bytes of body for ${serialized.length}`);
  // The CLI, compressing the same file, prints as many data codes (its libbrotli may differ by a few bytes, never by a code here).
  const file = join(work, 'inventory.txt');
  writeFileSync(file, content);
  const summary = JSON.parse(execFileSync(seqr, ['vault', 'backup', file, '-o', join(work, 'inventory.pdf'), '--password-file', join(work, 'password'),
    '--rounds', String(ROUNDS), '--no-restore-program', '--json'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString());
  assert.deepEqual([backup.dataCodes, backup.parityCodes, backup.version], [summary.codes, summary.parityCodes, summary.qrVersion]);
  // `seqr vault restore` from the codes drawn by `seqr encode`.
  const out = join(work, 'inventory.out');
  execFileSync(seqr, ['vault', 'restore', ...drawCodes('inventory', backup.codes, backup.version), '-o', out, '--password-file', join(work, 'password'), '--quiet']);
  assert.deepEqual(readFileSync(out), Buffer.from(content));
  const restored = await restoreVault(await assemble(backup.codes), PASSWORD, pieces);
  assert.equal(restored.text, text);
});

test('the body is VaultBody.encode\'s: the probe quality first, then 11 up to 256 KiB and 9 above, flags 1 only when smaller; random bytes stop at the probe', async () => {
  // Words drawn by a fixed xorshift from a small vocabulary: text that brotli's higher qualities shrink more than the probe.
  const words = 'the vault page code key sheet parity restore backup paper print scan seed wallet note ledger account ✓ ünïcødé 0 1 2 3 4 5 6 7 8 9'.split(' ');
  const textOf = (length) => {
    let x = 2463534242, text = '';
    while (text.length < length) {
      x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0;
      text += words[x % words.length] + (x % 11 === 0 ? '.\n' : ' ');
    }
    return utf8(text).subarray(0, length);
  };
  await pieces.brotliEncoder.session((compress) => {
    const cases = [
      [textOf(BEST_QUALITY_LIMIT), [PROBE_QUALITY, 11], BodyFlags.brotli],
      [textOf(BEST_QUALITY_LIMIT + 1), [PROBE_QUALITY, 9], BodyFlags.brotli],
      [new Uint8Array(randomBytes(50_000)), [PROBE_QUALITY], BodyFlags.plain],
      [Uint8Array.of(7), [PROBE_QUALITY], BodyFlags.plain],
    ];
    for (const [plain, expectedQualities, flags] of cases) {
      const qualities = [];
      const body = encodeBody(plain, (bytes, quality) => { qualities.push(quality); return compress(bytes, quality); });
      assert.deepEqual(qualities, expectedQualities, `${plain.length} bytes`);
      assert.equal(body[0], flags, `${plain.length} bytes`);
      if (flags === BodyFlags.plain) assert.deepEqual(body.subarray(1), plain);
      else assert.deepEqual(body.subarray(1), compress(plain, expectedQualities[1]), 'the higher quality\'s stream, smaller than the probe\'s');
    }
    // The probe's stream is kept when the higher quality is not smaller, and the document plain when the encoder fails (null).
    const plain = textOf(10_000);
    const quick = compress(plain, PROBE_QUALITY);
    assert.deepEqual(encodeBody(plain, (bytes, quality) => (quality === PROBE_QUALITY ? quick.slice() : new Uint8Array(quick.length))), Uint8Array.from([BodyFlags.brotli, ...quick]));
    assert.deepEqual(encodeBody(plain, () => null), Uint8Array.from([BodyFlags.plain, ...plain]));
  });
});

test('the page restores its own backup, a text, with a page of codes lost; the clear header is the CLI\'s', async () => {
  // Random words (base64), which brotli shrinks by a quarter only: still several pages.
  const text = `${randomBytes(24_000).toString('base64').match(/.{1,60}/g).join(' ✓ ünïcødé\n')}\nend\n`;
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

test('a title over 65,535 UTF-8 bytes is refused before any key derivation (cut, it would end mid-character and never restore)', async () => {
  const refused = (error) => error instanceof VaultBackupError && error.code === 'titleTooLong' && /[.`]$/.test(error.message) && !error.message.includes('\n');
  // 21,845 three-byte characters and one more byte: 65,536 bytes; a cut at 65,535 would split the last "✓".
  const title = 'a' + '✓'.repeat(21_845);
  assert.equal(utf8(title).length, 65_536);
  checkBackupRequest({ title: title.slice(0, -1), content: utf8('x'), password: PASSWORD, confirmation: PASSWORD });
  assert.throws(() => checkBackupRequest({ title, content: utf8('x'), password: PASSWORD, confirmation: PASSWORD }), refused);
  let derived = false;
  const random = (bytes) => { derived = true; return crypto.getRandomValues(bytes); };
  await assert.rejects(writeVaultBackup({ title, content: utf8('x'), password: PASSWORD }, pieces, { rounds: ROUNDS, random }), refused);
  assert.equal(derived, false);
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

test('key sheets instead of a password (flags 1) and with one (flags 3): `seqr vault restore` opens each from 2 of 3 sheets, the page too; fewer or no sheets restore nothing', async () => {
  for (const password of ['', PASSWORD]) {
    const content = randomBytes(3_000);
    const backup = await writeVaultBackup({ title: 'seed.bin', content, password, keySheets: { threshold: 2, count: 3 } }, pieces, { rounds: ROUNDS });
    const { identifier, threshold, count, needsPassword, shares } = backup.keySheets;
    assert.deepEqual([threshold, count, needsPassword, shares.length], [2, 3, Boolean(password), 3]);
    const message = parseVaultMessage(await (await assemble(backup.codes)).messageBuffer(pieces.erasureCode));
    assert.deepEqual([message.clearTextFlags, message.rounds, message.keySheets], [password ? 3 : 1, password ? ROUNDS : 0, { identifier, threshold: 2, count: 3 }]);
    for (const share of shares) assert.deepEqual([share.identifier, share.memberThreshold, share.value.length], [identifier, 2, 32]);
    // The CLI: sheet 1 as its code's bytes, sheet 3 as a text file of its words.
    const name = password ? 'sheets-password' : 'sheets';
    const pictures = drawCodes(name, backup.codes, backup.version);
    writeFileSync(join(work, `${name}-1.ks`), shares[0].serialized());
    writeFileSync(join(work, `${name}-3.txt`), `${shares[2].mnemonic}\n`);
    const out = join(work, `${name}.out`);
    execFileSync(seqr, ['vault', 'restore', ...pictures, '-o', out, '--share', join(work, `${name}-1.ks`), '--share', join(work, `${name}-3.txt`), '--quiet',
      ...(password ? ['--password-file', join(work, 'password')] : [])]);
    assert.deepEqual(readFileSync(out), content);
    // The page, sheets 2 and 3.
    const restored = await restoreVault(await assemble(backup.codes), { keyShares: [shares[1], shares[2]], password: password || undefined }, pieces);
    assert.deepEqual(restored.content, new Uint8Array(content));
    await assert.rejects(restoreVault(await assemble(backup.codes), { keyShares: [shares[1]], password: password || undefined }, pieces), /1 more needed/);
    await assert.rejects(restoreVault(await assemble(backup.codes), PASSWORD, pieces), (error) => error.code === 'keySheetsNeeded');
  }
  const refused = (code) => (error) => error instanceof VaultBackupError && error.code === code;
  for (const [threshold, count] of [[1, 3], [3, 2], [2, 17]]) {
    await assert.rejects(writeVaultBackup({ title: 't', content: utf8('x'), password: '', keySheets: { threshold, count } }, pieces, { rounds: ROUNDS }), refused('keySheets'));
  }
  await assert.rejects(writeVaultBackup({ title: 't', content: utf8('x'), password: 'a', confirmation: 'b', keySheets: { threshold: 2, count: 3 } }, pieces, { rounds: ROUNDS }), refused('passwordsDiffer'));
});
