#!/usr/bin/env node
// Mutation fuzzing of what the keyring's rollback binding reads that someone with the browser's
// storage, or the server, can write (docs/fuzzing.md, "The keyring's rollback binding"):
//   stored  the storage's records as they come out of IndexedDB, any values at all (the sealed
//           wrapper { nonce, ciphertext } with other types, odd names, __proto__, many records),
//           compared with a manifest (keyring-manifest.js compareRecords / refuseDifferences);
//   shape   an opened manifest of any shape (checkManifest), as a page of another version might
//           have sealed it;
//   counter the account's sealed counter as the server hands it back: bits flipped, cut,
//           lengthened, another keyring's or account's, not bytes at all (keyring-account-counter.js
//           openCounter).
// Checks: compareRecords never throws and names exactly the records that differ (changed, missing,
// added: a record put back unchanged is never named); refuseDifferences throws a
// KeyringRollbackError of its case exactly when something differs; checkManifest returns only a
// manifest of the documented shape and otherwise throws a KeyringRollbackError; openCounter never
// throws and gives the sealed number only for the unaltered bytes of this keyring and account,
// otherwise null. A finding (kind, seed, run, stack) is written to .build/webapp-fuzz/ and the run
// exits 1; the same seed replays it.
//
//   node Tests/WebApp/keyring-manifest-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (keyring-manifest-fuzz.test.mjs).
import { toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import {
  KeyringRollbackError, MANIFEST, PARAMETERS, checkManifest, compareRecords, freshManifest, refuseDifferences, withRecord,
} from '../../Sources/SeqrWebApp/Resources/js/keyring-manifest.js';
import { openCounter, sealCounter } from '../../Sources/SeqrWebApp/Resources/js/keyring-account-counter.js';
import { generator, runWeighted } from './fuzz-random.mjs';

const root = new URL('../../', import.meta.url).pathname;
const SLOW_MS = 2000;
const NAMES = ['identity', 'channels', 'history', 'trusted-keys', 'people', '__proto__', 'constructor', '', 'x'.repeat(300), MANIFEST, PARAMETERS];

class Finding extends Error {}
const pickFrom = (random, items) => items[random.below(items.length)];
const bytesOf = (random, length) => Uint8Array.from({ length }, () => random.below(256));
const sealed = (random) => ({ nonce: toBase64(bytesOf(random, 12)), ciphertext: toBase64(bytesOf(random, 1 + random.below(80))) });

/** Any value IndexedDB could hand back for a record. */
function anyValue(random) {
  switch (random.below(9)) {
    case 0: return sealed(random);
    case 1: return { nonce: random.below(1000), ciphertext: null };
    case 2: return { nonce: 'not base64!', ciphertext: '====' };
    case 3: return null;
    case 4: return 'a string';
    case 5: return [1, 2, 3];
    case 6: return { ...sealed(random), extra: bytesOf(random, 4) };
    case 7: return JSON.parse('{"__proto__": {"nonce": "AAAA"}, "ciphertext": "AAAA"}');
    default: return random.below(2) ? undefined : 42;
  }
}

async function stored(random) {
  // A manifest written over some records, then the storage changed at random.
  let manifest = freshManifest();
  const written = new Map();
  for (let i = random.below(6); i > 0; i--) {
    const name = pickFrom(random, NAMES.slice(0, 5)), value = sealed(random);
    written.set(name, value);
    manifest = await withRecord(manifest, name, value);
  }
  const now = new Map(written);
  const expected = { changed: new Set(), missing: new Set(), added: new Set() };
  for (let i = random.below(4); i > 0; i--) {
    const name = pickFrom(random, NAMES);
    if (name === MANIFEST || name === PARAMETERS) { now.set(name, anyValue(random)); continue; }
    switch (random.below(3)) {
      case 0: now.delete(name); break;
      case 1: now.set(name, anyValue(random)); break;
      default: if (written.has(name)) now.set(name, written.get(name)); // put back unchanged
    }
  }
  for (const [name, value] of written) {
    if (!now.has(name)) expected.missing.add(name);
    else if (now.get(name) !== value) expected.changed.add(name);
  }
  for (const name of now.keys()) if (!written.has(name) && name !== MANIFEST && name !== PARAMETERS) expected.added.add(name);
  const found = await compareRecords(manifest, [...now]);
  for (const key of ['changed', 'missing', 'added']) {
    // A value set again to different bytes may, by chance, be the very same sealed bytes: never here (12 random bytes of nonce).
    const want = [...expected[key]].sort();
    if (JSON.stringify(found[key]) !== JSON.stringify(want)) throw new Finding(`${key}: ${JSON.stringify(found[key])} for ${JSON.stringify(want)}`);
  }
  const differs = found.changed.length + found.missing.length + found.added.length > 0;
  try {
    refuseDifferences(found);
    if (differs) throw new Finding('a difference was not refused');
  } catch (error) {
    if (error instanceof Finding) throw error;
    if (!(error instanceof KeyringRollbackError) || !differs || !error.message) throw new Finding(`refused with ${error?.name}: ${error?.message}`);
  }
}

async function shape(random) {
  const good = { version: 1, keyring: 'ab'.repeat(16), counter: random.below(1000), records: { identity: 'AAAA' } };
  const value = structuredClone(good);
  const field = pickFrom(random, ['version', 'keyring', 'counter', 'records', 'whole', 'none']);
  const odd = pickFrom(random, [null, undefined, -1, 2 ** 60, 1.5, '1', 'AB'.repeat(16), [], {}, { [MANIFEST]: 'x' }, { [PARAMETERS]: 'x' },
    Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`r${i}`, 'x'])), { identity: 5 }, JSON.parse('{"__proto__": "x"}'), NaN, true]);
  let input = value;
  if (field === 'whole') input = odd;
  else if (field !== 'none') value[field] = odd;
  let accepted;
  try { accepted = checkManifest(input); } catch (error) {
    if (!(error instanceof KeyringRollbackError) || error.code !== 'recordChanged') throw new Finding(`threw ${error?.name}: ${error?.message}`);
    return;
  }
  const names = Object.keys(accepted.records);
  if (accepted.version !== 1 || !/^[0-9a-f]{32}$/.test(accepted.keyring) || !Number.isSafeInteger(accepted.counter) || accepted.counter < 0
    || names.length > 64 || names.some((n) => n === MANIFEST || n === PARAMETERS || typeof accepted.records[n] !== 'string')) {
    throw new Finding(`accepted ${JSON.stringify(accepted)}`);
  }
}

