// Named records sealed under a passphrase, for what the channel views keep in this browser (the
// identity's private keys, channel secrets, read messages): never stored in the clear.
//   key    = PBKDF2-HMAC-SHA256(NFC(passphrase), salt (16 random bytes), iterations, 32 bytes),
//            a non-extractable AES-256-GCM CryptoKey in this page's memory only
//   record = { nonce (12 random bytes), ciphertext } of the record's JSON, AAD
//            "seqr web keyring v1" 0x00 <record name>, so records cannot be swapped for one another
// The parameters (salt, iterations) are stored in the clear beside them, as `seqr notes` keeps its
// own (note-kdf.js checks them the same way). `backend` is get(name)/put(name, value): IndexedDB
// in the page (idb-records.js), a Map in tests.
import { decodeUTF8, fromBase64, randomBytes, toBase64, utf8 } from './bytes.js';
import { checkKDF, freshKDF } from './note-kdf.js';

const PARAMETERS = 'kdf';

export class VaultError extends Error {
  constructor(code, message) { super(message); this.name = 'VaultError'; this.code = code; }
}

async function deriveKey(passphrase, kdf, minimumIterations) {
  const salt = checkKDF(kdf, minimumIterations);
  const material = await crypto.subtle.importKey('raw', utf8(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, material,
    { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

const aad = (name) => utf8(`seqr web keyring v1\u0000${name}`);

export class SealedRecords {
  constructor(backend, { iterations, minimumIterations } = {}) {
    Object.assign(this, { backend, iterations, minimumIterations, key: null });
  }

  async exists() { return (await this.backend.get(PARAMETERS)) !== undefined; }
  get unlocked() { return this.key !== null; }

  /** Starts an empty set of records under a new passphrase (fresh salt); never over records kept already. */
  async create(passphrase) {
    if (await this.exists()) throw new VaultError('exists', 'an identity is kept in this browser already: reload, and unlock it with its passphrase');
    const kdf = freshKDF(this.iterations);
    this.key = await deriveKey(passphrase, kdf, this.minimumIterations);
    await this.backend.put(PARAMETERS, kdf);
  }

  /** Derives the key; `check` names a record that must open (wrongPassphrase otherwise). */
  async unlock(passphrase, check) {
    const kdf = await this.backend.get(PARAMETERS);
    if (!kdf) throw new VaultError('noRecords', 'nothing is kept in this browser yet');
    const key = await deriveKey(passphrase, kdf, this.minimumIterations);
    const previous = this.key;
    this.key = key;
    try {
      // A missing record would let any passphrase through.
      if (await this.get(check) === undefined) throw new VaultError('damaged', `what this browser keeps is damaged: the record "${check}" is missing`);
    } catch (error) { this.key = previous; throw error; }
  }

  lock() { this.key = null; }

  async put(name, value) {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    const nonce = randomBytes(12);
    const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad(name), tagLength: 128 }, this.key, utf8(JSON.stringify(value)));
    await this.backend.put(name, { nonce: toBase64(nonce), ciphertext: toBase64(new Uint8Array(sealed)) });
  }

  /** The record's value, or `fallback` when there is none. */
  async get(name, fallback = undefined) {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    const stored = await this.backend.get(name);
    if (stored === undefined) return fallback;
    const nonce = fromBase64(stored?.nonce ?? ''), ciphertext = fromBase64(stored?.ciphertext ?? '');
    let plain;
    try {
      if (!nonce || nonce.length !== 12 || !ciphertext) throw new Error();
      plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad(name), tagLength: 128 }, this.key, ciphertext);
    } catch {
      throw new VaultError('wrongPassphrase', 'wrong passphrase, or what this browser keeps was altered');
    }
    const text = decodeUTF8(new Uint8Array(plain));
    try { return JSON.parse(text); } catch { throw new VaultError('damaged', `the record "${name}" is damaged`); }
  }
}
