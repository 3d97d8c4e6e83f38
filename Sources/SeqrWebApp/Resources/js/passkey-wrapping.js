// A passkey's wrapping key (docs/formats/notes.md "Passkeys"): the WebAuthn PRF extension,
// evaluated on this account's salt, gives 32 bytes only this passkey (with its user's
// fingerprint, face or PIN) can produce; HKDF turns them into the key that wraps the account key
// (account-key.js, kind "passkey", method id = the credential id in base64url):
//   prfInput    = "seqr-passkey-prf-v1" 0x00 ‖ prfSalt        (prfSalt: the account's noteKDF salt)
//   wrappingKey = HKDF-SHA256(PRF output, salt: empty, info: "seqr notes v1 passkey wrapping", 32 bytes)
// No DOM, no WebAuthn call: passkeys.js asks the browser.
import { concatBytes, utf8 } from './bytes.js';

export const PRF_LABEL = 'seqr-passkey-prf-v1';
export const WRAPPING_INFO = 'seqr notes v1 passkey wrapping';

/** The PRF extension's `first` input for an account's salt (bytes). */
export function prfInput(prfSalt) {
  if (!(prfSalt instanceof Uint8Array) || prfSalt.length < 16 || prfSalt.length > 64) throw new RangeError('a passkey PRF salt has 16–64 bytes');
  return concatBytes(utf8(PRF_LABEL), new Uint8Array([0]), prfSalt);
}

/** The raw 32 bytes of the wrapping key (for the vectors); the page uses passkeyWrappingKey. */
export async function passkeyWrappingKeyBytes(prfOutput) {
  if (!(prfOutput instanceof Uint8Array) || prfOutput.length !== 32) throw new RangeError('a PRF output has 32 bytes');
  const ikm = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: utf8(WRAPPING_INFO) }, ikm, 256));
}

/** The wrapping key as a non-extractable AES-GCM CryptoKey for wrapKey/unwrapKey. */
export async function passkeyWrappingKey(prfOutput) {
  const bytes = await passkeyWrappingKeyBytes(prfOutput);
  try {
    return await crypto.subtle.importKey('raw', bytes, 'AES-GCM', false, ['wrapKey', 'unwrapKey']);
  } finally {
    bytes.fill(0);
  }
}
