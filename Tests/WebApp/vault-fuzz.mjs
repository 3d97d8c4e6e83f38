#!/usr/bin/env node
// Mutation fuzzing of the page's paper-vault restore (docs/fuzzing.md, "The paper vault's restore"):
// vault-code.js, vault-assembler.js, vault-message.js, vault-restore.js and the three WebAssembly
// wrappers, from real `seqr vault backup` codes (Tests/Vectors/vault-fuzz-seeds.json: a one-page
// text, a four-page file with parity, a five-code text, a 2-of-3 key-sheet backup). Five kinds of input:
//   codes    a backup's codes, shuffled, some left out, some duplicated, 1–3 mutated (bits, bytes,
//            cuts, insertions, splices, header fields set to extremes: counts, numbers, rows, columns,
//            parity groups and lengths), most given a correct checksum again as a forger would,
//            now and then mixed with another backup's codes; added, status() read, messageBuffer()
//            taken and, for 10 % of the sets that assemble, restoreVault() with the password;
//   message  the message buffer mutated (clear-text flags, rounds, salt, key-sheet header, nonce,
//            ciphertext, tag) and restored with the password;
//   plain    behind the password: the padded plaintext, the body or the document mutated (or a
//            brotli stream of it, or its mutation) and sealed again with the backup's key, then restored;
//   brotli   brotli-dec.wasm on mutated streams, against Node's zlib (brotli's C library);
//   parity   isal-ec.wasm's reconstruct on random k, m, shard lengths and losses; chacha20poly1305.wasm
//            opening a mutated sealed message.
// Checks: nothing thrown but a VaultError (the wrappers: BrotliError, ErasureCodeError, null), each
// with a sentence (ending in a full stop, no "undefined" or "NaN"); messageBuffer() only ever gives
// the original message of the backup whose digest it names; a restore from codes or from a
// mutated message gives the original document or nothing; a plaintext sealed again restores to
// what the harness's own reading of it (zlib for brotli) gives; brotli output agrees with zlib's;
// no call takes over 2 s. A finding (its kind, seed, run and stack) is written to .build/webapp-fuzz/
// and the run exits 1; the same seed replays it (every input, nonces too, comes from the seeded generator).
//
// PBKDF2 is not run per input: the backups' keys are derived once (210,000 rounds, WebCrypto), and
// WebCrypto's deriveBits is wrapped so that the password with a backup's own salt and rounds gives
// that key and any other salt or round count a key of its own (a hash of the parameters), as a real
// derivation would — a mutated header may ask for up to 50,000,000 rounds, the documented bound.
//
//   node Tests/WebApp/vault-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (vault-fuzz.test.mjs). Needs the wasm modules (scripts/build-wasm).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import { concatBytes, equalBytes, fromBase64, toHex, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { BrotliError } from '../../Sources/SeqrWebApp/Resources/js/brotli-wasm.js';
import { ErasureCodeError } from '../../Sources/SeqrWebApp/Resources/js/isal-erasure-code.js';
import { VaultAssembler } from '../../Sources/SeqrWebApp/Resources/js/vault-assembler.js';
import { readVaultCode } from '../../Sources/SeqrWebApp/Resources/js/vault-code.js';
import { VaultError } from '../../Sources/SeqrWebApp/Resources/js/vault-error.js';
import { ContentType, MAXIMUM_DOCUMENT_SIZE, openVaultMessage, parseVaultMessage } from '../../Sources/SeqrWebApp/Resources/js/vault-message.js';
import { loadVaultPieces, restoreVault } from '../../Sources/SeqrWebApp/Resources/js/vault-restore.js';
import { generator } from './fuzz-random.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SLOW_MS = 2000;
const INTERESTING = [0, 1, 2, 0x7f, 0x80, 0xfe, 0xff];
const EXTREME16 = [0, 1, 2, 0x7fff, 0x8000, 0xfffe, 0xffff];
const EXTREME32 = [0, 1, 209_999, 210_000, 50_000_000, 50_000_001, 0x7fffffff, 0xffffffff];

