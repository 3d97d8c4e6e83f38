// js/hkdf.js and js/hpke.js, the one protocol the app composes by hand, against published vectors:
// RFC 5869's HKDF-SHA256 cases and RFC 9180's entry for DHKEM(X25519, HKDF-SHA256), HKDF-SHA256,
// AES-256-GCM (Tests/Vectors/rfc9180-base-x25519-sha256-aes256gcm.json, which the Swift tests read
// too). swift-crypto's side: channel-codes.test.mjs opens the shares Swift and the reference sealed.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromHex, toHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { hkdfExpand, hkdfExtract } from '../../Sources/SeqrWebApp/Resources/js/hkdf.js';
import {
  deriveKeyPair, hpkeOpen, hpkeSeal, HPKEError, importX25519PrivateKey, setupBaseRecipient, setupBaseSender,
} from '../../Sources/SeqrWebApp/Resources/js/hpke.js';

const range = (from, to) => Uint8Array.from({ length: to - from }, (_, i) => from + i);
// RFC 5869 appendix A, test cases 1–3 (SHA-256).
const rfc5869 = [
  { ikm: new Uint8Array(22).fill(0x0b), salt: range(0, 13), info: range(0xf0, 0xfa), length: 42,
    prk: '077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5',
    okm: '3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865' },
  { ikm: range(0, 80), salt: range(0x60, 0xb0), info: range(0xb0, 0x100), length: 82,
    prk: '06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244',
    okm: 'b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71cc30c58179ec3e87c14c01d5c1f3434f1d87' },
  { ikm: new Uint8Array(22).fill(0x0b), salt: new Uint8Array(0), info: new Uint8Array(0), length: 42,
    prk: '19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04',
    okm: '8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8' },
];

test('HKDF-Extract and -Expand from HMAC give RFC 5869\'s PRK and OKM, and agree with WebCrypto\'s HKDF', async () => {
  for (const c of rfc5869) {
    const prk = await hkdfExtract(c.salt, c.ikm);
    assert.equal(toHex(prk), c.prk);
    assert.equal(toHex(await hkdfExpand(prk, c.info, c.length)), c.okm);
    const key = await crypto.subtle.importKey('raw', c.ikm, 'HKDF', false, ['deriveBits']);
    const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: c.salt, info: c.info }, key, c.length * 8);
    assert.equal(toHex(new Uint8Array(bits)), c.okm);
  }
  await assert.rejects(hkdfExpand(new Uint8Array(32), new Uint8Array(0), 255 * 32 + 1), RangeError);
});

const file = JSON.parse(readFileSync(new URL('../Vectors/rfc9180-base-x25519-sha256-aes256gcm.json', import.meta.url)));
const v = file.vector;
const hex = (name) => fromHex(v[name]);

test('the vector is RFC 9180\'s base-mode entry for exactly this suite', () => {
  assert.deepEqual([v.mode, v.kem_id, v.kdf_id, v.aead_id], [0, 0x20, 1, 2]);
});

test('DeriveKeyPair gives the vector\'s ephemeral and recipient keys', async () => {
  for (const [ikm, sk, pk] of [['ikmE', 'skEm', 'pkEm'], ['ikmR', 'skRm', 'pkRm']]) {
    const pair = await deriveKeyPair(hex(ikm));
    assert.equal(toHex(pair.privateRaw), v[sk]);
    assert.equal(toHex(pair.publicKey), v[pk]);
  }
});

test('sealing with the vector\'s ephemeral key gives its enc, every ciphertext and every exported value', async () => {
  const { enc, context } = await setupBaseSender(hex('pkRm'), hex('info'), { ephemeralIKM: hex('ikmE') });
  assert.equal(toHex(enc), v.enc);
  assert.equal(toHex(context.baseNonce), v.base_nonce);
  assert.equal(toHex(context.exporterSecret), v.exporter_secret);
  assert.ok(v.encryptions.length >= 2);
  for (const e of v.encryptions) assert.equal(toHex(await context.seal(fromHex(e.aad), fromHex(e.pt))), e.ct);
  for (const x of v.exports) assert.equal(toHex(await context.export(fromHex(x.exporter_context), x.L)), x.exported_value);
});

test('the recipient opens every ciphertext of the vector in order; a flipped byte is an HPKEError', async () => {
  const sk = await importX25519PrivateKey(hex('skRm'));
  const context = await setupBaseRecipient(hex('enc'), sk, hex('pkRm'), hex('info'));
  for (const e of v.encryptions) assert.equal(toHex(await context.open(fromHex(e.aad), fromHex(e.ct))), e.pt);
  const first = v.encryptions[0];
  const altered = fromHex(first.ct);
  altered[3] ^= 1;
  await assert.rejects(hpkeOpen(hex('enc'), sk, hex('pkRm'), hex('info'), fromHex(first.aad), altered), (e) => e instanceof HPKEError && e.code === 'openFailed');
  await assert.rejects(hpkeOpen(hex('enc'), sk, hex('pkRm'), fromHex('00'), fromHex(first.aad), fromHex(first.ct)), HPKEError);
});

test('a fresh seal opens, uses a fresh ephemeral key each time, and a small-order key is refused', async () => {
  const recipient = await deriveKeyPair(crypto.getRandomValues(new Uint8Array(32)));
  const info = new TextEncoder().encode('seqr channel share v2');
  const a = await hpkeSeal(recipient.publicKey, info, Uint8Array.of(1), Uint8Array.of(9, 9));
  const b = await hpkeSeal(recipient.publicKey, info, Uint8Array.of(1), Uint8Array.of(9, 9));
  assert.notEqual(toHex(a.enc), toHex(b.enc));
  assert.deepEqual(await hpkeOpen(a.enc, recipient.privateKey, recipient.publicKey, info, Uint8Array.of(1), a.ciphertext), Uint8Array.of(9, 9));
  await assert.rejects(hpkeSeal(new Uint8Array(32), info, Uint8Array.of(1), Uint8Array.of(1)), (e) => e instanceof HPKEError && e.code === 'invalidKey');
});
