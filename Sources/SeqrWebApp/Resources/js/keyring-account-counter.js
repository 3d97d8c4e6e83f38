// The channel keyring's counter kept with the notes account (docs/formats/web-keyring.md): after
// the keyring's writes the page saves its manifest's counter there, sealed under the account key,
// and at unlock reads it back, so that this browser's whole keyring put back from an older moment
// — which its own manifest cannot see — is noticed. Keyed by the keyring's random id: each browser
// keeps its own keyring, and the same account in two browsers has two counters.
//   sealed = nonce (12 random bytes) ‖ AES-256-GCM(counter, UInt64 big-endian) ‖ tag (16): 36 bytes
//   AAD    = "seqr web keyring counter v1" 0x00 <username> 0x00 <keyring id>
// The server can withhold a counter, or hand back one of another keyring or account (it does not
// open: taken as none), but cannot make one this page would read as higher. No DOM.
import { ApiError } from './api.js';
import { fromBase64, randomBytes, toBase64, utf8 } from './bytes.js';

const aad = (username, keyringID) => utf8(`seqr web keyring counter v1\u0000${username}\u0000${keyringID}`);

/** Seals `counter` for `keyringID` of `username` under the account key (an AES-GCM CryptoKey). */
export async function sealCounter(key, username, keyringID, counter) {
  const plain = new Uint8Array(8);
  new DataView(plain.buffer).setBigUint64(0, BigInt(counter));
  const nonce = randomBytes(12);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad(username, keyringID), tagLength: 128 }, key, plain));
  const out = new Uint8Array(12 + sealed.length);
  out.set(nonce); out.set(sealed, 12);
  return out;
}

/** The counter in `sealed`, or null when it does not open for this keyring and account (or is not 36 bytes). */
export async function openCounter(key, username, keyringID, sealed) {
  if (!(sealed instanceof Uint8Array) || sealed.length !== 36) return null;
  try {
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.slice(0, 12), additionalData: aad(username, keyringID), tagLength: 128 },
      key, sealed.slice(12));
    const counter = new DataView(plain).getBigUint64(0);
    return counter <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(counter) : null;
  } catch { return null; }
}

/** The signed-in account's side: `read` and `save` do nothing (null) unless the session is unlocked with an account key. */
export class KeyringAccountCounter {
  constructor(session) { this.session = session; }

  #account() {
    const { session } = this;
    return session.unlocked && session.accountKey ? { key: session.accountKey.key, username: session.username, api: session.api } : null;
  }

  /** The counter the account keeps for `keyringID`, or null (none, not signed in, offline, or one that does not open). */
  async read(keyringID) {
    const account = this.#account();
    if (!account) return null;
    try {
      const found = await account.api.request('GET', `/v1/account/keyrings/${encodeURIComponent(keyringID)}`);
      return openCounter(account.key, account.username, keyringID, fromBase64(found?.sealed ?? ''));
    } catch (error) {
      if (error instanceof ApiError) return null;
      throw error;
    }
  }

  /** Saves `counter` for `keyringID`; false when it could not (not signed in, offline, refused). */
  async save(keyringID, counter) {
    const account = this.#account();
    if (!account) return false;
    const sealed = await sealCounter(account.key, account.username, keyringID, counter);
    try {
      await account.api.request('PUT', `/v1/account/keyrings/${encodeURIComponent(keyringID)}`, { sealed: toBase64(sealed) });
      return true;
    } catch (error) {
      if (error instanceof ApiError) return false;
      throw error;
    }
  }
}
