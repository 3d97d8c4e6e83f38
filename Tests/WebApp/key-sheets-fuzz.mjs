#!/usr/bin/env node
// Mutation fuzzing of the page's key-sheet parser (docs/fuzzing.md, "Key sheets in the page"):
// key-share.js (a sheet's QR code, its typed words, whatever a restore is handed), rs1024.js,
// slip39-wordlist.js, and a vault restore's checks of a sheet against a real 2-of-3 backup's header
// (vault-message.js deriveKeySheetsKey: identifier, k, number, groups, flag, exponent, length). Seeds:
// the CLI's sheets (Tests/Vectors/vault-key-sheets.json) and every share of the official SLIP-0039
// vectors. Four kinds of input:
//   code   a sheet's QR bytes mutated (bits, bytes, cuts, insertions, magic, version, lengths up to
//          64 KiB), or its 10-bit groups mutated and the checksum made right again, as a forger would;
//   words  a sheet's words mutated (a word replaced by another list word, a prefix, another case, a
//          non-word, non-ASCII; words dropped, doubled, swapped; 0 to 2,000 words; odd white space),
//          half of them with the checksum made right again;
//   text   random or mutated bytes through KeyShare.read (a byte-order mark, invalid UTF-8, a "KS" start);
//   vault  a parsed share, genuine or forged, given with a genuine sheet to deriveKeySheetsKey.
// Checks: nothing thrown but a KeySheetError (a VaultError for the vault kind) whose message is a
// sentence (a full stop, no "undefined" or "NaN"); a share read has 20 to 33 words, its words and
// its code read back to the same share; one word changed in a genuine sheet is named by the
// checksum when it fails (that position, never another); the vault checks let no share reach a key
// derivation (crypto.subtle.deriveBits is wrapped to count) unless it has the backup's identifier
// and passes every check, and then only the backup's own sheets (the digest); no call takes over 2 s. A finding (kind, seed, run, stack) is written to
// .build/webapp-fuzz/ and the run exits 1; the same seed replays it.
//
//   node Tests/WebApp/key-sheets-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (key-sheets-fuzz.test.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fromBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { KeySheetError } from '../../Sources/SeqrWebApp/Resources/js/key-sheet-error.js';
import { KeyShare, MAXIMUM_WORDS, MINIMUM_WORDS, valuesOf, bitsOf } from '../../Sources/SeqrWebApp/Resources/js/key-share.js';
import { rs1024Checksum } from '../../Sources/SeqrWebApp/Resources/js/rs1024.js';
import { SLIP39_WORDS } from '../../Sources/SeqrWebApp/Resources/js/slip39-wordlist.js';
import { VaultError } from '../../Sources/SeqrWebApp/Resources/js/vault-error.js';
import { deriveKeySheetsKey, keySheetDisagreement } from '../../Sources/SeqrWebApp/Resources/js/vault-message.js';
import { generator, runWeighted } from './fuzz-random.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SLOW_MS = 2000;

class Finding extends Error {}

const pickFrom = (random, items) => items[random.below(items.length)];
const bytesOf = (random, length) => Uint8Array.from({ length }, () => random.below(256));
const isSentence = (message) => typeof message === 'string' && /[.]$/.test(message) && !/undefined|NaN/.test(message);

// Key derivations reach WebCrypto through deriveBits only: counted, and refused with a marker so
// that no fuzzed share costs PBKDF2 (the marker is the finding's test, not an error of the page).
const subtle = globalThis.crypto.subtle;
const realDeriveBits = subtle.deriveBits.bind(subtle);
let derivationsAllowed = true, derivations = 0;
const DERIVATION = 'derivation reached';
subtle.deriveBits = (...args) => {
  derivations++;
  if (!derivationsAllowed) return Promise.reject(new Error(DERIVATION));
  return realDeriveBits(...args);
};

