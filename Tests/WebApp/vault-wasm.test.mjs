// The paper vault's three WebAssembly modules (scripts/build-wasm from Sources/VaultWasm) through
// their wrappers, against other implementations: BoringSSL's ChaCha20-Poly1305 against RFC 8439's
// vector and Node's OpenSSL, brotli 1.2.1's decoder against streams of Node's zlib (brotli's C
// library, other qualities and windows), and ISA-L's erasure code against the properties SeqrCore's
// ErasureCode has (its parity against the CLI's is in vault-restore.test.mjs). Needs the modules
// (scripts/build-wasm; make test runs it).
import assert from 'node:assert/strict';
import { createCipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { brotliCompressSync, constants } from 'node:zlib';
import { fromHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { BrotliError, loadBrotliDecoder } from '../../Sources/SeqrWebApp/Resources/js/brotli-wasm.js';
import { loadChaCha20Poly1305 } from '../../Sources/SeqrWebApp/Resources/js/chacha20poly1305-wasm.js';
import { ErasureCodeError, loadErasureCode } from '../../Sources/SeqrWebApp/Resources/js/isal-erasure-code.js';
import { WasmModuleError } from '../../Sources/SeqrWebApp/Resources/js/wasm-reactor.js';

const wasm = new URL('../../Sources/SeqrWebApp/Resources/wasm/', import.meta.url).pathname;
const bytesOf = (name) => {
  const path = join(wasm, name);
  assert.ok(existsSync(path), `${path} is missing: run scripts/build-wasm (make test does)`);
  return readFileSync(path);
};
let chacha, brotli, erasure;
before(async () => {
  chacha = await loadChaCha20Poly1305(bytesOf('chacha20poly1305.wasm'));
  brotli = await loadBrotliDecoder(bytesOf('brotli-dec.wasm'));
  erasure = await loadErasureCode(bytesOf('isal-ec.wasm'));
});

// RFC 8439 §2.8.2.
const RFC = {
  key: fromHex('808182838485868788898a8b8c8d8e8f909192939495969798999a9b9c9d9e9f'),
  nonce: fromHex('070000004041424344454647'),
  aad: fromHex('50515253c0c1c2c3c4c5c6c7'),
  plain: new TextEncoder().encode('Ladies and Gentlemen of the class of \'99: If I could offer you only one tip for the future, sunscreen would be it.'),
  cipher: fromHex('d31a8d34648e60db7b86afbc53ef7ec2a4aded51296e08fea9e2b5a736ee62d63dbea45e8ca9671282fafb69da92728b1a71de0a9e060b2905d6a5b67ecd3b3692ddbd7f2d778b8c9803aee328091b58fab324e4fad675945585808b4831d7bc3ff4def08e4b7a9de576d26586cec64b6116'),
  tag: fromHex('1ae10b594f09e26a7e902ecbd0600691'),
};

test('ChaCha20-Poly1305: RFC 8439\'s vector seals and opens; a flipped bit anywhere, another nonce, AAD or key is refused (null)', () => {
  const sealed = chacha.seal(RFC.key, RFC.nonce, RFC.aad, RFC.plain);
  assert.deepEqual(sealed, new Uint8Array([...RFC.cipher, ...RFC.tag]));
  assert.deepEqual(chacha.open(RFC.key, RFC.nonce, RFC.aad, sealed), RFC.plain);
  for (const at of [0, 57, RFC.cipher.length - 1, RFC.cipher.length, sealed.length - 1]) {
    const flipped = sealed.slice();
    flipped[at] ^= 0x01;
    assert.equal(chacha.open(RFC.key, RFC.nonce, RFC.aad, flipped), null, `bit flipped at ${at}`);
  }
  const other = (bytes) => { const b = bytes.slice(); b[0] ^= 0x80; return b; };
  assert.equal(chacha.open(RFC.key, other(RFC.nonce), RFC.aad, sealed), null);
  assert.equal(chacha.open(RFC.key, RFC.nonce, other(RFC.aad), sealed), null);
  assert.equal(chacha.open(other(RFC.key), RFC.nonce, RFC.aad, sealed), null);
  assert.equal(chacha.open(RFC.key, RFC.nonce, RFC.aad, sealed.subarray(0, 15)), null, 'shorter than a tag');
  assert.equal(chacha.open(RFC.key, RFC.nonce, RFC.aad, sealed.subarray(0, sealed.length - 1)), null, 'cut short');
  assert.throws(() => chacha.open(RFC.key.subarray(1), RFC.nonce, RFC.aad, sealed), RangeError);
});

test('ChaCha20-Poly1305: byte-identical to Node\'s OpenSSL for lengths 0 to 20,000 (the 16- and 64-byte edges) with and without AAD', () => {
  for (const length of [0, 1, 15, 16, 17, 63, 64, 65, 1329, 1949, 20_000]) {
    for (const aadLength of [0, 13]) {
      const key = randomBytes(32), nonce = randomBytes(12), aad = randomBytes(aadLength), plain = randomBytes(length);
      const cipher = createCipheriv('chacha20-poly1305', key, nonce, { authTagLength: 16 });
      cipher.setAAD(aad, { plaintextLength: length });
      const expected = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
      const sealed = chacha.seal(key, nonce, aad, plain);
      assert.deepEqual(Buffer.from(sealed), expected, `${length} bytes, ${aadLength} of AAD`);
      assert.deepEqual(Buffer.from(chacha.open(key, nonce, aad, expected)), plain);
    }
  }
});

const compress = (input, quality, window = 22) => new Uint8Array(brotliCompressSync(input, {
  params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: window, [constants.BROTLI_PARAM_SIZE_HINT]: input.length },
}));

test('brotli: streams of Node\'s brotli at qualities 0–11 and windows 10–24 decode to exactly the input, an exact limit too', () => {
  const text = new TextEncoder().encode('Seqr paper vault, page 3 of 5: any one whole page may be lost. '.repeat(3000) + 'é✓ end');
  const inputs = { empty: new Uint8Array(0), byte: Uint8Array.of(42), text, random: new Uint8Array(randomBytes(70_000)), zeros: new Uint8Array(300_000) };
  for (const [name, input] of Object.entries(inputs)) {
    for (const [quality, window] of [[0, 10], [5, 16], [9, 22], [11, 22], [11, 24]]) {
      const stream = compress(input, quality, window);
      assert.deepEqual(brotli.decompress(stream, input.length), input, `${name} at quality ${quality}, window ${window}`);
    }
  }
});

test('brotli: more than the limit, a stream cut short, bytes after its end and garbage are refused with their own error, never a trap', () => {
  const text = new TextEncoder().encode('a vault document '.repeat(10_000));
  const stream = compress(text, 11);
  assert.throws(() => brotli.decompress(stream, text.length - 1), (e) => e instanceof BrotliError && e.code === 'tooLarge');
  for (const cut of [1, 2, Math.floor(stream.length / 2), stream.length - 1]) {
    assert.throws(() => brotli.decompress(stream.subarray(0, cut), text.length), (e) => e instanceof BrotliError && e.code === 'corrupt', `cut at ${cut}`);
  }
  assert.throws(() => brotli.decompress(Uint8Array.from([...stream, 0]), text.length), (e) => e.code === 'corrupt' && /after the end/.test(e.message));
  for (let i = 0; i < 50; i++) {
    const garbage = new Uint8Array(randomBytes(1 + (i * 37) % 500));
    try { brotli.decompress(garbage, 1 << 20); } catch (error) { assert.ok(error instanceof BrotliError, String(error)); }
  }
});

test('brotli: a bomb (64 MiB of zeros in a few kilobytes) stops at a 4 MiB limit', () => {
  const bomb = compress(new Uint8Array(64 * 1024 * 1024), 2, 24);
  assert.ok(bomb.length < 20_000, `${bomb.length} bytes`);
  assert.throws(() => brotli.decompress(bomb, 4 * 1024 * 1024), (e) => e.code === 'tooLarge');
});

test('erasure code: any m of k + m shards may be lost, data or parity; more is refused, and so are k + m over 255', () => {
  for (const [k, m, length] of [[1, 1, 10], [2, 1, 100], [6, 6, 777], [21, 6, 1500], [100, 30, 200]]) {
    const data = Array.from({ length: k }, () => new Uint8Array(randomBytes(length)));
    const parity = erasure.parity(k, m, data);
    assert.equal(parity.length, m);
    const shards = [...data, ...parity];
    // Lose the first m data shards (or all of them), then m shards spread out.
    for (const lost of [Array.from({ length: Math.min(m, k) }, (_, i) => i), Array.from({ length: m }, (_, i) => (i * 7) % (k + m))]) {
      const damaged = shards.map((s, i) => (lost.includes(i) ? null : s));
      assert.deepEqual(erasure.reconstruct(k, m, damaged), data, `k ${k}, m ${m}, lost ${lost}`);
    }
    const tooMany = shards.map((s, i) => (i <= m ? null : s));
    assert.throws(() => erasure.reconstruct(k, m, tooMany), (e) => e instanceof ErasureCodeError && e.code === 'tooManyMissing');
  }
  assert.throws(() => erasure.parity(200, 56, Array.from({ length: 200 }, () => new Uint8Array(1))), (e) => e.code === 'invalidShards');
});

// vault-fuzz.mjs's finding: m = −1 reached Array(m) (a RangeError) and k = 0 a shard that is not there
// (a TypeError) before k and m were checked; both are now the wrapper's own error.
test('erasure code: k or m out of range (0, negative, fractional, k + m over 255) is an ErasureCodeError, never another exception', () => {
  const shard = () => new Uint8Array(8);
  for (const [k, m] of [[1, -1], [2, -1], [0, 1], [0, 0], [-1, 2], [1.5, 1], [1, 0.5], [255, 1], [200, 56]]) {
    const data = Array.from({ length: Math.max(0, Math.floor(k)) }, shard);
    assert.throws(() => erasure.parity(k, m, data), (e) => e instanceof ErasureCodeError && e.code === 'invalidShards', `parity k ${k}, m ${m}`);
    const shards = Array.from({ length: Math.max(0, Math.floor(k + m)) }, () => null);
    assert.throws(() => erasure.reconstruct(k, m, shards), (e) => e instanceof ErasureCodeError && e.code === 'invalidShards', `reconstruct k ${k}, m ${m}`);
  }
});

test('a module that asks for imports, or one the server does not have, is refused in a sentence', async () => {
  // (module (import "env" "f" (func))) — a module other than the ones built here.
  const importing = Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0, 1, 4, 1, 96, 0, 0, 2, 9, 1, 3, 101, 110, 118, 1, 102, 0, 0);
  await assert.rejects(loadChaCha20Poly1305(importing), (e) => e instanceof WasmModuleError && /not the module/.test(e.message));
  await assert.rejects(loadBrotliDecoder(new Response('no', { status: 404 })), (e) => e instanceof WasmModuleError && /answered 404/.test(e.message));
});