let accountKey = null;
async function counter(random) {
  accountKey ??= await crypto.subtle.importKey('raw', new Uint8Array(32).fill(7), 'AES-GCM', false, ['encrypt', 'decrypt']);
  const number = random.below(2) ? random.below(1000) : Number.MAX_SAFE_INTEGER - random.below(3);
  const bytes = await sealCounter(accountKey, 'alice', 'ab'.repeat(16), number);
  let input = bytes, unaltered = true, username = 'alice', keyring = 'ab'.repeat(16);
  switch (random.below(7)) {
    case 0: break;
    case 1: input = bytes.slice(); input[random.below(36)] ^= 1 << random.below(8); unaltered = false; break;
    case 2: input = bytes.slice(0, random.below(36)); unaltered = false; break;
    case 3: input = new Uint8Array([...bytes, random.below(256)]); unaltered = false; break;
    case 4: username = 'bob'; unaltered = false; break;
    case 5: keyring = 'cd'.repeat(16); unaltered = false; break;
    default: input = pickFrom(random, [null, 'AAAA', [...bytes], bytes.buffer, {}]); unaltered = false;
  }
  let opened;
  try { opened = await openCounter(accountKey, username, keyring, input); } catch (error) { throw new Finding(`threw ${error?.name}: ${error?.message}`); }
  if (unaltered && opened !== number) throw new Finding(`the unaltered counter ${number} opened as ${opened}`);
  if (!unaltered && opened !== null) throw new Finding(`an altered counter opened as ${opened}`);
}

export async function fuzz(runs, seed, log = () => {}) {
  const random = generator(seed);
  const stats = { findings: [], byKind: {}, slowest: 0 };
  await runWeighted({ name: 'keyring-manifest', kinds: [['stored', stored, 5], ['shape', shape, 2], ['counter', counter, 3]],
    runs, seed, random, stats, root, slowMs: SLOW_MS, log });
  return stats;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
  const started = performance.now();
  const stats = await fuzz(runs, seed, console.log);
  console.log(JSON.stringify({ runs, seed, seconds: Math.round((performance.now() - started) / 1000), ...stats, findings: stats.findings.length }));
  process.exit(stats.findings.length ? 1 : 0);
}