// --- PBKDF2 through a cache (see the header) ---
const subtle = globalThis.crypto.subtle;
const realImportKey = subtle.importKey.bind(subtle), realDeriveBits = subtle.deriveBits.bind(subtle);
const passwordOf = new WeakMap();
const derived = new Map();
let cacheOnly = false, simulatedDerivations = 0;
subtle.importKey = async (format, keyData, algorithm, ...rest) => {
  const key = await realImportKey(format, keyData, algorithm, ...rest);
  if (algorithm === 'PBKDF2' || algorithm?.name === 'PBKDF2') passwordOf.set(key, toHex(new Uint8Array(keyData)));
  return key;
};
subtle.deriveBits = async (params, key, length) => {
  if (params?.name !== 'PBKDF2') return realDeriveBits(params, key, length);
  const id = `${passwordOf.get(key)}/${toHex(new Uint8Array(params.salt))}/${params.iterations}/${params.hash}/${length}`;
  if (!derived.has(id)) {
    if (!cacheOnly) derived.set(id, await realDeriveBits(params, key, length));
    else { simulatedDerivations++; return subtle.digest('SHA-256', utf8(id)); }
  }
  return derived.get(id).slice(0);
};

// --- mutations ---
function mutateBytes(random, input, donors) {
  let bytes = Array.from(input);
  for (let n = 1 + random.below(4); n > 0; n--) {
    const at = random.below(bytes.length + 1);
    switch (random.below(8)) {
      case 0: if (bytes.length) bytes[at % bytes.length] ^= 1 << random.below(8); break;
      case 1: if (bytes.length) bytes[at % bytes.length] = random.below(256); break;
      case 2: if (bytes.length) bytes[at % bytes.length] = INTERESTING[random.below(INTERESTING.length)]; break;
      case 3: bytes.splice(at, 1 + random.below(16)); break;
      case 4: bytes.splice(at, 0, ...Array.from({ length: 1 + random.below(8) }, () => random.below(256))); break;
      case 5: bytes = bytes.slice(0, at); break;
      case 6: if (bytes.length) { const end = Math.min(bytes.length, at + 1 + random.below(32)); for (let i = at; i < end; i++) bytes[i] = random.below(256); } break;
      default: { const other = donors[random.below(donors.length)]; const from = random.below(other.length); bytes.splice(at, 0, ...other.slice(from, from + 1 + random.below(64))); break; }
    }
  }
  return Uint8Array.from(bytes);
}

const put16 = (bytes, at, value) => { if (at + 2 <= bytes.length) { bytes[at] = value >> 8; bytes[at + 1] = value & 0xff; } };
const put32 = (bytes, at, value) => { if (at + 4 <= bytes.length) for (let i = 0; i < 4; i++) bytes[at + i] = (value >>> (24 - 8 * i)) & 0xff; };
const pickFrom = (random, list) => list[random.below(list.length)];
const bytesOf = (random, length) => Uint8Array.from({ length }, () => random.below(256));

/** A vault code's header fields set to extremes (the transport layer's table in vault-code.js). */
function mutateHeader(random, code) {
  const bytes = code.slice();
  for (let n = 1 + random.below(3); n > 0; n--) {
    switch (random.below(9)) {
      case 0: bytes[32] = pickFrom(random, INTERESTING); break;                  // rows
      case 1: bytes[33] = pickFrom(random, INTERESTING); break;                  // columns
      case 2: put16(bytes, 34, pickFrom(random, EXTREME16)); break;              // total codes
      case 3: put16(bytes, 36, pickFrom(random, [...EXTREME16, random.below(30)])); break;  // code number
      case 4: bytes[38] = pickFrom(random, [0, 1, 2]); break;                    // parity marker
      case 5: put16(bytes, 39, pickFrom(random, [...EXTREME16, random.below(30)])); break;  // first data code
      case 6: bytes[41 + random.below(3)] = pickFrom(random, [...INTERESTING, random.below(30)]); break;  // k, m, index
      case 7: put32(bytes, 44, pickFrom(random, [...EXTREME32, random.below(10_000)])); break;  // message length
      default: bytes[random.below(32)] ^= 1 << random.below(8); break;          // digest
    }
  }
  return bytes;
}

