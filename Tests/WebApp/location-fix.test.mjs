// js/location-fix.js and js/share-link.js against Tests/Vectors/location-fix-v1.json, which the independent Python
// reference (Tests/Reference/location_reference.py) wrote and the Swift tests also check.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fromBase64, fromHex } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { fixJSON, makeFix, openFix, sealFix, swiftDouble } from '../../Sources/SeqrWebApp/Resources/js/location-fix.js';
import { isValidShareID, shareLink } from '../../Sources/SeqrWebApp/Resources/js/share-link.js';

const vectors = JSON.parse(readFileSync(new URL('../Vectors/location-fix-v1.json', import.meta.url)));

test('a fix\'s JSON is byte for byte what the reference (and Swift\'s JSONEncoder) writes', () => {
  for (const v of vectors.valid) assert.equal(fixJSON(makeFix(v.fix)), v.json);
});

test('sealing with the vector\'s nonce gives the reference\'s bytes, padded to 285', async () => {
  for (const v of vectors.valid) {
    const data = await sealFix(v.fix, v.shareID, fromHex(v.keyHex), fromHex(v.nonceHex));
    assert.equal(data, v.data);
    assert.equal(fromBase64(data).length, 1 + 12 + 256 + 16);
  }
});

test('the reference\'s fixes open to themselves, padded or not', async () => {
  for (const v of [...vectors.valid, ...vectors.unpadded]) {
    assert.deepEqual(await openFix(v.data, v.shareID, fromHex(v.keyHex)), makeFix(v.fix));
  }
});

test('each damaged fix is refused with its own error', async () => {
  for (const v of vectors.invalid) {
    await assert.rejects(openFix(v.data, v.shareID, fromHex(v.keyHex)), (e) => e.code === v.error, v.why);
  }
});

test('two seals of one fix differ (fresh nonces) and both open', async () => {
  const key = crypto.getRandomValues(new Uint8Array(32));
  const fix = { lat: 46.5, lon: 7.25, accuracy: 8, time: 1795000000000 };
  const a = await sealFix(fix, 'AAAAAAAAAAAAAAAAAAAAAA', key), b = await sealFix(fix, 'AAAAAAAAAAAAAAAAAAAAAA', key);
  assert.notEqual(a, b);
  assert.deepEqual(await openFix(b, 'AAAAAAAAAAAAAAAAAAAAAA', key), fix);
});

test('fixes out of range are refused before sealing', async () => {
  const key = new Uint8Array(32);
  await assert.rejects(sealFix({ lat: 90.5, lon: 0, time: 0 }, 'x', key), { code: 'latitudeOutOfRange' });
  await assert.rejects(sealFix({ lat: 0, lon: -181, time: 0 }, 'x', key), { code: 'longitudeOutOfRange' });
  await assert.rejects(sealFix({ lat: 0, lon: 0, accuracy: -1, time: 0 }, 'x', key), { code: 'badAccuracy' });
  await assert.rejects(sealFix({ lat: 0, lon: 0, time: 0 }, 'x', new Uint8Array(16)), { code: 'wrongKeyLength' });
  assert.deepEqual(makeFix({ lat: 1, lon: 2, altitude: NaN, time: 5.6 }), { lat: 1, lon: 2, time: 6 });
});

test('numbers are written as Swift writes a Double', () => {
  const cases = [[0, '0'], [-0, '-0'], [1e15, '1000000000000000'], [2 ** 53, '9.007199254740992e+15'], [1e16, '1e+16'],
    [0.0001, '0.0001'], [0.00001, '1e-05'], [1.2345e-5, '1.2345e-05'], [1e-300, '1e-300'], [1234567, '1234567'], [12.5, '12.5']];
  for (const [value, text] of cases) assert.equal(swiftDouble(value), text, String(value));
});

test('share links carry the key in the fragment, base64url without padding', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i * 8);  // expected link from Python's urlsafe_b64encode
  assert.equal(shareLink('https://h.example/', 'AAAAAAAAAAAAAAAAAAAAAA', key),
    'https://h.example/l/AAAAAAAAAAAAAAAAAAAAAA#k=AAgQGCAoMDhASFBYYGhweICIkJigqLC4wMjQ2ODo8Pg');
  assert.ok(isValidShareID('Q2hhcmxpZS1zaGFyZS0xAg'));
  assert.ok(!isValidShareID('Q2hhcmxpZS1zaGFyZS0xAh'));
  assert.ok(!isValidShareID('short'));
});
