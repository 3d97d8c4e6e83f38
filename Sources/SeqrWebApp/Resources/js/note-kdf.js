// Account keys from a password, as `seqr notes` derives them (docs/formats/notes.md; Swift:
// SeqrCore/Notes/AccountKeys.swift, AccountKDFParameters.swift):
//   master  = PBKDF2-HMAC-SHA256(NFC(password) as UTF-8, salt, iterations, 32 bytes)
//   authKey = HKDF-SHA256(master, salt: empty, info: "seqr notes v1 authentication", 32 bytes)
//   encKey  = HKDF-SHA256(master, salt: empty, info: "seqr notes v1 encryption", 32 bytes)
//   wrappingKey = HKDF-SHA256(master, salt: empty, info: "seqr notes v1 key wrapping", 32 bytes)
// Only authKey (base64) is sent; encKey and wrappingKey stay non-extractable CryptoKeys in this
// page's memory (wrappingKey wraps and unwraps the account key: account-key.js).
import { fromBase64, randomBytes, toBase64, utf8 } from './bytes.js';

export const PBKDF2_SHA256 = 'pbkdf2-sha256';
export const RECOMMENDED_ITERATIONS = 600_000;
/** Fewer would let a hostile server ask for a cheap derivation and brute-force the authKey it receives. */
export const MINIMUM_ITERATIONS = 210_000;
export const MAXIMUM_ITERATIONS = 50_000_000;

export class KDFError extends Error {
  constructor(code, message) { super(message); this.name = 'KDFError'; this.code = code; }
}

/** Throws KDFError unless `kdf` is parameters this client derives with. Returns the salt's bytes. */
export function checkKDF(kdf, minimumIterations = MINIMUM_ITERATIONS) {
  if (!kdf || kdf.algorithm !== PBKDF2_SHA256) {
    throw new KDFError('unsupportedKDF', `unsupported key derivation "${String(kdf?.algorithm)}"`);
  }
  const n = kdf.iterations;
  if (!Number.isInteger(n) || n < Math.max(1, minimumIterations) || n > MAXIMUM_ITERATIONS) {
    throw new KDFError('weakKDFParameters', `the server asks for ${n} KDF iterations, fewer than the ${minimumIterations} this client accepts`);
  }
  const salt = fromBase64(kdf.salt);
  if (!salt || salt.length < 16 || salt.length > 64) throw new KDFError('badKDFSalt', 'the KDF salt is not 16 to 64 bytes of base64');
  return salt;
}

/** New parameters with a fresh 16-byte salt from the system RNG. */
export function freshKDF(iterations = RECOMMENDED_ITERATIONS) {
  return { algorithm: PBKDF2_SHA256, iterations, salt: toBase64(randomBytes(16)) };
}

/** The kdf object's identity, for caching keys per set of parameters. */
export function kdfCacheKey(kdf) { return `${kdf.algorithm}:${kdf.iterations}:${kdf.salt}`; }

async function hkdfBits(master, info) {
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(info) }, master, 256);
  return new Uint8Array(bits);
}

/**
 * { authKey: base64 string, encKey: AES-GCM CryptoKey (non-extractable), wrappingKey: AES-GCM CryptoKey for wrapKey/unwrapKey }.
 * `options.extractable` exposes encKey's bytes as `encKeyBytes` (tests compare them with the vectors).
 */
export async function deriveAccountKeys(password, kdf, { minimumIterations = MINIMUM_ITERATIONS, extractable = false } = {}) {
  const salt = checkKDF(kdf, minimumIterations);
  const passwordKey = await crypto.subtle.importKey('raw', utf8(password.normalize('NFC')), 'PBKDF2', false, ['deriveBits']);
  const masterBits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, passwordKey, 256);
  const master = await crypto.subtle.importKey('raw', masterBits, 'HKDF', false, ['deriveBits']);
  const auth = await hkdfBits(master, 'seqr notes v1 authentication');
  const enc = await hkdfBits(master, 'seqr notes v1 encryption');
  const wrap = await hkdfBits(master, 'seqr notes v1 key wrapping');
  const encKey = await crypto.subtle.importKey('raw', enc, 'AES-GCM', false, ['encrypt', 'decrypt']);
  const wrappingKey = await crypto.subtle.importKey('raw', wrap, 'AES-GCM', false, ['wrapKey', 'unwrapKey']);
  const keys = { authKey: toBase64(auth), encKey, wrappingKey };
  if (extractable) { keys.encKeyBytes = enc; keys.wrappingKeyBytes = wrap; } else { enc.fill(0); wrap.fill(0); }
  auth.fill(0);
  return keys;
}