/** The 2-byte checksum made correct again, data or parity (as a forger would). */
async function withChecksum(bytes, parity) {
  if (bytes.length < 3) return bytes;
  const body = bytes.subarray(0, bytes.length - 2);
  const sum = new Uint8Array(await subtle.digest('SHA-256', parity ? concatBytes(utf8('SEQR-PARITY'), body) : body));
  const out = bytes.slice();
  out.set(sum.subarray(0, 2), out.length - 2);
  return out;
}

function shuffle(random, items) {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) { const j = random.below(i + 1); [out[i], out[j]] = [out[j], out[i]]; }
  return out;
}

// --- the checks ---
class Finding extends Error {}

function sentenceHolds(error) {
  return typeof error.message === 'string' && /^\S.*[.]$/s.test(error.message) && !/undefined|NaN|\[object/.test(error.message);
}

/** Runs `work`; a VaultError with a sentence is a refusal, anything else thrown a finding; over SLOW_MS a finding. */
async function refusedWell(what, work) {
  const start = performance.now();
  try {
    return { value: await work() };
  } catch (error) {
    if (!(error instanceof VaultError)) throw new Finding(`${what}: ${error?.stack ?? error}`);
    if (!sentenceHolds(error)) throw new Finding(`${what}: a refusal without a sentence: ${JSON.stringify(error.message)}`);
    return { refused: error };
  } finally {
    const took = performance.now() - start;
    if (took > SLOW_MS) throw new Finding(`${what} took ${Math.round(took)} ms`);
  }
}

function sameDocument(restored, expected) {
  return restored.title === expected.title && restored.contentType === expected.contentType && equalBytes(restored.content, expected.content)
    && restored.text === expected.text;
}

/** The harness's own reading of a padded plaintext (zlib for brotli), or null where it is refused. */
function referenceDocument(padded) {
  const count = padded.length ? padded[padded.length - 1] : -1;
  if (count < 0 || count + 1 > padded.length) return null;
  const body = padded.subarray(0, padded.length - count - 1);
  if (body.length === 0 || body[0] > 1) return null;
  let document = body.subarray(1);
  if (body[0] === 1) {
    try { document = new Uint8Array(brotliDecompressSync(document, { maxOutputLength: MAXIMUM_DOCUMENT_SIZE })); } catch { return null; }
  }
  if (document.length < 2) return null;
  const titleLength = (document[0] << 8) | document[1];
  if (document.length < 4 + titleLength) return null;
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let title, text = null;
  try { title = strict.decode(document.subarray(2, 2 + titleLength)); } catch { return null; }
  const contentType = (document[2 + titleLength] << 8) | document[3 + titleLength];
  if (contentType !== ContentType.text && contentType !== ContentType.bytes) return null;
  const content = document.subarray(4 + titleLength);
  if (contentType === ContentType.text) { try { text = strict.decode(content); } catch { return null; } }
  return { title, contentType, content, text };
}

// --- setup: the seeds, their messages, keys and plaintexts ---
export async function prepare() {
  const wasm = (name) => readFileSync(join(root, 'Sources/SeqrWebApp/Resources/wasm', name));
  const pieces = await loadVaultPieces({ chacha: wasm('chacha20poly1305.wasm'), brotli: wasm('brotli-dec.wasm'), erasureCode: wasm('isal-ec.wasm') });
  const seeds = JSON.parse(readFileSync(join(root, 'Tests/Vectors/vault-fuzz-seeds.json'), 'utf8'));
  const password = seeds.password;
  const backups = [];
  for (const seed of seeds.backups) {
    const codes = seed.pages.flat().map((c) => fromBase64(c));
    const assembler = new VaultAssembler();
    for (const code of codes) await assembler.add(code);
    const message = await assembler.messageBuffer(pieces.erasureCode);
    const content = fromBase64(seed.content);
    const isBytes = seed.name === 'key';
    const text = isBytes ? null : new TextDecoder('utf-8', { fatal: true }).decode(content);
    const backup = { name: seed.name, codes, message, digest: assembler.documentDigest, keySheets: seed.keySheets,
      parityFlags: await Promise.all(codes.map(async (c) => (await readVaultCode(c)).parity)),
      document: { title: seed.title, contentType: isBytes ? ContentType.bytes : ContentType.text, content, text } };
    if (!seed.keySheets) {
      const restored = await restoreVault(assembler, password, pieces);  // derives (and caches) the key for real
      if (!sameDocument(restored, backup.document)) throw new Error(`seed ${seed.name} does not restore to its document`);
      const parsed = parseVaultMessage(message);
      const key = new Uint8Array(await subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: parsed.salt, iterations: parsed.rounds },
        await subtle.importKey('raw', utf8(password), 'PBKDF2', false, ['deriveBits']), 256));
      backup.key = key;
      backup.parsed = parsed;
      backup.padded = openVaultMessage(parsed, key, pieces.chacha);
    }
    backups.push(backup);
  }
  cacheOnly = true;
  return { pieces, password, backups };
}

