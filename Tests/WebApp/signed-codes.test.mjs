// The scanner's signed-code and health-card modules (compact-jws.js, jwk.js, smart-health-card.js,
// raw-deflate.js, trusted-keys.js) against Tests/Vectors/signed-codes.json: tokens of all ten
// algorithms signed by Python joserfc, health cards made by joserfc and zlib, keys, tokens and a
// chunked card made by the `seqr` command line — and every refused case saying the very line
// `seqr jws verify` / `seqr shc verify` printed for it, the failed step first
// (make-signed-code-vectors.py records them).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { utf8 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { decodeBase64URL } from '../../Sources/SeqrWebApp/Resources/js/base64url.js';
import { checkClaims, jwsFromURL, splitCompactJWS, verifyCompactJWS, verifySignedCode } from '../../Sources/SeqrWebApp/Resources/js/compact-jws.js';
import { JWSError, VerificationStep } from '../../Sources/SeqrWebApp/Resources/js/jws-error.js';
import { importJWK, importJWKSet, JWKSet, thumbprint } from '../../Sources/SeqrWebApp/Resources/js/jwk.js';
import { inflateRaw } from '../../Sources/SeqrWebApp/Resources/js/raw-deflate.js';
import {
  cardLines, jwsFromQRContents, qrContents, SmartHealthCardError, verifyCard, verifyHealthCard,
} from '../../Sources/SeqrWebApp/Resources/js/smart-health-card.js';
import { readTrustedKeyText, TrustedKeys, TRUSTED_KEYS_RECORD } from '../../Sources/SeqrWebApp/Resources/js/trusted-keys.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/signed-codes.json', import.meta.url)));
const issuers = [await importJWKSet(v.issuer)];
const refused = (step, message) => (e) => {
  assert.ok(e instanceof JWSError || e instanceof SmartHealthCardError, `${e}`);
  if (step) assert.equal(e.step, step, e.message);
  if (message) assert.equal(e.message, message);
  return true;
};

test('all ten algorithms signed by joserfc verify with the public JWK, and the payload is the signed one', async () => {
  assert.equal(v.joserfc.length, 10);
  for (const vector of v.joserfc) {
    // joserfc's JWK names no alg: the person trusts the key for the algorithm it was given with (PS vs RS).
    const key = await importJWK(vector.jwk, vector.alg);
    assert.equal(key.algorithm, vector.alg);
    const verified = await verifySignedCode(vector.token, key);
    assert.equal(verified.text, vector.payload, vector.alg);
    assert.deepEqual(verified.json, JSON.parse(vector.payload));
    assert.equal(verified.keyID, vector.jwk.kid);
    // The same token verifies through a JWK set, chosen by its kid.
    assert.equal((await verifyCompactJWS(vector.token, new JWKSet([key]))).algorithm, vector.alg);
    // RFC 7638: the page's thumbprint is joserfc's.
    assert.equal(await thumbprint(vector.jwk), vector.jwk.kid);
  }
});

test('tokens, ?jws= links and keys made by `seqr jws` verify; a JWK set from `seqr jws keygen --jwk` imports', async () => {
  for (const vector of v.swift.jws) {
    const key = await importJWK(vector.jwk);
    assert.equal((await verifySignedCode(vector.token, key)).text, vector.payload);
    assert.equal(jwsFromURL(vector.url), vector.token);
    assert.equal((await verifySignedCode(vector.url, key)).text, vector.payload, 'a ?jws= URL verifies as its token');
  }
});

test('every refused signed code names the failed step in the very words of `seqr jws verify`', async () => {
  const key = await importJWK(v.refusedJWSKey);
  const steps = new Set();
  for (const { name, token, cliError } of v.refusedJWS) {
    await assert.rejects(verifySignedCode(token, key), (e) => {
      assert.ok(e instanceof JWSError, `${name}: ${e}`);
      assert.equal(e.message, cliError, name);
      assert.match(e.message, /^failed at (encoding|header|key id|signature|expiry): /);
      steps.add(e.step);
      return true;
    });
  }
  assert.deepEqual([...steps].sort(), ['encoding', 'expiry', 'header', 'signature']);
  const { jwks, token, cliError } = v.refusedJWSWithSet;
  await assert.rejects(verifySignedCode(token, await importJWKSet(jwks)), refused(VerificationStep.keyID, cliError));
});

test('every character of a signed code changed is refused, never shown', async () => {
  const vector = v.joserfc.find((x) => x.alg === 'ES256');
  const key = await importJWK(vector.jwk);
  const alphabet = 'AQgw-_.=';
  for (let i = 0; i < vector.token.length; i++) {
    const replacement = alphabet[(alphabet.indexOf(vector.token[i]) + 1) % alphabet.length] ?? 'A';
    const changed = vector.token.slice(0, i) + (replacement === vector.token[i] ? 'B' : replacement) + vector.token.slice(i + 1);
    await assert.rejects(verifySignedCode(changed, key), (e) => e instanceof JWSError && e.step !== null, `position ${i}`);
  }
});