function prepare() {
  const { backups } = JSON.parse(readFileSync(join(root, 'Tests/Vectors/vault-key-sheets.json'), 'utf8'));
  const official = JSON.parse(readFileSync(join(root, 'Tests/Reference/slip39/vectors.json'), 'utf8'));
  const mnemonics = [...backups.flatMap((b) => b.sheets.map((s) => s.words)), ...official.filter(([, , secret]) => secret).flatMap(([, ms]) => ms)];
  const codes = [...backups.flatMap((b) => b.sheets.map((s) => fromBase64(s.code))), ...mnemonics.map((m) => KeyShare.fromMnemonic(m).serialized())];
  const sheetsOnly = backups[0];
  const genuine = KeyShare.fromCode(fromBase64(sheetsOnly.sheets[0].code));
  const sheets = sheetsOnly.sheets.map((sheet) => KeyShare.fromCode(fromBase64(sheet.code)));
  const header = { identifier: genuine.identifier, threshold: 2, count: 3 };
  // The parsed clear header of the vector's message, as deriveKeySheetsKey reads it (no password: flags 1).
  const message = { keySheets: header, needsPassword: false, rounds: 0, salt: new Uint8Array(32) };
  return { mnemonics, codes, genuine, sheets, message };
}

/** Word indices of `mnemonic` with the checksum made right again after `mutate`, as a forger would. */
function forged(indices) {
  if (indices.length < 7 || indices.some((i) => !Number.isInteger(i) || i < 0 || i > 1023)) return indices;
  const data = indices.slice(0, -3);
  return [...data, ...rs1024Checksum(data, ((data[1] ?? 0) >> 4 & 1) === 1)];
}

function packed(indices) {
  const bits = bitsOf(indices, 10);
  return Uint8Array.from([0x4b, 0x53, 1, ...valuesOf([...bits, ...new Array((8 - bits.length % 8) % 8).fill(0)], 8)]);
}

function checkShare(share) {
  const words = share.words;
  if (words.length < MINIMUM_WORDS || words.length > MAXIMUM_WORDS) throw new Finding(`a share of ${words.length} words was read`);
  if (!KeyShare.fromMnemonic(share.mnemonic).equals(share)) throw new Finding('a share\'s words read back to another share');
  if (!KeyShare.fromCode(share.serialized()).equals(share)) throw new Finding('a share\'s code reads back to another share');
}

/** Runs `parse`; a share is checked, a KeySheetError must be a sentence, anything else is a finding. */
function attempt(stats, parse) {
  let share;
  try {
    share = parse();
  } catch (error) {
    if (error instanceof Finding) throw error;
    if (!(error instanceof KeySheetError)) throw new Finding(`not a KeySheetError: ${error?.stack ?? error}`);
    if (!isSentence(error.message)) throw new Finding(`not a sentence: ${error.message}`);
    stats.refused++;
    return { error };
  }
  checkShare(share);
  stats.accepted++;
  return { share };
}

function mutateBytes(random, bytes) {
  let out = Array.from(bytes);
  for (let n = 1 + random.below(3); n > 0; n--) {
    const at = random.below(out.length + 1);
    switch (random.below(8)) {
      case 0: if (out.length) out[at % out.length] ^= 1 << random.below(8); break;
      case 1: if (out.length) out[at % out.length] = random.below(256); break;
      case 2: out = out.slice(0, at); break;
      case 3: out.splice(at, 0, ...bytesOf(random, 1 + random.below(4))); break;
      case 4: out[2] = pickFrom(random, [0, 1, 2, 255]); break;
      case 5: out = [...out, ...new Array(pickFrom(random, [1, 2, 10, 100, 65536])).fill(pickFrom(random, [0, 0xff]))]; break;
      case 6: out[0] = pickFrom(random, [0x4b, 0x53, 0x6b, 0]); out[1] = pickFrom(random, [0x53, 0x4b, 0x73]); break;
      default: if (out.length > 3) out.splice(at % out.length, 1); break;
    }
  }
  return Uint8Array.from(out.map((b) => b & 0xff));
}