// --- one input of each kind ---
async function codesInput(random, { pieces, password, backups }, stats) {
  const backup = pickFrom(random, backups);
  let codes = backup.codes.map((code, i) => ({ code, parity: backup.parityFlags[i] }));
  if (random.chance(0.5)) codes = codes.filter(() => !random.chance(0.15));          // pages or codes not read
  if (random.chance(0.2)) codes.push(...shuffle(random, codes).slice(0, 1 + random.below(3)));  // read twice
  const mutated = random.chance(0.8) ? 1 + random.below(3) : 0;
  for (let n = 0; n < mutated && codes.length; n++) {
    const at = random.below(codes.length);
    const { code, parity } = codes[at];
    let bytes = random.chance(0.5) ? mutateHeader(random, code) : mutateBytes(random, code, backup.codes);
    if (random.chance(0.85)) bytes = await withChecksum(bytes, random.chance(0.85) ? parity : !parity);
    codes[at] = { code: bytes, parity, mutated: true };
  }
  if (random.chance(0.1)) {  // a mixed set: codes of another backup
    const other = pickFrom(random, backups);
    codes.push(...shuffle(random, other.codes).slice(0, 1 + random.below(3)).map((code) => ({ code, parity: false })));
  }
  codes = shuffle(random, codes);
  const input = codes.map((c) => c.code);
  const assembler = new VaultAssembler();
  const start = performance.now();
  for (const code of input) {
    const outcome = await assembler.add(code);
    if (typeof outcome?.outcome !== 'string') throw new Finding(`add() gave ${JSON.stringify(outcome)}`);
  }
  const status = assembler.status();
  if (status && (typeof status.summary !== 'string' || !/[.]$/.test(status.summary) || /undefined|NaN/.test(status.summary))) {
    throw new Finding(`status() summary: ${JSON.stringify(status.summary)}`);
  }
  if (performance.now() - start > SLOW_MS) throw new Finding(`add() and status() took ${Math.round(performance.now() - start)} ms`);
  const assembled = await refusedWell('messageBuffer()', () => assembler.messageBuffer(pieces.erasureCode));
  if (assembled.refused) { stats.refused++; return input; }
  const owner = backups.find((b) => b.digest === assembler.documentDigest);
  if (!owner || !equalBytes(assembled.value, owner.message)) throw new Finding('messageBuffer() gave a message that is not its backup\'s');
  stats.assembled++;
  if (codes.some((c) => c.mutated)) stats.assembledMutated++;
  if (random.chance(0.1)) {
    const restored = await refusedWell('restoreVault()', () => restoreVault(assembler, password, pieces));
    if (restored.value) {
      if (!sameDocument(restored.value, owner.document)) throw new Finding('a set of codes restored to another document');
      stats.restored++;
    } else if (restored.refused.code !== (owner.keySheets ? 'keySheetsNeeded' : '')) {
      throw new Finding(`the original message was refused: ${restored.refused.message}`);
    }
  }
  return input;
}