test('the algorithm comes from the trusted key: a JWK\'s alg binds it, use other than sig, small RSA and private keys are refused', async () => {
  const es = v.joserfc.find((x) => x.alg === 'ES256');
  await assert.rejects(importJWK({ ...es.jwk, alg: 'ES384' }), (e) => e.code === 'wrongKeyType');
  await assert.rejects(importJWK({ ...es.jwk, use: 'enc' }), (e) => e.code === 'invalidKey');
  await assert.rejects(importJWK(es.jwk, 'RS256'), (e) => e.code === 'wrongKeyType');
  const rs = v.joserfc.find((x) => x.alg === 'RS256');
  // A PS256-bound copy of the RS256 key refuses the RS256 token at the header.
  await assert.rejects(verifySignedCode(rs.token, await importJWK({ ...rs.jwk, alg: 'PS256' })), refused(VerificationStep.header));
  await assert.rejects(importJWK({ kty: 'RSA', n: rs.jwk.n.slice(0, 168), e: 'AQAB' }), (e) => e.code === 'invalidKey' && /2048/.test(e.message));
  await assert.rejects(importJWK({ ...es.jwk, x: es.jwk.y }), (e) => e.code === 'invalidKey' && /curve/.test(e.message));
  await assert.rejects(readTrustedKeyText(JSON.stringify({ ...es.jwk, d: es.jwk.x })), (e) => /private key/.test(e.message));
  await assert.rejects(importJWKSet('{"keys": [1]}'), (e) => e.code === 'invalidKey');
});

test('base64url is canonical, size is bounded, exp and nbf are checked with 60 s leeway', () => {
  assert.deepEqual(decodeBase64URL('AA'), Uint8Array.of(0));
  assert.equal(decodeBase64URL('AB'), null);
  assert.equal(decodeBase64URL('AA=='), null);
  assert.throws(() => splitCompactJWS('a'.repeat(256 * 1024 + 1)), refused(VerificationStep.encoding));
  const now = 1_800_000_000_000;
  checkClaims(utf8(JSON.stringify({ exp: now / 1000 - 59 })), now);
  assert.throws(() => checkClaims(utf8(JSON.stringify({ exp: now / 1000 - 61 })), now), refused(VerificationStep.expiry, 'failed at expiry: expired at 2027-01-15T07:58:59Z'));
  assert.throws(() => checkClaims(utf8(JSON.stringify({ nbf: now / 1000 + 61 })), now), refused(VerificationStep.expiry));
  assert.throws(() => checkClaims(utf8(JSON.stringify({ exp: '1' })), now), refused(VerificationStep.expiry));
  checkClaims(utf8('"a string payload"'), now);
});

test('health cards by joserfc and zlib, whole or in three chunks in any order, read as `seqr shc verify` prints them', async () => {
  for (const vector of v.cards) {
    const { lines } = await verifyHealthCard(vector.texts, issuers);
    assert.deepEqual(lines, vector.cliLines, vector.name);
    if (vector.texts.length > 1) assert.deepEqual((await verifyHealthCard([...vector.texts].reverse().concat(vector.texts[0]), issuers)).lines, vector.cliLines);
  }
  const hostile = v.cards.find((c) => c.name === 'hostile names');
  const { lines } = await verifyHealthCard(hostile.texts, issuers);
  assert.ok(lines.every((line) => !/[\u0000-\u001f\u202e]/.test(line)), 'no control or bidi character reaches the lines');
  assert.equal(lines.filter((line) => line.startsWith('  dose')).length, 2, 'a family name cannot forge a dose line');
});

test('a chunked card made by `seqr shc issue` and decoded by `seqr decode` verifies with its issuer\'s JWK set', async () => {
  const { jwks, texts, cliLines } = v.swift.card;
  const { lines } = await verifyHealthCard(texts, [await importJWKSet(jwks)]);
  assert.deepEqual(lines, cliLines);
});

test('every refused card names the failed step — prefix, encoding, key id, signature, issuer, expiry, decompression, payload — as `seqr shc verify` does', async () => {
  const steps = new Set();
  for (const { name, texts, cliError } of v.refusedCards) {
    await assert.rejects(verifyHealthCard(texts, issuers), (e) => {
      assert.ok(e instanceof SmartHealthCardError, `${name}: ${e}`);
      assert.equal(e.message, cliError, name);
      steps.add(e.step);
      return true;
    });
  }
  assert.deepEqual([...steps].sort(), ['decompression', 'encoding', 'expiry', 'issuer', 'key id', 'payload', 'prefix', 'signature']);
});

