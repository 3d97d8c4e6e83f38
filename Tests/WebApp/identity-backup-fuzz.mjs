#!/usr/bin/env node
// Mutation fuzzing of the web app's identity backup reader (docs/fuzzing.md, "The web app's
// parsers"): a valid backup (two channels, two epochs, subscribers) and its JSON document, mutated
// as bytes (bits, bytes, cuts, insertions, splices) and as JSON (a value replaced by another type,
// a number, a string; a key removed; an element repeated), fed to parseBackupFile, to parseBackup
// (the document behind the AEAD), and now and then sealed again and opened whole. Every refusal
// must be a BackupError; anything else thrown is a finding: the input is written to
// .build/webapp-fuzz/ and the run exits 1. A document that is accepted must serialize to one that
// reads back the same.
//
//   node Tests/WebApp/identity-backup-fuzz.mjs [RUNS (default 100000)] [SEED]
// A short run is part of node --test (identity-backup.test.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { decodeUTF8, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelKeyring } from '../../Sources/SeqrWebApp/Resources/js/channel-keyring.js';
import { BackupError, openBackup, parseBackup, parseBackupFile, sealBackup, serializeBackup } from '../../Sources/SeqrWebApp/Resources/js/identity-backup.js';
import { SealedRecords } from '../../Sources/SeqrWebApp/Resources/js/sealed-records.js';
import { generator } from './fuzz-random.mjs';

class MapBackend extends Map { async get(k) { return super.get(k); } async put(k, v) { this.set(k, structuredClone(v)); } }
const keyring = () => new ChannelKeyring(new SealedRecords(new MapBackend(), { iterations: 1000, minimumIterations: 1 }));
const FAST = { iterations: 1 };
const INTERESTING = [0, 1, 0x22, 0x2c, 0x30, 0x5b, 0x5d, 0x7b, 0x7d, 0x7f, 0x80, 0xff];
const VALUES = [null, true, false, 0, -1, 1.5, 2 ** 32, 2 ** 53, '', 'AAAA', '0'.repeat(32), 'x\u0000', [], {}, [1], { 0: 'AAAA' }];

function mutateBytes(random, input, seeds) {
  let bytes = Array.from(input);
  for (let n = 1 + random.below(4); n > 0; n--) {
    const at = random.below(bytes.length + 1);
    switch (random.below(7)) {
      case 0: if (bytes.length) bytes[at % bytes.length] ^= 1 << random.below(8); break;
      case 1: if (bytes.length) bytes[at % bytes.length] = random.below(256); break;
      case 2: if (bytes.length) bytes[at % bytes.length] = INTERESTING[random.below(INTERESTING.length)]; break;
      case 3: bytes.splice(at, random.below(16)); break;
      case 4: bytes.splice(at, 0, ...Array.from({ length: 1 + random.below(8) }, () => random.below(256))); break;
      case 5: bytes = bytes.slice(0, at); break;
      default: { const other = seeds[random.below(seeds.length)]; const from = random.below(other.length); bytes.splice(at, 0, ...other.slice(from, from + random.below(64))); break; }
    }
  }
  return Uint8Array.from(bytes);
}

/** A random container and key inside `value`, for a structural mutation. */
function pick(random, value) {
  let parent = null, key = null, node = value;
  for (let depth = 0; depth < 6 && node !== null && typeof node === 'object'; depth++) {
    const keys = Object.keys(node);
    if (!keys.length || random.chance(0.25)) break;
    parent = node; key = keys[random.below(keys.length)]; node = node[key];
  }
  return { parent, key };
}

function mutateJSON(random, text) {
  const value = JSON.parse(text);
  for (let n = 1 + random.below(3); n > 0; n--) {
    const { parent, key } = pick(random, value);
    if (!parent) continue;
    switch (random.below(4)) {
      case 0: parent[key] = structuredClone(VALUES[random.below(VALUES.length)]); break;
      case 1: if (Array.isArray(parent)) parent.push(structuredClone(parent[key])); else delete parent[key]; break;
      case 2: if (typeof parent[key] === 'number') parent[key] += [-1, 1, 2 ** 31][random.below(3)]; else parent[key] = String(parent[key]).slice(1); break;
      default: if (typeof parent[key] === 'string') parent[key] = parent[key].toUpperCase(); else parent[key] = JSON.stringify(parent[key]) ?? null; break;
    }
  }
  return utf8(JSON.stringify(value));
}

async function refusedWell(work) {
  try { return { value: await work() }; } catch (error) { if (error instanceof BackupError) return { refused: error }; throw error; }
}

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const alice = keyring(), bob = keyring();
  await alice.create('Alice', 'pass'); await bob.create('Bob', 'pass');
  const garden = await alice.createChannel('Garden');
  await alice.share(garden, await ChannelKeyring.readPublicKey(bob.publicKeyCode()));
  await alice.share(garden, await ChannelKeyring.readPublicKey((await (async () => { const c = keyring(); await c.create('Carol', 'pass'); return c; })()).publicKeyCode()));
  await alice.removeSubscriber(garden, garden.subscribers[1].fingerprint);
  await alice.subscribe(await bob.share(await bob.createChannel('Orchard'), await ChannelKeyring.readPublicKey(alice.publicKeyCode())));
  const file = await alice.backup('pass', { iterations: 1000 });
  const document = await openBackup(file, 'pass', { minimumIterations: 1 });
  const json = utf8(serializeBackup(document));
  const seeds = [file, json];
  const random = generator(seed);
  let findings = 0, accepted = 0;
  for (let run = 0; run < runs; run++) {
    const structural = random.chance(0.6);
    const input = structural ? mutateJSON(random, decodeUTF8(json)) : mutateBytes(random, random.chance(0.5) ? json : file, seeds);
    try {
      const parsed = await refusedWell(() => parseBackup(input));
      if (parsed.value) {
        accepted++;
        const again = await parseBackup(utf8(serializeBackup(parsed.value)));
        if (serializeBackup(again) !== serializeBackup(parsed.value)) throw new Error('an accepted document does not read back the same');
        if (random.chance(0.05)) {
          const whole = await openBackup(await sealBackup(parsed.value, 'pass', FAST), 'pass', { minimumIterations: 1 });
          if (serializeBackup(whole) !== serializeBackup(parsed.value)) throw new Error('sealed and opened, the document changed');
        }
      }
      await refusedWell(async () => parseBackupFile(input, { minimumIterations: 1 }));
    } catch (error) {
      findings++;
      mkdirSync('.build/webapp-fuzz', { recursive: true });
      const path = `.build/webapp-fuzz/identity-backup-${seed}-${run}.bin`;
      writeFileSync(path, input);
      log(`finding (${error}): ${path}`);
    }
  }
  return { runs, accepted, findings };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 100_000), seed = Number(process.argv[3] ?? 1);
  const result = await fuzz(runs, seed, { log: console.error });
  console.log(`${result.runs} runs, ${result.accepted} documents accepted, ${result.findings} findings (seed ${seed})`);
  process.exit(result.findings ? 1 : 0);
}