async function messageInput(random, { pieces, password, backups }, stats) {
  const backup = pickFrom(random, backups);
  let message = backup.message.slice();
  if (random.chance(0.4)) {
    // The clear fields set to extremes: flags, rounds, salt length, the key-sheet header.
    const saltEnd = 7 + ((message[5] << 8) | message[6]);
    switch (random.below(5)) {
      case 0: message[0] = pickFrom(random, [0, 1, 2, 3, 4, 0xff]); break;
      case 1: put32(message, 1, pickFrom(random, EXTREME32)); break;
      case 2: put16(message, 5, pickFrom(random, [...EXTREME16, random.below(64)])); break;
      case 3: if (message[0]) { put16(message, saltEnd, pickFrom(random, EXTREME16)); message[saltEnd + 2] = random.below(20); message[saltEnd + 3] = random.below(20); } else message[0] = 1; break;
      default: message = message.subarray(0, random.below(message.length + 1)).slice(); break;
    }
    if (random.chance(0.3)) message = mutateBytes(random, message, [backup.message]);
  } else {
    message = mutateBytes(random, message, backups.map((b) => b.message));
  }
  const restored = await refusedWell('restoreVault(message)', () => restoreVault({ messageBuffer: async () => message }, password, pieces));
  if (restored.value) {
    if (!sameDocument(restored.value, backup.document)) throw new Finding('a mutated message restored to another document');
    stats.restored++;
  } else stats.refused++;
  return message;
}

async function plainInput(random, { pieces, password, backups }, stats) {
  const backup = pickFrom(random, backups.filter((b) => b.padded));
  const padded = backup.padded;
  const count = padded[padded.length - 1];
  const body = padded.subarray(0, padded.length - count - 1);
  const document = body[0] === 1 ? new Uint8Array(brotliDecompressSync(body.subarray(1))) : body.subarray(1);
  let plain;
  switch (random.below(4)) {
    case 0: plain = mutateBytes(random, padded, [padded]); break;
    case 1: plain = concatBytes(mutateBytes(random, body, [body]), Uint8Array.of(0)); break;
    case 2: {  // the document mutated, stored or brotli-compressed
      const changed = mutateBytes(random, document, [document, utf8('\u{fffd}\u0000é')]);
      const compress = random.chance(0.6);
      const stream = compress ? new Uint8Array(brotliCompressSync(changed, { params: { [constants.BROTLI_PARAM_QUALITY]: random.below(12) } })) : changed;
      plain = concatBytes(Uint8Array.of(compress ? 1 : 0), stream, new Uint8Array(random.below(4)), Uint8Array.of(0));
      plain[plain.length - 1] = plain.length - 2 - stream.length;
      break;
    }
    default: {  // a brotli stream mutated
      const stream = new Uint8Array(brotliCompressSync(document));
      plain = concatBytes(Uint8Array.of(1), mutateBytes(random, stream, [stream]), Uint8Array.of(0));
      break;
    }
  }
  const nonce = bytesOf(random, 12);
  const sealed = pieces.chacha.seal(backup.key, nonce, new Uint8Array(0), plain);
  const headerLength = backup.message.length - backup.parsed.sealed.length;
  const message = concatBytes(backup.message.subarray(0, headerLength), nonce, sealed);
  const restored = await refusedWell('restoreVault(plaintext)', () => restoreVault({ messageBuffer: async () => message }, password, pieces));
  const expected = referenceDocument(plain);
  if (restored.value) {
    if (!expected || !sameDocument(restored.value, expected)) throw new Finding('a plaintext restored to what the reference reads otherwise (or refuses)');
    stats.restored++;
  } else {
    stats.refused++;
    if (expected && restored.refused.code !== 'decompressionFailed') throw new Finding(`the reference reads what was refused: ${restored.refused.message}`);
    if (expected) stats.zlibOnly++;  // zlib reads bytes after a stream's end (checked: vault-wasm.test.mjs); the page refuses them
  }
  return plain;
}

