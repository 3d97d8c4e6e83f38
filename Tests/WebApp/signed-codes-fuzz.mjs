#!/usr/bin/env node
// Mutation fuzzing of the scanner's new parsers (docs/fuzzing.md, "The web app's parsers"): signed
// codes (compact-jws.js, bare and as ?jws= links), SMART Health Cards (smart-health-card.js: chunks,
// digits, inflate, payload) and the routing of any payload (scanned-code.js) with the set collector
// (code-set-collector.js), from the valid codes of Tests/Vectors/signed-codes.json and
// channel-suite2.json, mutated (bits, bytes, lengths, cuts, insertions, splices). Every refusal must
// be a JWSError or SmartHealthCardError, and classifyScan and the collector must never throw;
// anything else — a TypeError, a RangeError, a CompressionError leaking out — is a finding: the
// input is written to .build/webapp-fuzz/ and the run exits 1. Some inputs are signed again with a
// key of the fuzzer's own (health-card payloads deflated again), so the header checks and the
// payload's inflation and JSON behind the signature are reached too. A mutated token that still
// verifies must be the original token (base64url is canonical: one token, one spelling).
//
//   node Tests/WebApp/signed-codes-fuzz.mjs [RUNS (default 1000000)] [SEED]
// A short run is part of node --test (signed-codes-fuzz.test.mjs).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { decodeUTF8, fromHex, toBase64URL, utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { CodeSetCollector } from '../../Sources/SeqrWebApp/Resources/js/code-set-collector.js';
import { tokenFromText, verifySignedCode } from '../../Sources/SeqrWebApp/Resources/js/compact-jws.js';
import { JWSError } from '../../Sources/SeqrWebApp/Resources/js/jws-error.js';
import { importJWK, importJWKSet, JWKSet } from '../../Sources/SeqrWebApp/Resources/js/jwk.js';
import { classifyScan, ScanKind } from '../../Sources/SeqrWebApp/Resources/js/scanned-code.js';
import { codeLink } from '../../Sources/SeqrWebApp/Resources/js/seqr-code-link.js';
import { jwsFromQRContents, qrContents, SmartHealthCardError, verifyHealthCard } from '../../Sources/SeqrWebApp/Resources/js/smart-health-card.js';
import { generator } from './fuzz-random.mjs';

const signed = JSON.parse(readFileSync(new URL('../Vectors/signed-codes.json', import.meta.url)));
const channel = JSON.parse(readFileSync(new URL('../Vectors/channel-suite2.json', import.meta.url)));
const INTERESTING = [0, 1, 0x2e, 0x2f, 0x30, 0x39, 0x3d, 0x7b, 0x7d, 0x7f, 0x80, 0xff];
const FUZZ_ISSUER = 'https://fuzz.example';

function mutate(random, input, seeds) {
  let bytes = Array.from(input);
  for (let n = 1 + random.below(4); n > 0; n--) {
    const at = random.below(bytes.length + 1);
    switch (random.below(9)) {
      case 0: if (bytes.length) bytes[at % bytes.length] ^= 1 << random.below(8); break;
      case 1: if (bytes.length) bytes[at % bytes.length] = random.below(256); break;
      case 2: if (bytes.length) bytes[at % bytes.length] = INTERESTING[random.below(INTERESTING.length)]; break;
      case 3: bytes.splice(at, random.below(16)); break;
      case 4: bytes.splice(at, 0, ...Array.from({ length: 1 + random.below(8) }, () => 0x20 + random.below(95))); break;
      case 5: bytes = bytes.slice(0, at); break;
      case 6: { const other = seeds[random.below(seeds.length)]; const from = random.below(other.length); bytes.splice(at, 0, ...other.slice(from, from + random.below(64))); break; }
      case 7: if (bytes.length > 1) { const from = random.below(bytes.length); bytes.splice(at, 0, ...bytes.slice(from, from + random.below(32))); } break;
      default: if (bytes.length > 8) { const i = random.below(bytes.length - 1); bytes[i] = random.chance(0.5) ? 0x2e : 0x2f; } break;
    }
  }
  return Uint8Array.from(bytes);
}

/** The fuzzer's own ES256 key: tokens it signs reach the checks behind the signature. */
async function fuzzSigner() {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  const jwk = { ...await crypto.subtle.exportKey('jwk', pair.publicKey), kid: 'fuzz', alg: 'ES256' };
  delete jwk.key_ops; delete jwk.ext;
  const sign = async (headerBytes, payloadBytes) => {
    const input = `${toBase64URL(headerBytes)}.${toBase64URL(payloadBytes)}`;
    const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, pair.privateKey, utf8(input)));
    return `${input}.${toBase64URL(signature)}`;
  };
  return { jwk, sign };
}

