// HKDF-SHA256 (RFC 5869) as its two steps, Extract and Expand, composed from WebCrypto's
// HMAC-SHA256: HPKE (hpke.js) needs them apart, and WebCrypto's own HKDF only runs them together.
// Checked against RFC 5869's SHA-256 vectors and WebCrypto's HKDF (Tests/WebApp/hpke.test.mjs).
import { concatBytes } from './bytes.js';

export const HASH_LENGTH = 32;

async function hmac(key, data) {
  // An empty HMAC key equals HASH_LENGTH zero bytes (both are zero-padded to the block), and
  // WebCrypto refuses an empty one.
  const raw = key.length === 0 ? new Uint8Array(HASH_LENGTH) : key;
  const hmacKey = await crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, data));
}

/** PRK = HMAC-SHA256(salt, ikm); an empty salt is 32 zero bytes. */
export function hkdfExtract(salt, ikm) { return hmac(salt, ikm); }

/** The first `length` bytes (at most 255 × 32) of T(1) ‖ T(2) ‖ …, T(i) = HMAC(prk, T(i−1) ‖ info ‖ i). */
export async function hkdfExpand(prk, info, length) {
  if (!Number.isInteger(length) || length < 0 || length > 255 * HASH_LENGTH) throw new RangeError(`HKDF-Expand of ${length} bytes`);
  const out = new Uint8Array(length);
  let previous = new Uint8Array(0);
  for (let i = 1, at = 0; at < length; i++) {
    previous = await hmac(prk, concatBytes(previous, info, Uint8Array.of(i)));
    out.set(previous.subarray(0, Math.min(HASH_LENGTH, length - at)), at);
    at += HASH_LENGTH;
  }
  return out;
}
