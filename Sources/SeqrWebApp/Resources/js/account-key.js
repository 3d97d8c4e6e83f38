// The account key, wrapped once per unlock method (docs/formats/notes.md "Account key"; Swift:
// SeqrCore/Notes/WrappedAccountKey.swift, AccountKey.swift):
//   wrapped = 0x01 ‖ nonce (12) ‖ AES-256-GCM(wrappingKey, accountKey (32)) ‖ tag (16)   = 61 bytes
//   associated data = "seqr-account-key-v1" 0x00 username 0x00 kind 0x00 methodID
// The kind and id are bound, so a server that moves a wrapped key to another account or method
// makes it fail to open. The account key is unwrapped non-extractable for the notes; an
// extractable copy exists only for the moment a new wrap is made. No DOM.
import { concatBytes, randomBytes, utf8 } from './bytes.js';
import { freshKDF } from './note-kdf.js';

export const WRAPPED_KEY_VERSION = 0x01;
export const WRAPPED_KEY_LENGTH = 61;
export const UNLOCK_KINDS = ['password', 'passkey', 'kit'];

export class AccountKeyError extends Error {
  constructor(code, message) { super(message); this.name = 'AccountKeyError'; this.code = code; }
}

function checkBinding({ username, kind, methodID }) {
  if (!UNLOCK_KINDS.includes(kind)) throw new AccountKeyError('unknownKind', `unknown unlock method kind "${String(kind)}"`);
  if (typeof username !== 'string' || typeof methodID !== 'string') throw new AccountKeyError('badBinding', 'a wrapped key needs a username and a method id');
}

/** "seqr-account-key-v1" 0x00 username 0x00 kind 0x00 methodID, as bytes. */
export function associatedData({ username, kind, methodID }) {
  checkBinding({ username, kind, methodID });
  const zero = new Uint8Array([0]);
  return concatBytes(utf8('seqr-account-key-v1'), zero, utf8(username), zero, utf8(kind), zero, utf8(methodID));
}

/** A new account's key (extractable, so it can be wrapped) and its note label: a salt of its own, which no password derives. */
export async function randomAccountKey(iterations) {
  const key = await crypto.subtle.importKey('raw', randomBytes(32), 'AES-GCM', true, ['encrypt', 'decrypt']);
  return { key, noteKDF: freshKDF(iterations) };
}

/** An existing account's key: the encKey bytes its password derived (deriveAccountKeys with extractable). */
export function existingAccountKey(encKeyBytes) {
  return crypto.subtle.importKey('raw', encKeyBytes, 'AES-GCM', true, ['encrypt', 'decrypt']);
}

/** `accountKey`: an extractable AES-GCM CryptoKey; `wrappingKey`: a CryptoKey with the wrapKey usage. Returns the 61 bytes. */
export async function wrapAccountKey(accountKey, wrappingKey, binding, nonce = randomBytes(12)) {
  const additionalData = associatedData(binding);
  const sealed = new Uint8Array(await crypto.subtle.wrapKey('raw', accountKey, wrappingKey, { name: 'AES-GCM', iv: nonce, additionalData }));
  return concatBytes(new Uint8Array([WRAPPED_KEY_VERSION]), nonce, sealed);
}

/** Checks length and version; AccountKeyError malformedWrappedKey / unsupportedWrappedKeyVersion. */
export function checkWrappedKey(wrapped) {
  if (!(wrapped instanceof Uint8Array) || wrapped.length !== WRAPPED_KEY_LENGTH) {
    throw new AccountKeyError('malformedWrappedKey', `a wrapped account key has ${wrapped?.length ?? 0} bytes, not ${WRAPPED_KEY_LENGTH}`);
  }
  if (wrapped[0] !== WRAPPED_KEY_VERSION) throw new AccountKeyError('unsupportedWrappedKeyVersion', `a wrapped account key of version ${wrapped[0]}; this page reads version 1`);
}

/**
 * The account key as an AES-GCM CryptoKey (non-extractable unless asked), or AccountKeyError
 * wrappedKeyDoesNotOpen: the wrong password (passkey, sheets), or a key altered or moved from
 * another account or method.
 */
export async function unwrapAccountKey(wrapped, wrappingKey, binding, { extractable = false } = {}) {
  checkWrappedKey(wrapped);
  const additionalData = associatedData(binding);
  try {
    return await crypto.subtle.unwrapKey('raw', wrapped.slice(13), wrappingKey, { name: 'AES-GCM', iv: wrapped.slice(1, 13), additionalData },
      'AES-GCM', extractable, ['encrypt', 'decrypt']);
  } catch {
    throw new AccountKeyError('wrappedKeyDoesNotOpen',
      `the account key wrapped for the ${binding.kind} does not open: the wrong ${binding.kind}, or the server altered it or moved it from another account`);
  }
}