test('a card is verified only against its own issuer: a set without iss vouches for none, another issuer\'s key for its own cards only', async () => {
  const good = v.cards[0];
  const jws = jwsFromQRContents(good.texts);
  const unnamed = await importJWKSet({ keys: v.issuer.keys });
  await assert.rejects(verifyHealthCard(good.texts, [unnamed]), refused(VerificationStep.keyID));
  await assert.rejects(verifyCard(jws, unnamed, 'https://ministry.example'), refused(VerificationStep.issuer));
  await assert.rejects(verifyHealthCard(good.texts, [await importJWKSet(v.otherIssuer)]), refused(VerificationStep.keyID));
  // An RS256 key under the card's kid is refused as unsuitable before any signature check.
  const rs = v.joserfc.find((x) => x.alg === 'RS256');
  const kid = splitCompactJWS(jws).keyID;
  await assert.rejects(verifyCard(jws, await importJWKSet({ keys: [{ ...rs.jwk, kid }] }), v.issuer.iss), refused(VerificationStep.keyID));
});

test('chunks: a claimed count over 16 is refused at once, chunk numbers are plain digits, conflicts and gaps are said', () => {
  assert.throws(() => jwsFromQRContents(['shc:/1/100000000/56']), (e) => e.code === 'tooManyChunks');
  assert.throws(() => jwsFromQRContents(['shc:/+1/2/56', 'shc:/2/2/56']), (e) => e.code === 'inconsistentChunks');
  assert.throws(() => jwsFromQRContents(['shc:/1/2/56', 'shc:/1/3/56']), (e) => e.code === 'inconsistentChunks');
  assert.throws(() => jwsFromQRContents(['shc:/1/2/56', 'shc:/1/2/57']), (e) => e.code === 'inconsistentChunks');
  assert.throws(() => jwsFromQRContents(['shc:/1/12/56']), (e) => e.code === 'missingChunks' && e.message === 'failed at encoding: missing 11 of 12 chunks: 2, 3, 4, 5, 6, 7, 8, 9, …');
  assert.deepEqual(qrContents('a.b-c', 2), ['shc:/1/2/520153', 'shc:/2/2/0054']);
  assert.equal(jwsFromQRContents(qrContents('a.b-c', 2)), 'a.b-c');
});

test('raw DEFLATE through DecompressionStream stops at its limit and refuses a truncated stream', async () => {
  const { deflateRawSync } = await import('node:zlib');
  const big = deflateRawSync(Buffer.alloc(5 * 1024 * 1024, 32));
  await assert.rejects(inflateRaw(new Uint8Array(big), 4 * 1024 * 1024), (e) => e.code === 'tooLarge');
  const small = new Uint8Array(deflateRawSync(Buffer.from('{"a":1}')));
  assert.equal(new TextDecoder().decode(await inflateRaw(small, 100)), '{"a":1}');
  await assert.rejects(inflateRaw(small.subarray(0, small.length - 2), 100), (e) => e.code === 'corrupt');
});

test('trusted keys: the operator\'s list and the person\'s own, kept in the sealed records, public members only', async () => {
  const map = new Map();
  const records = { get: async (name, fallback) => (map.has(name) ? structuredClone(map.get(name)) : fallback), put: async (name, value) => { map.set(name, structuredClone(value)); } };
  const keys = new TrustedKeys(records, { fetchList: async () => JSON.stringify(v.issuer) });
  await keys.loadServerList();
  const es = v.joserfc.find((x) => x.alg === 'ES256');
  const ed = v.joserfc.find((x) => x.alg === 'EdDSA');
  await keys.add(JSON.stringify(es.jwk), new Date(0));
  await keys.add(JSON.stringify({ keys: [ed.jwk] }), new Date(0));
  assert.deepEqual(Object.keys(map.get(TRUSTED_KEYS_RECORD)[0].keys[0]).sort(), ['crv', 'kid', 'kty', 'x', 'y']);
  const set = await keys.signedCodeKeys();
  assert.equal(set.keys.length, 3);
  assert.equal((await verifySignedCode(es.token, set)).text, es.payload);
  assert.equal((await verifySignedCode(ed.token, set)).text, ed.payload);
  assert.deepEqual((await keys.healthCardIssuers()).map((s) => s.issuer), [v.issuer.iss], 'only a set naming its issuer vouches for cards');
  assert.deepEqual((await verifyHealthCard(v.cards[0].texts, await keys.healthCardIssuers())).lines, v.cards[0].cliLines);
  await keys.remove(es.jwk.kid);
  await assert.rejects(verifySignedCode(es.token, await keys.signedCodeKeys()), refused(VerificationStep.keyID));
  assert.equal(cardLines((await verifyHealthCard(v.cards[0].texts, issuers)).card)[0], 'Verified SMART Health Card');
});