async function brotliInput(random, { pieces, backups }, stats) {
  const backup = pickFrom(random, backups.filter((b) => b.padded));
  const source = random.chance(0.5) ? backup.document.content : bytesOf(random, random.below(3000));
  const stream = mutateBytes(random, new Uint8Array(brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: random.below(12) } })), [source]);
  const limit = random.chance(0.2) ? random.below(4000) : MAXIMUM_DOCUMENT_SIZE;
  let ours = null, theirs = null;
  try { ours = pieces.brotli.decompress(stream, limit); } catch (error) {
    if (!(error instanceof BrotliError)) throw new Finding(`brotli: ${error?.stack ?? error}`);
    if (error.code === 'tooLarge') ours = 'tooLarge';
  }
  try { theirs = new Uint8Array(brotliDecompressSync(stream, { maxOutputLength: MAXIMUM_DOCUMENT_SIZE })); } catch { theirs = null; }
  if (ours instanceof Uint8Array) {
    if (!theirs || !equalBytes(ours, theirs)) throw new Finding('brotli-dec.wasm and zlib disagree on a stream the page accepted');
    if (ours.length > limit) throw new Finding('brotli-dec.wasm gave more than its limit');
    stats.restored++;
  } else {
    stats.refused++;
    if (ours === 'tooLarge' && theirs && theirs.length <= limit) throw new Finding('brotli-dec.wasm called a stream within its limit too large');
  }
  return stream;
}

async function parityInput(random, { pieces, backups }, stats) {
  if (random.chance(0.3)) {  // ChaCha20-Poly1305: a mutated sealed message never opens to anything else
    const backup = pickFrom(random, backups.filter((b) => b.padded));
    const sealed = backup.parsed.sealed;
    const mutated = mutateBytes(random, sealed, [sealed]);
    const opened = pieces.chacha.open(backup.key, mutated.subarray(0, 12), new Uint8Array(0), mutated.subarray(12));
    if (opened && !(equalBytes(mutated, sealed) && equalBytes(opened, backup.padded))) throw new Finding('a mutated sealed message opened');
    if (opened) stats.restored++; else stats.refused++;
    return mutated;
  }
  const k = pickFrom(random, [0, 1, 2, 3, 8, 20, 254, 255, 256, -1, 1.5]);
  const m = pickFrom(random, [0, 1, 2, 3, 6, 20, 254, 255, -1]);
  const length = pickFrom(random, [0, 1, 7, 64, 300]);
  const n = Number.isInteger(k) && Number.isInteger(m) && k + m > 0 && k + m < 600 ? k + m : 3;
  const data = Array.from({ length: Math.max(0, Number.isInteger(k) ? Math.min(k, 300) : 2) }, () => bytesOf(random, length));
  let shards;
  try {
    const parity = pieces.erasureCode.parity(k, m, data);
    shards = [...data, ...parity];
  } catch (error) {
    if (!(error instanceof ErasureCodeError)) throw new Finding(`parity(): ${error?.stack ?? error}`);
    shards = Array.from({ length: n }, () => bytesOf(random, length));
  }
  const lost = shards.map((s) => (random.chance(0.3) ? null : random.chance(0.05) ? bytesOf(random, length + 1) : s));
  try {
    const rebuilt = pieces.erasureCode.reconstruct(k, m, lost);
    if (rebuilt.length !== k) throw new Finding('reconstruct() gave another number of shards than k');
    // Whatever was rebuilt from the true shards is the data (only shards of one length were given).
    if (shards.length === k + m && data.length === k && lost.every((s, i) => s === null || s === shards[i]) && !rebuilt.every((s, i) => equalBytes(s, data[i]))) {
      throw new Finding('reconstruct() rebuilt other data');
    }
    stats.restored++;
  } catch (error) {
    if (error instanceof Finding) throw error;
    if (!(error instanceof ErasureCodeError)) throw new Finding(`reconstruct(): ${error?.stack ?? error}`);
    stats.refused++;
  }
  return Uint8Array.of(k & 0xff, m & 0xff, length & 0xff);
}