export async function fuzz(runs, seed = 1, { log = () => {} } = {}) {
  const signer = await fuzzSigner();
  const fuzzKey = await importJWK(signer.jwk);
  const jwsKeys = new JWKSet([...await Promise.all(signed.joserfc.map((x) => importJWK(x.jwk))), fuzzKey]);
  const issuers = [await importJWKSet(signed.issuer), await importJWKSet({ keys: [signer.jwk], iss: FUZZ_ISSUER })];
  const tokens = [...signed.joserfc.map((x) => x.token), ...(signed.swift.jws ?? []).map((x) => x.token)];
  const urls = (signed.swift.jws ?? []).map((x) => x.url);
  const cardTexts = [...signed.cards, ...signed.refusedCards].map((c) => c.texts);
  const cardPayload = JSON.stringify({ iss: FUZZ_ISSUER, nbf: 1700000000, vc: { type: ['https://smarthealth.cards#health-card'], credentialSubject: { fhirBundle: { resourceType: 'Bundle', entry: [{ resource: { resourceType: 'Patient', name: [{ given: ['A'], family: 'B' }] } }] } } } });
  const codes = [channel.owner.publicKeyCode, channel.share.code, channel.message.code, channel.rekey.code].map(fromHex);
  const payloads = [...tokens, ...urls, ...cardTexts.flat(), ...codes.map((c) => codeLink('https://seqr.example', c)), 'https://example.com/', JSON.stringify(signed.issuer)].map(utf8).concat(codes);
  const seeds = payloads;
  const original = new Set(tokens);
  const random = generator(seed);
  const counts = { inputs: 0, accepted: 0, refused: 0, resigned: 0 };
  const findings = [];
  const started = Date.now();

  const expect = async (input, refusal, work) => {
    try { await work(); counts.accepted++; } catch (error) {
      if (refusal.some((type) => error instanceof type)) { counts.refused++; return; }
      findings.push({ input, error });
      mkdirSync('.build/webapp-fuzz', { recursive: true });
      writeFileSync(`.build/webapp-fuzz/signed-finding-${findings.length}.bin`, input);
      log(`FINDING ${findings.length}: ${error?.stack ?? error}`);
    }
  };

  for (let i = 0; i < runs; i++) {
    counts.inputs++;
    const target = random.below(3);
    if (target === 0) {
      // A signed code: mutated, or its header or payload mutated and signed again.
      let text;
      if (random.chance(0.1)) {
        counts.resigned++;
        const p = tokens[random.below(tokens.length)].split('.')[1];
        const header = random.chance(0.5) ? mutate(random, utf8('{"alg":"ES256","kid":"fuzz"}'), seeds) : utf8('{"alg":"ES256","kid":"fuzz"}');
        text = await signer.sign(header, random.chance(0.5) ? mutate(random, utf8(JSON.stringify({ exp: 4102444800, nbf: 1 })), seeds) : Uint8Array.from(Buffer.from(p, 'base64url')));
        const input = utf8(text);
        await expect(input, [JWSError], () => verifySignedCode(text, jwsKeys));
        continue;
      }
      const base = random.chance(0.2) ? utf8(urls[random.below(urls.length)]) : utf8(tokens[random.below(tokens.length)]);
      const input = mutate(random, base, seeds);
      text = new TextDecoder().decode(input);
      await expect(input, [JWSError], async () => {
        await verifySignedCode(text, jwsKeys, { ignoreTime: true });
        if (!original.has(tokenFromText(text))) throw new Error('a changed token verified');
      });
    } else if (target === 1) {
      // A health card: one chunk mutated, or a mutated payload deflated and signed again as the fuzz issuer.
      let texts = [...cardTexts[random.below(cardTexts.length)]];
      if (random.chance(0.1)) {
        counts.resigned++;
        const payload = random.chance(0.8) ? mutate(random, utf8(cardPayload), seeds) : utf8(cardPayload);
        const header = random.chance(0.3) ? mutate(random, utf8('{"alg":"ES256","kid":"fuzz","zip":"DEF"}'), seeds) : utf8('{"alg":"ES256","kid":"fuzz","zip":"DEF"}');
        const body = random.chance(0.1) ? mutate(random, deflateRawSync(payload), seeds) : new Uint8Array(deflateRawSync(payload));
        texts = qrContents(await signer.sign(header, body), 1 + random.below(3));
      } else {
        const at = random.below(texts.length);
        texts[at] = new TextDecoder().decode(mutate(random, utf8(texts[at]), seeds));
      }
      const input = utf8(texts.join('\n'));
      await expect(input, [SmartHealthCardError], async () => {
        const { card } = await verifyHealthCard(texts, issuers, 1800000000000);
        if (card.issuer !== FUZZ_ISSUER && !cardTexts.some((t) => jwsFromQRContents(t) === jwsFromQRContents(texts))) throw new Error('a changed card verified');
      });
    } else {
      // Any payload routed, and collected: never a throw.
      const input = mutate(random, payloads[random.below(payloads.length)], seeds);
      const collector = new CodeSetCollector();
      await expect(input, [], async () => {
        const scan = await classifyScan({ bytes: input, text: decodeUTF8(input) });
        if (!Object.values(ScanKind).includes(scan.kind)) throw new Error(`unknown kind ${scan.kind}`);
        collector.add({ bytes: input, text: null }, scan);
        collector.add({ bytes: input, text: null, sequenceIndex: random.below(4), sequenceSize: random.below(20), sequenceId: 'x' }, null);
      });
    }
    if (findings.length >= 10) break;
    if ((i + 1) % 100000 === 0) log(`${i + 1} inputs, ${Math.round((i + 1) / ((Date.now() - started) / 1000))}/s, ${findings.length} findings`);
  }
  return { ...counts, findings, seconds: (Date.now() - started) / 1000 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const runs = Number(process.argv[2] ?? 1_000_000), seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
  const result = await fuzz(runs, seed, { log: (line) => console.log(line) });
  console.log(`seed ${seed}: ${result.inputs} inputs in ${result.seconds.toFixed(0)} s (${Math.round(result.inputs / result.seconds)}/s): `
    + `${result.accepted} accepted, ${result.refused} refused with a JWSError or SmartHealthCardError, ${result.resigned} signed again, ${result.findings.length} findings`);
  process.exit(result.findings.length ? 1 : 0);
}
