// The page's brotli encoder (wasm/brotli-enc.wasm, brotli 1.2.1's own encoder, through
// brotli-encoder-wasm.js) against other implementations: its streams at every quality decode to
// exactly the input with the page's wasm decoder, Node's zlib (brotli's C library) and Python's
// brotli module (scripts/setup installs it), and are byte for byte what Python's brotli 1.2.1
// writes with the parameters Seqr's Brotli.compress uses (window 22, generic mode). Needs the
// modules (scripts/build-wasm; make test runs it).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { brotliDecompressSync } from 'node:zlib';
import { loadBrotliDecoder } from '../../Sources/SeqrWebApp/Resources/js/brotli-wasm.js';
import { loadBrotliEncoder } from '../../Sources/SeqrWebApp/Resources/js/brotli-encoder-wasm.js';
import { WasmModuleError } from '../../Sources/SeqrWebApp/Resources/js/wasm-reactor.js';

const wasm = new URL('../../Sources/SeqrWebApp/Resources/wasm/', import.meta.url).pathname;
const bytesOf = (name) => {
  const path = join(wasm, name);
  assert.ok(existsSync(path), `${path} is missing: run scripts/build-wasm (make test does)`);
  return readFileSync(path);
};
let encoder, decoder, work;
before(async () => {
  encoder = await loadBrotliEncoder(bytesOf('brotli-enc.wasm'));
  decoder = await loadBrotliDecoder(bytesOf('brotli-dec.wasm'));
  work = mkdtempSync(join(tmpdir(), 'seqr-brotli-encoder-'));
});
after(() => { if (work) rmSync(work, { recursive: true, force: true }); });

// For each NAME.in and NAME.q<quality>.br in a folder: whether Python's brotli decompresses the
// stream to the input, and whether its own compress(quality, lgwin 22, generic) gives the same bytes.
const PYTHON_CHECK = `
import brotli, json, os, sys
folder = sys.argv[1]
results = {}
for name in sorted(os.listdir(folder)):
    if not name.endswith('.br'):
        continue
    stem, quality = name[:-3].rsplit('.q', 1)
    data = open(os.path.join(folder, stem + '.in'), 'rb').read()
    stream = open(os.path.join(folder, name), 'rb').read()
    ours = brotli.compress(data, mode=brotli.MODE_GENERIC, quality=int(quality), lgwin=22)
    results[name] = {'decodes': brotli.decompress(stream) == data, 'same': ours == stream}
print(json.dumps({'version': brotli.__version__, 'results': results}))
`;

test('brotli encoder: its streams at qualities 0–11 decode to exactly the input with the page\'s wasm decoder, Node\'s zlib and Python\'s brotli, and are byte for byte Python\'s brotli 1.2.1 (window 22, generic mode)', async () => {
  const text = new TextEncoder().encode('Seqr paper vault, page 3 of 5: any one whole page may be lost ✓ é. '.repeat(2500) + 'end\n');
  const inputs = { empty: new Uint8Array(0), byte: Uint8Array.of(42), text, random: new Uint8Array(randomBytes(70_000)), zeros: new Uint8Array(300_000) };
  const written = [];
  await encoder.session((compress) => {
    for (const [name, input] of Object.entries(inputs)) {
      writeFileSync(join(work, `${name}.in`), input);
      for (let quality = 0; quality <= 11; quality++) {
        const stream = compress(input, quality);
        assert.ok(stream instanceof Uint8Array, `${name} at quality ${quality}`);
        assert.deepEqual(decoder.decompress(stream, input.length), input, `${name} at quality ${quality}: the wasm decoder`);
        assert.deepEqual(new Uint8Array(brotliDecompressSync(stream)), input, `${name} at quality ${quality}: Node's zlib`);
        writeFileSync(join(work, `${name}.q${quality}.br`), stream);
        written.push(`${name}.q${quality}.br`);
      }
    }
  });
  // Compression works: the text and the zeros shrink, random bytes do not (a stream never takes more than a few bytes over).
  const size = (name, quality) => readFileSync(join(work, `${name}.q${quality}.br`)).length;
  assert.ok(size('text', 11) < text.length / 20, `text at 11: ${size('text', 11)} bytes`);
  assert.ok(size('zeros', 5) < 100, `zeros at 5: ${size('zeros', 5)} bytes`);
  assert.ok(size('random', 11) >= 70_000 && size('random', 11) < 70_100, `random at 11: ${size('random', 11)} bytes`);
  const python = JSON.parse(execFileSync('python3', ['-c', PYTHON_CHECK, work]).toString());
  assert.equal(python.version, '1.2.1', 'Python\'s brotli is the version vendored for the page');
  assert.deepEqual(Object.keys(python.results).sort(), written.sort());
  for (const [name, { decodes, same }] of Object.entries(python.results)) {
    assert.ok(decodes, `${name}: Python's brotli does not decompress it to the input`);
    // One exception: for no input, BrotliEncoderCompress (one call, as Brotli.swift) writes its own one-byte stream, 0x06.
    if (name.startsWith('empty.')) assert.deepEqual(readFileSync(join(work, name)), Buffer.of(6), name);
    else assert.ok(same, `${name}: not the bytes Python's brotli 1.2.1 writes`);
  }
});

test('brotli encoder: each session is a fresh instance (one session\'s calls do not change the next one\'s bytes); a quality outside 0–11 is a RangeError', async () => {
  const input = new TextEncoder().encode('the same document, twice. '.repeat(400));
  const first = await encoder.session((compress) => [compress(input, 11), compress(new Uint8Array(randomBytes(5000)), 9), compress(input, 11)]);
  const second = await encoder.session((compress) => compress(input, 11));
  assert.deepEqual(first[0], second);
  assert.deepEqual(first[2], second);
  await encoder.session((compress) => {
    for (const quality of [-1, 12, 1.5, '11', undefined]) assert.throws(() => compress(input, quality), RangeError, String(quality));
  });
  assert.equal(await encoder.session(() => 'returned'), 'returned');
});

test('brotli encoder: a module that asks for imports, or one the server does not have, is refused in a sentence', async () => {
  // (module (import "env" "f" (func))) — a module other than the one built here.
  const importing = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 9, 1, 3, 101, 110, 118, 1, 102, 0, 0);
  await assert.rejects(loadBrotliEncoder(importing), (e) => e instanceof WasmModuleError && /^The compression module is not the module/.test(e.message));
  await assert.rejects(loadBrotliEncoder(new Response('no', { status: 404 })), (e) => e instanceof WasmModuleError && /answered 404/.test(e.message));
  assert.deepEqual(WebAssembly.Module.imports(new WebAssembly.Module(bytesOf('brotli-enc.wasm'))), []);
});