const KINDS = [['codes', codesInput, 40], ['message', messageInput, 15], ['plain', plainInput, 25], ['brotli', brotliInput, 10], ['parity', parityInput, 10]];

export async function fuzz(runs, seed = 1, { log = () => {}, prepared = null } = {}) {
  const context = prepared ?? await prepare();
  const random = generator(seed);
  const stats = { runs, refused: 0, restored: 0, assembled: 0, assembledMutated: 0, zlibOnly: 0, findings: [], byKind: {}, msByKind: {}, peakRSS: 0 };
  const weightTotal = KINDS.reduce((sum, [, , w]) => sum + w, 0);
  for (let run = 0; run < runs; run++) {
    let pick = random.below(weightTotal), kind = KINDS[0];
    for (const entry of KINDS) { if (pick < entry[2]) { kind = entry; break; } pick -= entry[2]; }
    stats.byKind[kind[0]] = (stats.byKind[kind[0]] ?? 0) + 1;
    const began = performance.now();
    try {
      await kind[1](random, context, stats);
    } catch (error) {
      stats.findings.push({ run, kind: kind[0], error: `${error?.message ?? error}` });
      mkdirSync(join(root, '.build/webapp-fuzz'), { recursive: true });
      const path = join(root, `.build/webapp-fuzz/vault-${seed}-${run}.txt`);
      writeFileSync(path, `${kind[0]} (seed ${seed}, run ${run}): ${error?.stack ?? error}\n`);
      log(`finding at run ${run} (${kind[0]}): ${error?.message ?? error} — ${path}`);
    }
    stats.msByKind[kind[0]] = (stats.msByKind[kind[0]] ?? 0) + performance.now() - began;
    if (run % 10_000 === 0) {
      stats.peakRSS = Math.max(stats.peakRSS, process.memoryUsage().rss);
      if (run) log(`${run} runs, ${stats.findings.length} findings`);
    }
  }
  stats.simulatedDerivations = simulatedDerivations;
  return stats;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? 1);
  const start = performance.now();
  const result = await fuzz(runs, seed, { log: console.error });
  const seconds = (performance.now() - start) / 1000;
  console.log(`${result.runs} runs in ${Math.round(seconds)} s (${Math.round(result.runs / seconds)}/s), seed ${seed}: ${result.refused} refused, ` +
    `${result.restored} restored or accepted, ${result.assembled} code sets assembled (${result.assembledMutated} with a mutated code, each the original message), ` +
    `${result.zlibOnly} plaintexts zlib reads and the page refuses, ${result.simulatedDerivations} derivations simulated, peak RSS ${Math.round(result.peakRSS / 2 ** 20)} MB, ` +
    `kinds ${JSON.stringify(result.byKind)}, ms ${JSON.stringify(Object.fromEntries(Object.entries(result.msByKind).map(([k, v]) => [k, Math.round(v)])))}, ${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
