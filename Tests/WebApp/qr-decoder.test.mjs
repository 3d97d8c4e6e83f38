// The page's QR decoder (wasm/zxing.wasm through js/zxing-wasm.js) against the CLI's: the simulated
// photo corpus (SeqrCorpus, written by seqr-bench) and the text-encoding cases (segno, qrencode and
// zxing's black-box pictures, as Tests/SeqrQRTests/TextEncodingTests and DecodeTextCLITests make
// them) go through `seqr decode --json` and through the module, given each picture as the RGBA a
// canvas gives and read as a picked photo is (qr-picture-reader.js: the CLI's passes). Every code both read has the same bytes and the same text, encoding and guess; the
// module reads within 0.01 of the CLI's rate. Needs the module (scripts/build-wasm) and seqr,
// seqr-bench (swift build; SEQR_BIN_DIR names another folder than .build/debug).
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { loadQRReader, QRReaderError } from '../../Sources/SeqrWebApp/Resources/js/zxing-wasm.js';
import { readPicture } from '../../Sources/SeqrWebApp/Resources/js/qr-picture-reader.js';
import { ScanRequests } from '../../Sources/SeqrWebApp/Resources/js/scan-requests.js';
import { WARM_UP_HEIGHT, WARM_UP_TEXT, WARM_UP_WIDTH, warmUp, warmUpPicture } from '../../Sources/SeqrWebApp/Resources/js/scan-warm-up.js';

const root = new URL('../../', import.meta.url).pathname;
const modulePath = join(root, 'Sources/SeqrWebApp/Resources/wasm/zxing.wasm');
const binDir = process.env.SEQR_BIN_DIR ?? join(root, '.build/debug');
const reference = (name) => join(root, 'Tests/Reference', name);
const PER_CLASS = Number(process.env.SEQR_PARITY_PER_CLASS ?? 10);

