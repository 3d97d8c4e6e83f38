#!/usr/bin/env node
// Mutation fuzzing of the web app's channel code parsers (docs/fuzzing.md, "The web app's
// parsers"): valid codes from Tests/Vectors/channel-suite2.json and their links, mutated (bits,
// bytes, lengths, cuts, insertions, splices), fed to every parser. Every refusal must be a
// ChannelError; anything else thrown — a TypeError, a RangeError, an HPKEError leaking out — is a
// finding: the input is written to .build/webapp-fuzz/ and the run exits 1. Some inputs are signed
// again with the vector owner's key (and messages sealed again under the channel's key), so the
// parsing behind the signature and the AEAD is reached too, as the Swift `channels` target does.
// Checks on success: a public key reads back to the same bytes; a parsed link prints to a link
// that reads back the same code.
//
//   node Tests/WebApp/channel-codes-fuzz.mjs [RUNS (default 1000000)] [SEED]
// A short run is part of node --test (channel-codes.test.mjs).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fromHex, toBase64URL, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { ChannelError } from '../../Sources/SeqrWebApp/Resources/js/channel-error.js';
import { decodeChannelMessage, encodeChannelMessage, messageHeader } from '../../Sources/SeqrWebApp/Resources/js/channel-message-code.js';
import { openRekeyCode, parseRekeyCode } from '../../Sources/SeqrWebApp/Resources/js/channel-rekey-code.js';
import { decodeChannelShare } from '../../Sources/SeqrWebApp/Resources/js/channel-share-code.js';
import { PrivateIdentity } from '../../Sources/SeqrWebApp/Resources/js/private-identity.js';
import { decodePublicKeyCode, encodePublicKeyCode } from '../../Sources/SeqrWebApp/Resources/js/public-key-code.js';
import { codeFromFragment, codeLink, parseCodeLink } from '../../Sources/SeqrWebApp/Resources/js/seqr-code-link.js';
import { readHeader } from '../../Sources/SeqrWebApp/Resources/js/seqr-code-type.js';
import { generator } from './fuzz-random.mjs';

const v = JSON.parse(readFileSync(new URL('../Vectors/channel-suite2.json', import.meta.url)));
const person = (p) => PrivateIdentity.fromSecrets({ ed25519: fromHex(p.ed25519Private), x25519: fromHex(p.x25519Private), name: p.name });
const INTERESTING = [0, 1, 2, 3, 4, 0x7f, 0x80, 0xff];

