// A paper-vault page as the page's Workers read a picked picture of it (js/vault-page-reader.js):
// the count that ends a read early (js/vault-whole-page.js) agrees with the CLI's
// (VaultAssembler.holdsWholePage, Tests/SeqrCoreTests/VaultWholePageTests.swift) on real
// `seqr vault backup` pages; a whole page is read with one limited zxing-cpp call; a wrong count
// costs a second read, never a code. Needs wasm/zxing.wasm (scripts/build-wasm) and seqr (swift build;
// SEQR_BIN_DIR names another folder than .build/debug).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { loadQRReader } from '../../Sources/SeqrWebApp/Resources/js/zxing-wasm.js';
import { readVaultPage } from '../../Sources/SeqrWebApp/Resources/js/vault-page-reader.js';
import { holdsWholePage } from '../../Sources/SeqrWebApp/Resources/js/vault-whole-page.js';
import { ScanRequests } from '../../Sources/SeqrWebApp/Resources/js/scan-requests.js';

const root = new URL('../../', import.meta.url).pathname;
const modulePath = join(root, 'Sources/SeqrWebApp/Resources/wasm/zxing.wasm');
const seqr = join(process.env.SEQR_BIN_DIR ?? join(root, '.build/debug'), 'seqr');

let reader, work;
before(async () => {
  for (const [path, how] of [[modulePath, 'run scripts/build-wasm'], [seqr, 'run swift build']]) {
    assert.ok(existsSync(path), `${path} is missing: ${how} (make test does both)`);
  }
  reader = await loadQRReader(readFileSync(modulePath));
  work = mkdtempSync(join(tmpdir(), 'seqr-vault-page-reading-'));
  writeFileSync(join(work, 'password'), 'a page-reading password\n');
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

/** `seqr vault backup` of `size` random bytes as PNG pages at `dpi`: each page's file, and its codes' bytes as the CLI reads them. */
function backup(name, size, { dpi = 100, parity = true } = {}) {
  const file = join(work, name);
  writeFileSync(file, randomBytes(size));
  const pages = join(work, `${name}-pages/`);
  execFileSync(seqr, ['vault', 'backup', file, '-o', pages, '--password-file', join(work, 'password'), '--rounds', '210000',
    '--no-restore-program', '--no-compress', '--dpi', String(dpi), '--quiet', ...(parity ? [] : ['--survive-pages', '0'])], { stdio: ['ignore', 'ignore', 'pipe'] });
  const files = readdirSync(pages).filter((f) => /^page-\d+\.png$/.test(f)).sort().map((f) => join(pages, f));
  const read = JSON.parse(execFileSync(seqr, ['decode', '--json', ...files], { maxBuffer: 1 << 26 }).toString());
  return read.map((page, index) => ({ file: files[index], codes: page.codes.map((code) => new Uint8Array(Buffer.from(code.payloadBase64, 'base64'))) }));
}

/** A PNG as the RGBA pixels a canvas gives (netpbm decodes it). */
function rgbaOf(file) {
  const pnm = execFileSync('sh', ['-c', 'pngtopnm "$1" | pamdepth 255', 'sh', file], { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  const [whole, kind, w, h] = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pnm.subarray(0, 64).toString('latin1'));
  const width = Number(w), height = Number(h), channels = kind === 'P6' ? 3 : 1, data = pnm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) rgba[4 * i + c] = data[i * channels + (channels === 3 ? c : 0)];
    rgba[4 * i + 3] = 255;
  }
  return { rgba, width, height };
}

/** The real reader, with every call's options written down. */
function recording() {
  const calls = [];
  return { calls, read: (pixels, width, height, options) => { calls.push(options); return reader.read(pixels, width, height, options); } };
}

const key = (bytes) => Buffer.from(bytes).toString('base64');
const shuffled = (items) => items.map((item) => [randomBytes(4).readUInt32BE(), item]).sort((a, b) => a[0] - b[0]).map(([, item]) => item);

test('the whole-page count agrees with the CLI\'s: every full page is whole, one code fewer or codes of two pages are not', async () => {
  const pages = backup('count.bin', 20_000);
  assert.ok(pages.length >= 3);
  const all = pages.flatMap((page) => page.codes);
  for (const [index, page] of pages.entries()) {
    const full = page.codes.length === 6;
    // The last page is whole with its last parity code (the print's end); the others hold six.
    assert.equal(await holdsWholePage(shuffled(page.codes)), true, `page ${index + 1} of ${pages.length} (${page.codes.length} codes)`);
    for (let missing = 0; missing < page.codes.length; missing++) {
      const short = page.codes.filter((_, i) => i !== missing);
      if (full || missing === page.codes.length - 1) assert.equal(await holdsWholePage(short), false, `page ${index + 1} without code ${missing}`);
    }
  }
  assert.equal(await holdsWholePage(all.slice(3, 9)), false, 'six codes of two pages');
  assert.equal(await holdsWholePage(all.slice(0, 12)), false, 'two whole pages');
  assert.equal(await holdsWholePage([...all.slice(0, 5), all[0]]), false, 'a code twice counts once');
  const other = backup('other.bin', 20_000)[0].codes;
  const url = new TextEncoder().encode('https://example.com');
  assert.equal(await holdsWholePage([...pages[0].codes, url]), true, 'another kind of code is not counted');
  assert.equal(await holdsWholePage([...pages[0].codes.slice(0, 5), url]), false);
  assert.equal(await holdsWholePage([...pages[0].codes, other[0]]), false, 'a code of another backup');
  assert.equal(await holdsWholePage([url]), false);
  assert.equal(await holdsWholePage([]), false);
});

test('a whole page is read with one zxing-cpp call that stops at the page\'s six codes, and gives the codes the CLI reads', async () => {
  const [page] = backup('quick.bin', 20_000);
  const { rgba, width, height } = rgbaOf(page.file);
  const spy = recording();
  const codes = await readVaultPage(spy, rgba, width, height, {});
  assert.deepEqual(codes.map((c) => key(c.bytes)).sort(), page.codes.map(key).sort());
  assert.equal(spy.calls.length, 1);
  assert.equal(spy.calls[0].maxSymbols, 6);
});

test('a wrong count costs a second read, never a code: a page of six read with a count of four still gives all six', async () => {
  const [page] = backup('guess.bin', 20_000);
  const { rgba, width, height } = rgbaOf(page.file);
  const spy = recording();
  const codes = await readVaultPage(spy, rgba, width, height, { codesPerPage: 4 });
  assert.equal(codes.length, 6);
  assert.deepEqual(codes.map((c) => key(c.bytes)).sort(), page.codes.map(key).sort());
  assert.equal(spy.calls[0].maxSymbols, 4);
  assert.ok(spy.calls.length >= 2 && !spy.calls[1].maxSymbols, 'read again with no limit');
});

test('a short page (fewer codes than the count) is read with every layer once, and not read again', async () => {
  const pages = backup('short.bin', 9_000, { parity: false });
  const last = pages.at(-1);
  assert.ok(last.codes.length < 6, `the last page holds ${last.codes.length} codes`);
  const { rgba, width, height } = rgbaOf(last.file);
  const spy = recording();
  const codes = await readVaultPage(spy, rgba, width, height, { codesPerPage: 6 });
  assert.deepEqual(codes.map((c) => key(c.bytes)).sort(), last.codes.map(key).sort());
  assert.equal(spy.calls.length, 1);
});

test('the Worker\'s requests read a vault page when asked (vaultPage), and any picture as before otherwise', async () => {
  const [page] = backup('worker.bin', 20_000);
  const { rgba, width, height } = rgbaOf(page.file);
  const requests = new ScanRequests(readFileSync(modulePath));
  for (const vaultPage of [{ codesPerPage: 6 }, undefined]) {
    const { reply } = await requests.answer({ type: 'decode', id: 1, pixels: rgba.slice().buffer, width, height, still: true, vaultPage });
    assert.equal(reply.type, 'decoded');
    assert.deepEqual(reply.codes.map((c) => key(c.bytes)).sort(), page.codes.map(key).sort());
  }
});