let reader;
let work;
before(async () => {
  for (const [path, how] of [[modulePath, 'run scripts/build-wasm'], [join(binDir, 'seqr'), 'run swift build'], [join(binDir, 'seqr-bench'), 'run swift build']]) {
    assert.ok(existsSync(path), `${path} is missing: ${how} (make test does both)`);
  }
  reader = await loadQRReader(readFileSync(modulePath));
  work = mkdtempSync(join(tmpdir(), 'seqr-qr-decoder-'));
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

/** A PNG or JPEG as the RGBA pixels a canvas would give (netpbm decodes it, 8 bits a sample; gray becomes R = G = B). */
function rgbaOf(file) {
  const pnm = execFileSync('sh', ['-c', `${file.endsWith('.jpg') ? 'jpegtopnm' : 'pngtopnm'} "$1" | pamdepth 255`, 'sh', file],
    { maxBuffer: 1 << 28, stdio: ['ignore', 'pipe', 'ignore'] });
  const header = /^(P[56])\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(pnm.subarray(0, 64).toString('latin1'));
  assert.ok(header && header[4] === '255', `${file}: an 8-bit PGM or PPM from netpbm`);
  const [whole, kind, w, h] = header;
  const width = Number(w), height = Number(h), channels = kind === 'P6' ? 3 : 1;
  const data = pnm.subarray(whole.length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) rgba[4 * i + c] = data[i * channels + (channels === 3 ? c : 0)];
    rgba[4 * i + 3] = 255;
  }
  return { rgba, width, height };
}

/** `seqr decode --json` of `files`, one process: per file, its codes as { bytes (base64), text, encoding, guessed }. */
function nativeDecode(files) {
  const run = spawnSync(join(binDir, 'seqr'), ['decode', '--json', ...files], { maxBuffer: 1 << 28, encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 65, `seqr decode: exit ${run.status}: ${run.stderr}`);
  return new Map(JSON.parse(run.stdout).map((report) => [report.file, report.codes.map((code) => ({
    bytes: code.payloadBase64, text: code.text ?? `base64:${code.payloadBase64}`, encoding: code.encoding ?? null, guessed: code.encodingGuessed ?? null,
  }))]));
}

function moduleDecode(file) {
  const { rgba, width, height } = rgbaOf(file);
  return readPicture(reader, rgba, width, height).map((code) => ({
    bytes: toBase64(code.bytes), text: code.text, encoding: code.encoding, guessed: code.encodingGuessed,
  }));
}

/** Compares the two decoders on `files`: the codes each read, and those both read must agree in full. */
function compare(files) {
  const native = nativeDecode(files);
  const rows = files.map((file) => ({ file, native: native.get(file) ?? [], module: moduleDecode(file) }));
  for (const { file, native: n, module: m } of rows) {
    for (const code of m) {
      const same = n.find((c) => c.bytes === code.bytes);
      if (same) assert.deepEqual(code, same, `${file}: the module reads the code as the CLI does`);
    }
  }
  return rows;
}

test('the simulated photo corpus: every code the CLI reads, the module reads to the same bytes and text, the rate within 0.01', { timeout: 900_000 }, () => {
  const corpus = join(work, 'corpus');
  execFileSync(join(binDir, 'seqr-bench'), ['corpus', '-o', corpus, '--per-class', String(PER_CLASS)], { stdio: ['ignore', 'ignore', 'pipe'] });
  const manifest = JSON.parse(readFileSync(join(corpus, 'manifest.json'), 'utf8'));
  const rows = compare(manifest.map((entry) => join(corpus, entry.file)));
  let expected = 0, byNative = 0, byModule = 0;
  const missed = [];
  manifest.forEach((entry, i) => {
    const { native, module } = rows[i];
    for (const code of module) assert.ok(entry.payloadsBase64.includes(code.bytes), `${entry.file}: the module read a payload the picture does not hold`);
    for (const payload of entry.payloadsBase64) {
      expected += 1;
      const n = native.some((c) => c.bytes === payload), m = module.some((c) => c.bytes === payload);
      byNative += n ? 1 : 0;
      byModule += m ? 1 : 0;
      if (n && !m) missed.push(entry.file);
    }
  });
  const nativeRate = byNative / expected, moduleRate = byModule / expected;
  console.log(`corpus (${manifest.length} pictures, ${expected} codes): seqr decode ${byNative}, the module ${byModule}; missed by the module: ${missed.join(' ') || 'none'}`);
  assert.ok(nativeRate - moduleRate <= 0.01, `the module read ${(moduleRate * 100).toFixed(1)} % of the codes, the CLI ${(nativeRate * 100).toFixed(1)} %`);
});

test('text in every encoding a code declares or holds reads as `seqr decode` prints it: ECI, Kanji and Hanzi modes, guesses, controls, binary as base64:', () => {
  const files = [];
  const make = (name, command, args, input) => {
    const file = join(work, name);
    execFileSync(command, [...args.map((a) => (a === 'OUT' ? file : a))], { input, stdio: ['pipe', 'ignore', 'pipe'] });
    files.push(file);
  };
  const segno = [['日本語のテキスト', 'shift_jis', true], ['Zażółć gęślą jaźń', 'iso-8859-2', true], ['Привет, мир', 'iso-8859-5', true],
    ['中文文本测试', 'gb18030', true], ['한국어 텍스트', 'euc-kr', true], ['UTF-16 ✓ テキスト', 'utf-16-be', true], ['Grüße ✓', 'utf-8', true],
    ['日本語のテキスト', 'shift_jis', false], ['Grüße aus Köln', 'iso-8859-1', false], ['Grüße ✓', 'utf-8', false],
    ['a\u202Egpj.exe', 'utf-16-be', true], ['tab\there\r\nline', 'utf-8', false]];
  segno.forEach(([text, codec, eci], i) => make(`segno-${i}.png`, 'python3', [reference('segno_encode.py'), 'OUT', text, codec, ...(eci ? ['--eci'] : [])]));
  make('hanzi-controls.png', 'python3', [reference('segno_segments.py'), 'OUT', 'byte:011041443a5355423a', 'hanzi:阿', 'byte:3b3b']);
  make('kanji-controls.png', 'python3', [reference('segno_segments.py'), 'OUT', 'byte:0110', 'alphanumeric:AD:SUB:', 'kanji:漢', 'byte:3b3b']);
  make('binary-numeric.png', 'python3', [reference('segno_segments.py'), 'OUT', 'byte:00ff01', 'numeric:12345', 'byte:021b']);
  make('kanji-mode.png', 'qrencode', ['-k', '-o', 'OUT'], Buffer.from('8abf8e9a8382815b836882cc8365834c83588367', 'hex')); // 漢字モードのテキスト in Shift_JIS
  make('binary.png', 'qrencode', ['-8', '-o', 'OUT'], Buffer.from(Array.from({ length: 200 }, (_, i) => (i * 37 + 1) & 255)));
  make('latin1-c1.png', 'qrencode', ['-8', '-o', 'OUT'], Buffer.from('caf\xe9 \x85 \x9b', 'latin1'));
  make('ascii.png', 'qrencode', ['-o', 'OUT', 'https://example.org/a?b=1']);
  const blackbox = join(root, 'Tests/Fixtures/zxing-blackbox');
  for (const name of readdirSync(blackbox).filter((n) => n.endsWith('.png'))) files.push(join(blackbox, name));

  const rows = compare(files);
  for (const { file, native, module } of rows) {
    assert.ok(native.length > 0, `${file}: the CLI reads it`);
    assert.deepEqual(module, native, `${file}: the module reads what the CLI reads`);
  }
  const byName = (name) => rows.find((r) => r.file.endsWith(name)).module[0];
  // What the cases are there for, checked on the module's side too.
  assert.equal(byName('segno-0.png').text, '日本語のテキスト');
  assert.equal(byName('segno-0.png').encoding, 'Shift_JIS');
  assert.equal(byName('hanzi-controls.png').text, '\u0001\u0010AD:SUB:阿;;');
  assert.match(byName('binary.png').text, /^base64:/);
  assert.match(byName('binary-numeric.png').text, /^base64:/);
  assert.match(byName('latin1-c1.png').text, /^base64:/);
  assert.equal(byName('qrcode-2-31.png').encoding, 'Shift_JIS');
});

test('a joined structured-append payload reads as text in its parts\' declared encoding (readText)', () => {
  const shiftJIS = Buffer.from('93fa967b8cea82c582b7', 'hex'); // 日本語です
  assert.deepEqual(reader.readText(shiftJIS, { blocks: [{ eci: 20, position: 0 }], fromECI: true }), { text: '日本語です', encoding: 'Shift_JIS', guessed: false });
  assert.equal(reader.readText(Uint8Array.of(0, 255, 1, 2)), null);
  // Hostile blocks (out of order, past the payload) give no text and read nothing past the payload.
  const ascii = new TextEncoder().encode('abcdefgh');
  assert.equal(reader.readText(ascii, { blocks: [{ eci: 26, position: 6 }, { eci: 3, position: 1 }], fromECI: true }), null);
  assert.equal(reader.readText(ascii, { blocks: [{ eci: 26, position: 9 }], fromECI: true }), null);
});

test('a picture smaller than its size says, or with no pixels, is refused with a sentence; the decoder keeps working', () => {
  assert.throws(() => reader.read(new Uint8Array(10), 10, 10), (e) => e instanceof QRReaderError && /smaller than its width and height/.test(e.message));
  assert.throws(() => reader.read(new Uint8Array(0), 0, 0), (e) => e instanceof QRReaderError && /no pixels/.test(e.message));
  assert.deepEqual(reader.read(new Uint8ClampedArray(64 * 48 * 4).fill(255), 64, 48), []);
});

test('the Worker\'s requests: a frame decoded and its buffer handed back, text read, a missing module reported as unavailable', async () => {
  const png = join(work, 'worker.png');
  execFileSync('qrencode', ['-o', png, 'scan me'], { stdio: 'ignore' });
  const { rgba, width, height } = rgbaOf(png);
  const requests = new ScanRequests(readFileSync(modulePath));
  const pixels = rgba.buffer;
  const { reply, transfer } = await requests.answer({ type: 'decode', id: 7, pixels, width, height });
  assert.equal(reply.type, 'decoded');
  assert.equal(reply.id, 7);
  assert.deepEqual(reply.codes.map((c) => [c.text, c.format, c.version, c.errorCorrection]), [['scan me', 'qr', 1, 'L']]);
  assert.equal(reply.codes[0].corners.length, 4);
  assert.equal('display' in reply.codes[0], false, 'a reply holds only what structured clone carries');
  assert.deepEqual(transfer, [pixels]);
  const text = await requests.answer({ type: 'text', id: 8, bytes: new TextEncoder().encode('Grüße'), encodingBlocks: { blocks: [], fromECI: false } });
  assert.deepEqual(text.reply, { type: 'text', id: 8, text: { text: 'Grüße', encoding: 'UTF-8', guessed: true } });
  const bad = await requests.answer({ type: 'decode', id: 9, pixels: new ArrayBuffer(4), width: 10, height: 10 });
  assert.deepEqual([bad.reply.type, bad.reply.unavailable], ['error', false]);
  const missing = await new ScanRequests(Uint8Array.of(0, 0x61, 0x73, 0x6d)).answer({ type: 'decode', id: 1, pixels: new ArrayBuffer(4), width: 1, height: 1 });
  assert.equal(missing.reply.type, 'error');
  assert.equal(missing.reply.unavailable, true);
  assert.match(missing.reply.message, /could not be loaded/);
});

test('the warm-up picture (scan-warm-up.js) is a page of the size a vault page is read at, whose one code reads as its text; a load that asks warms up once', async () => {
  const { pixels, width, height } = warmUpPicture();
  assert.deepEqual([width, height, pixels.length], [WARM_UP_WIDTH, WARM_UP_HEIGHT, WARM_UP_WIDTH * WARM_UP_HEIGHT * 4]);
  // Really a code: a warm-up on a picture with none would leave the decoding half of zxing-cpp cold.
  assert.deepEqual(warmUp(reader).map((c) => [c.text, c.version]), [[WARM_UP_TEXT, 1]]);
  assert.deepEqual(reader.read(pixels, width, height).map((c) => c.text), [WARM_UP_TEXT]);
  // A decoder that fails is left as it was: the warm-up never throws.
  assert.deepEqual(warmUp({ read() { throw new QRReaderError('broken'); } }), []);
  const asked = new ScanRequests(readFileSync(modulePath));
  assert.deepEqual((await asked.answer({ type: 'load', id: 1, warmUp: true })).reply, { type: 'loaded', id: 1 });
  assert.equal(asked.warmedUp, true);
  const notAsked = new ScanRequests(readFileSync(modulePath));
  await notAsked.answer({ type: 'load', id: 1 });
  assert.equal(notAsked.warmedUp, false, 'the camera scanner\'s Worker is not warmed up unless asked');
  // A picture that arrives while the decoder is still starting goes first: no warm-up before it.
  const { pixels: page } = warmUpPicture();
  const overtaken = new ScanRequests(readFileSync(modulePath));
  const load = overtaken.answer({ type: 'load', id: 1, warmUp: true });
  const decode = overtaken.answer({ type: 'decode', id: 2, pixels: page.slice().buffer, width, height, still: true });
  assert.deepEqual((await load).reply, { type: 'loaded', id: 1 });
  assert.deepEqual((await decode).reply.codes.map((c) => c.text), [WARM_UP_TEXT]);
  assert.equal(overtaken.warmedUp, false);
  // As the Worker tells it when a picture's message arrives, before its file is decoded.
  const told = new ScanRequests(readFileSync(modulePath));
  const toldLoad = told.answer({ type: 'load', id: 1, warmUp: true });
  told.pictureArrived();
  await toldLoad;
  assert.equal(told.warmedUp, false);
});