function mutate(random, input, seeds) {
  let bytes = Array.from(input);
  for (let n = 1 + random.below(4); n > 0; n--) {
    const at = random.below(bytes.length + 1);
    switch (random.below(9)) {
      case 0: if (bytes.length) bytes[at % bytes.length] ^= 1 << random.below(8); break;
      case 1: if (bytes.length) bytes[at % bytes.length] = random.below(256); break;
      case 2: if (bytes.length) bytes[at % bytes.length] = INTERESTING[random.below(INTERESTING.length)]; break;
      case 3: bytes.splice(at, random.below(16)); break;
      case 4: bytes.splice(at, 0, ...Array.from({ length: 1 + random.below(8) }, () => random.below(256))); break;
      case 5: bytes = bytes.slice(0, at); break;
      case 6: { const other = seeds[random.below(seeds.length)]; const from = random.below(other.length); bytes.splice(at, 0, ...other.slice(from, from + random.below(64))); break; }
      case 7: if (bytes.length > 1) { const from = random.below(bytes.length); bytes.splice(at, 0, ...bytes.slice(from, from + random.below(32))); } break;
      default: if (bytes.length > 8) { const i = random.below(bytes.length - 1); bytes[i] = random.chance(0.5) ? 0 : 0xff; bytes[i + 1] = random.below(256); } break;
    }
  }
  return Uint8Array.from(bytes);
}

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const alice = await person(v.owner), bob = await person(v.subscriber);
  const bobsChannel = await decodeChannelShare(fromHex(v.share.code), bob);
  const channel = { ...bobsChannel, secrets: new Map([[0, bobsChannel.secret], [1, fromHex(v.rekey.secret)]]), removedAt: null };
  const codes = [v.owner.publicKeyCode, v.subscriber.publicKeyCode, v.removed.publicKeyCode, v.share.code, v.message.code, v.rekey.code, v.laterMessage.code].map(fromHex);
  const links = codes.map((c) => utf8(codeLink('https://seqr.example', c)));
  const seeds = [...codes, ...links];
  const random = generator(seed);
  const counts = { inputs: 0, accepted: 0, refused: 0, resigned: 0 };
  const findings = [];
  const started = Date.now();

  const expectRefusal = async (input, work) => {
    try { await work(); counts.accepted++; } catch (error) {
      if (error instanceof ChannelError) { counts.refused++; return; }
      findings.push({ input, error });
      mkdirSync('.build/webapp-fuzz', { recursive: true });
      writeFileSync(`.build/webapp-fuzz/finding-${findings.length}.bin`, input);
      log(`FINDING ${findings.length}: ${error?.stack ?? error}`);
    }
  };

  for (let i = 0; i < runs; i++) {
    counts.inputs++;
    const isLink = random.chance(0.15);
    const base = isLink ? links[random.below(links.length)] : codes[random.below(codes.length)];
    let input = mutate(random, base, seeds);
    if (isLink) {
      const text = new TextDecoder().decode(input);
      await expectRefusal(input, async () => {
        const code = parseCodeLink(text);
        const again = parseCodeLink(codeLink('https://seqr.example', code));
        if (toBase64URL(again) !== toBase64URL(code)) throw new Error('a parsed link did not read back the same');
        codeFromFragment(text.slice(text.indexOf('#')));
      });
      continue;
    }
    // Signed again (and for a message sealed again) by the owner: the parsers behind the checks.
    if (random.chance(0.05) && input.length > 64) {
      counts.resigned++;
      if (input[3] === 3 && random.chance(0.5)) {
        const content = new TextDecoder().decode(input.subarray(40, 40 + random.below(64)));
        input = await encodeChannelMessage({ kind: input[38] % 4, created: 1, expires: random.below(3), content }, { id: channel.id, epoch: random.below(3), secret: channel.secrets.get(0) }, alice)
          .catch((e) => (e instanceof ChannelError ? input : Promise.reject(e)));
      } else {
        const body = input.subarray(0, input.length - 64);
        input = Uint8Array.from([...body, ...await alice.sign(body)]);
      }
    }
    await expectRefusal(input, async () => {
      readHeader(input);
      switch (input[3]) {
        case 1: {
          const identity = await decodePublicKeyCode(input);
          if (toBase64URL(encodePublicKeyCode(identity)) !== toBase64URL(input)) throw new Error('a public key did not read back to its bytes');
          break;
        }
        case 2: await decodeChannelShare(input, bob); break;
        case 3: messageHeader(input); await decodeChannelMessage(input, channel); break;
        default: parseRekeyCode(input); await openRekeyCode(input, { ...channel, secrets: new Map([[0, channel.secrets.get(0)]]) }, bob); break;
      }
    });
    if (findings.length >= 10) break;
    if ((i + 1) % 100000 === 0) log(`${i + 1} inputs, ${Math.round((i + 1) / ((Date.now() - started) / 1000))}/s, ${findings.length} findings`);
  }
  return { ...counts, findings, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 1_000_000), seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
  const result = await fuzz(runs, seed, { log: (line) => console.log(line) });
  console.log(`seed ${seed}: ${result.inputs} inputs in ${result.seconds.toFixed(0)} s (${Math.round(result.inputs / result.seconds)}/s): `
    + `${result.accepted} accepted, ${result.refused} refused with a ChannelError, ${result.resigned} signed again, ${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