async function codeInput(random, context, stats) {
  const code = pickFrom(random, context.codes);
  if (random.chance(0.5)) {
    attempt(stats, () => KeyShare.fromCode(mutateBytes(random, code)));
    return;
  }
  // The 10-bit groups mutated, the checksum made right: every field a forger can set.
  const indices = KeyShare.fromCode(code).wordIndices();
  for (let n = 1 + random.below(3); n > 0; n--) {
    const at = random.below(indices.length);
    indices[at] = random.chance(0.5) ? random.below(1024) : indices[at] ^ (1 << random.below(10));
  }
  if (random.chance(0.1)) indices.splice(random.below(indices.length), 0, random.below(1024));
  if (random.chance(0.1)) indices.splice(random.below(indices.length), 1);
  const { share } = attempt(stats, () => KeyShare.fromCode(packed(forged(indices))));
  if (share) stats.forgedAccepted++;
}

async function wordsInput(random, context, stats) {
  const mnemonic = pickFrom(random, context.mnemonics);
  let words = mnemonic.split(' ');
  const kind = random.below(10);
  if (kind === 0) {
    // One word changed for another list word: the checksum fails, and names this word or none.
    const at = random.below(words.length);
    const other = pickFrom(random, SLIP39_WORDS);
    if (other === words[at]) return;
    words[at] = other;
    const { error } = attempt(stats, () => KeyShare.fromWords(words));
    if (!error) throw new Finding(`one changed word passed the checksum: ${words.join(' ')}`);
    if (error.code === 'checksumMismatch') {
      if (error.details.suspect !== null && error.details.suspect !== at + 1) throw new Finding(`word ${at + 1} changed, word ${error.details.suspect} named`);
      if (error.details.suspect === at + 1) stats.named++;
    }
    return;
  }
  for (let n = 1 + random.below(3); n > 0; n--) {
    if (words.length === 0) words = ['acid'];
    const at = random.below(words.length + 1);
    switch (random.below(10)) {
      case 0: words[at % words.length] = pickFrom(random, SLIP39_WORDS); break;
      case 1: words[at % words.length] = (words[at % words.length] ?? 'acid').slice(0, 1 + random.below(8)); break;
      case 2: words[at % words.length] = (words[at % words.length] ?? '').toUpperCase(); break;
      case 3: words[at % words.length] = pickFrom(random, ['', 'ks', 'acadé', 'ＡＣＡＤ', 'acad\u0301', '\u0000', 'İcid', 'acid!', 'academics', '💥']); break;
      case 4: words.splice(at, 1); break;
      case 5: words.splice(at, 0, pickFrom(random, words)); break;
      case 6: if (words.length > 1) { const b = random.below(words.length); [words[at % words.length], words[b]] = [words[b], words[at % words.length]]; } break;
      case 7: words = Array.from({ length: pickFrom(random, [0, 1, 19, 20, 21, 32, 33, 34, 59, 2000]) }, () => pickFrom(random, SLIP39_WORDS)); break;
      case 8: words = words.slice(0, at); break;
      default: words.push(...words.slice(0, random.below(words.length + 1))); break;
    }
  }
  if (random.chance(0.5)) {
    // The checksum made right again over whatever words are list words.
    const indices = words.map((w) => SLIP39_WORDS.indexOf(w));
    if (indices.every((i) => i >= 0)) words = forged(indices).map((i) => SLIP39_WORDS[i]);
  }
  const separator = pickFrom(random, [' ', '\n', '  ', '\t', '\r\n', '\u00a0', '\u2003']);
  const { share } = attempt(stats, () => (random.chance(0.5) ? KeyShare.fromMnemonic(words.join(separator)) : KeyShare.fromWords(words)));
  if (share) stats.forgedAccepted++;
}

async function textInput(random, context, stats) {
  let bytes;
  switch (random.below(4)) {
    case 0: bytes = bytesOf(random, random.below(200)); break;
    case 1: bytes = mutateBytes(random, new TextEncoder().encode(pickFrom(random, context.mnemonics))); break;
    case 2: bytes = Uint8Array.from([0xef, 0xbb, 0xbf, ...mutateBytes(random, new TextEncoder().encode(pickFrom(random, context.mnemonics)))]); break;
    default: bytes = Uint8Array.from([...pickFrom(random, context.codes), ...(random.chance(0.5) ? [0x0a] : bytesOf(random, 1 + random.below(3)))]); break;
  }
  attempt(stats, () => KeyShare.read(bytes));
}

