// js/account-key.js against Tests/Vectors/account-key-v1.json, the vectors the Swift tests use
// (written by the independent Python reference Tests/Reference/account_key_reference.py).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { associatedData, existingAccountKey, randomAccountKey, unwrapAccountKey, wrapAccountKey, WRAPPED_KEY_LENGTH }
  from '../../Sources/SeqrWebApp/Resources/js/account-key.js';
import { fromBase64, toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { deriveAccountKeys } from '../../Sources/SeqrWebApp/Resources/js/note-kdf.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/account-key-v1.json', import.meta.url)));
const derived = await Promise.all(v.vectors.map((x) => deriveAccountKeys(x.password, x.kdf, { extractable: true })));
const binding = (x) => ({ username: x.username, kind: x.kind, methodID: x.methodID });
const raw = async (key) => toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key)));

test('the password derives the vectors\' wrapping key, and each wrapped key opens to its account key', async () => {
  for (const [i, x] of v.vectors.entries()) {
    assert.equal(toBase64(derived[i].wrappingKeyBytes), x.wrappingKey, x.name);
    const key = await unwrapAccountKey(fromBase64(x.wrappedKey), derived[i].wrappingKey, binding(x), { extractable: true });
    assert.equal(await raw(key), x.accountKey, x.name);
  }
});

test('wrapping with the vector\'s nonce gives its bytes; an existing account\'s key is its encKey', async () => {
  for (const [i, x] of v.vectors.entries()) {
    const key = await crypto.subtle.importKey('raw', fromBase64(x.accountKey), 'AES-GCM', true, ['encrypt', 'decrypt']);
    const nonce = fromBase64(x.wrappedKey).slice(1, 13);
    assert.equal(toBase64(await wrapAccountKey(key, derived[i].wrappingKey, binding(x), nonce)), x.wrappedKey);
  }
  const existing = v.vectors.find((x) => x.name === 'existing account');
  const keys = derived[v.vectors.indexOf(existing)];
  assert.equal(await raw(await existingAccountKey(keys.encKeyBytes)), existing.accountKey);
});

test('a wrapped key moved to another account, kind or method id, or with a byte changed, does not open', async () => {
  const x = v.vectors[0];
  const wrapped = fromBase64(x.wrappedKey);
  const others = [{ ...binding(x), username: 'mallory' }, { ...binding(x), kind: 'passkey' }, { ...binding(x), methodID: 'another-id' }];
  for (const other of others) {
    await assert.rejects(unwrapAccountKey(wrapped, derived[0].wrappingKey, other), { code: 'wrappedKeyDoesNotOpen' });
  }
  for (const at of [0, 1, 13, 40, 60]) {
    const bent = wrapped.slice();
    bent[at] ^= 0x01;
    await assert.rejects(unwrapAccountKey(bent, derived[0].wrappingKey, binding(x)),
      { code: at === 0 ? 'unsupportedWrappedKeyVersion' : 'wrappedKeyDoesNotOpen' });
  }
  await assert.rejects(unwrapAccountKey(wrapped.slice(1), derived[0].wrappingKey, binding(x)), { code: 'malformedWrappedKey' });
  await assert.rejects(unwrapAccountKey(wrapped, derived[1].wrappingKey, binding(x)), { code: 'wrappedKeyDoesNotOpen' });
});

test('a random account key wraps and unwraps (fresh nonces), and its label has a salt of its own', async () => {
  const { key, noteKDF } = await randomAccountKey(210_000);
  assert.equal(noteKDF.iterations, 210_000);
  assert.notEqual(noteKDF.salt, v.vectors[0].kdf.salt);
  const a = await wrapAccountKey(key, derived[0].wrappingKey, binding(v.vectors[0]));
  const b = await wrapAccountKey(key, derived[0].wrappingKey, binding(v.vectors[0]));
  assert.equal(a.length, WRAPPED_KEY_LENGTH);
  assert.notEqual(toBase64(a), toBase64(b));
  const back = await unwrapAccountKey(a, derived[0].wrappingKey, binding(v.vectors[0]), { extractable: true });
  assert.equal(await raw(back), await raw(key));
  assert.equal(toBase64(associatedData(binding(v.vectors[0]))), toBase64(new TextEncoder().encode(`seqr-account-key-v1\0alice\0password\0${v.vectors[0].methodID}`)));
  await assert.rejects(async () => associatedData({ ...binding(v.vectors[0]), kind: 'sms' }), { code: 'unknownKind' });
});
