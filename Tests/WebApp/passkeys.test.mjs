// js/passkey-wrapping.js against Tests/Vectors/passkey-wrapping-v1.json (written by the independent
// Python reference Tests/Reference/passkey_wrapping_reference.py): the PRF input, the wrapping key
// HKDF derives from the PRF output, and the wrapped account key it opens and writes.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { unwrapAccountKey, wrapAccountKey } from '../../Sources/SeqrWebApp/Resources/js/account-key.js';
import { fromBase64, fromBase64URL, toBase64 } from '../../Sources/SeqrWebApp/Resources/js/bytes.js';
import { passkeyWrappingKey, passkeyWrappingKeyBytes, prfInput } from '../../Sources/SeqrWebApp/Resources/js/passkey-wrapping.js';

const v = JSON.parse(readFileSync(new URL('../Vectors/passkey-wrapping-v1.json', import.meta.url)));
const binding = (x) => ({ username: x.username, kind: 'passkey', methodID: x.methodID });

test('the PRF input and the wrapping key are the reference\'s; each wrapped key opens to its account key and rewraps to its bytes', async () => {
  for (const x of v.vectors) {
    assert.equal(toBase64(prfInput(fromBase64URL(x.prfSalt))), x.prfInput, x.name);
    assert.equal(toBase64(await passkeyWrappingKeyBytes(fromBase64(x.prfOutput))), x.wrappingKey, x.name);
    const wrappingKey = await passkeyWrappingKey(fromBase64(x.prfOutput));
    const key = await unwrapAccountKey(fromBase64(x.wrappedKey), wrappingKey, binding(x), { extractable: true });
    assert.equal(toBase64(new Uint8Array(await crypto.subtle.exportKey('raw', key))), x.accountKey, x.name);
    const nonce = fromBase64(x.wrappedKey).slice(1, 13);
    assert.equal(toBase64(await wrapAccountKey(key, wrappingKey, binding(x), nonce)), x.wrappedKey, x.name);
  }
});

test('another passkey\'s PRF output, or the key moved to another method or account, does not open', async () => {
  const [a, b] = v.vectors;
  const wrapped = fromBase64(a.wrappedKey);
  await assert.rejects(unwrapAccountKey(wrapped, await passkeyWrappingKey(fromBase64(b.prfOutput)), binding(a)), { code: 'wrappedKeyDoesNotOpen' });
  const key = await passkeyWrappingKey(fromBase64(a.prfOutput));
  await assert.rejects(unwrapAccountKey(wrapped, key, { ...binding(a), methodID: b.methodID }), { code: 'wrappedKeyDoesNotOpen' });
  await assert.rejects(unwrapAccountKey(wrapped, key, { ...binding(a), username: b.username }), { code: 'wrappedKeyDoesNotOpen' });
  await assert.rejects(unwrapAccountKey(wrapped, key, { ...binding(a), kind: 'password' }), { code: 'wrappedKeyDoesNotOpen' });
  assert.throws(() => prfInput(new Uint8Array(8)), RangeError);
  await assert.rejects(passkeyWrappingKeyBytes(new Uint8Array(16)), RangeError);
});