async function vaultInput(random, context, stats) {
  // A share that reads (mutated until one does, or a genuine one with a field forged), against the backup's header.
  let share = null;
  if (random.chance(0.5)) {
    const fields = { ...context.genuine };
    for (const [name, values] of Object.entries({ identifier: [context.genuine.identifier, 0, 0x7fff, context.genuine.identifier ^ 1], extendable: [true, false],
      iterationExponent: [5, 0, 4, 6, 15], groupThreshold: [1, 2], groupCount: [1, 2, 16], groupIndex: [0, 1, 15], memberIndex: [0, 1, 2, 3, 15], memberThreshold: [2, 1, 3, 16] })) {
      if (random.chance(0.15)) fields[name] = pickFrom(random, values);
    }
    if (fields.groupThreshold > fields.groupCount) fields.groupCount = fields.groupThreshold;
    if (random.chance(0.15)) fields.value = bytesOf(random, pickFrom(random, [16, 18, 30, 32]));
    else if (random.chance(0.3)) fields.value = context.genuine.value.map((b, i) => (i === random.below(32) ? b ^ 1 : b));
    share = KeyShare.fromCode(new KeyShare(fields).serialized());
  } else {
    for (let tries = 0; tries < 20 && !share; tries++) {
      try { share = KeyShare.fromCode(packed(forged(KeyShare.fromCode(pickFrom(random, context.codes)).wordIndices().map((w, i) => (i < 4 && random.chance(0.4) ? random.below(1024) : w))))); } catch (error) {
        if (!(error instanceof KeySheetError)) throw new Finding(`not a KeySheetError: ${error?.stack ?? error}`);
      }
    }
    if (!share) return;
  }
  checkShare(share);
  const passes = share.identifier === context.message.keySheets.identifier && keySheetDisagreement(share, context.message.keySheets) === null;
  derivationsAllowed = false;
  const before = derivations;
  try {
    await deriveKeySheetsKey(context.message, random.chance(0.5) ? [context.genuine, share] : [share, context.genuine], undefined);
    throw new Finding('a key was derived with derivations refused');
  } catch (error) {
    if (error instanceof Finding) throw error;
    if (error?.message === DERIVATION) {
      if (!passes) throw new Finding(`a share that fails the vault's checks reached a key derivation: ${share.description}`);
      // Past the checks, SLIP-0039's digest lets only the backup's own sheets through (a forgery: chance 2⁻³²).
      if (!context.sheets.some((sheet) => sheet.equals(share))) throw new Finding(`a forged share passed the digest: ${share.description}`);
      stats.derivationReached++;
    } else {
      if (!(error instanceof VaultError)) throw new Finding(`not a VaultError: ${error?.stack ?? error}`);
      if (!isSentence(error.message)) throw new Finding(`not a sentence: ${error.message}`);
      if (derivations !== before && !passes) throw new Finding('a refused share cost a key derivation');
      stats.refused++;
    }
  } finally {
    derivationsAllowed = true;
  }
}

const KINDS = [['code', codeInput, 35], ['words', wordsInput, 40], ['text', textInput, 10], ['vault', vaultInput, 15]];

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const context = prepare();
  const random = generator(seed);
  const stats = { runs, refused: 0, accepted: 0, forgedAccepted: 0, named: 0, derivationReached: 0, findings: [], byKind: {}, slowest: 0 };
  return runWeighted({ name: 'key-sheets', kinds: KINDS.map(([kind, make, weight]) => [kind, (r) => make(r, context, stats), weight]),
    runs, seed, random, stats, root, slowMs: SLOW_MS, log, logEvery: 50_000 });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? 1);
  const start = performance.now();
  const result = await fuzz(runs, seed, { log: console.error });
  const seconds = (performance.now() - start) / 1000;
  console.log(`${result.runs} runs in ${Math.round(seconds)} s (${Math.round(result.runs / seconds)}/s), seed ${seed}: ${result.refused} refused, ` +
    `${result.accepted} shares read (${result.forgedAccepted} forged with a right checksum), ${result.named} changed words named by the checksum, ` +
    `${result.derivationReached} of the backup's own sheets (and no other share) reached a derivation, slowest ${Math.round(result.slowest)} ms, ` +
    `kinds ${JSON.stringify(result.byKind)}, ${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
