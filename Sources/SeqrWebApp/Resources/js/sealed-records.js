// Named records sealed under a passphrase, for what the channel views keep in this browser (the
// identity's private keys, channel secrets, read messages): never stored in the clear.
//   key    = PBKDF2-HMAC-SHA256(NFC(passphrase), salt (16 random bytes), iterations, 32 bytes),
//            a non-extractable AES-256-GCM CryptoKey in this page's memory only
//   record = { nonce (12 random bytes), ciphertext } of the record's JSON, AAD
//            "seqr web keyring v2" 0x00 <record name>, so records cannot be swapped for one another
// Beside them a sealed manifest (keyring-manifest.js; docs/formats/web-keyring.md) lists every
// record's digest under a counter each write raises, written in the same IndexedDB transaction as
// the record: unlocking refuses a record that is not the copy last written, a missing one or one
// never written (an older copy put back), unless the person chooses to go on. Records of a keyring
// made before the manifest ("v1" in the AAD) are sealed again as v2 with a manifest at their first
// unlock: a v2 record without a manifest is one whose manifest was deleted.
// The parameters (salt, iterations) are stored in the clear beside them, as `seqr notes` keeps its
// own (note-kdf.js checks them the same way). `backend` is get(name)/put(name, value)/entries(),
// and putMany(entries) in one transaction where the storage has it: IndexedDB in the page
// (idb-records.js), a Map in tests.
import { decodeUTF8, fromBase64, randomBytes, toBase64, utf8 } from './bytes.js';
import { checkKDF, freshKDF } from './note-kdf.js';

// The clear KDF parameters and the manifest, as keyring-manifest.js names them; that module is
// loaded when the keyring is first opened or made, not with the page.
const PARAMETERS = 'kdf', MANIFEST = 'manifest';
const manifests = () => import('./keyring-manifest.js');

export class VaultError extends Error {
  constructor(code, message) { super(message); this.name = 'VaultError'; this.code = code; }
}

async function deriveKey(passphrase, kdf, minimumIterations) {
  const salt = checkKDF(kdf, minimumIterations);
  const material = await crypto.subtle.importKey('raw', utf8(passphrase.normalize('NFC')), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: kdf.iterations }, material,
    { name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

// v1: records of a keyring made before the manifest; v2: records a manifest lists.
const aad = (name, version = 2) => utf8(`seqr web keyring v${version}\u0000${name}`);

/** One piece of work at a time in this page (the page passes a Web Lock shared by its tabs instead). */
function inPageLock() {
  let last = Promise.resolve();
  return (work) => { const run = last.then(work, work); last = run.catch(() => {}); return run; };
}

async function seal(key, name, value) {
  const nonce = randomBytes(12);
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad(name), tagLength: 128 }, key, utf8(JSON.stringify(value)));
  return { nonce: toBase64(nonce), ciphertext: toBase64(new Uint8Array(sealed)) };
}

/** The record's value, or null when it does not open under `key` for `name` at AAD `version`. */
async function open(key, name, stored, version = 2) {
  const nonce = fromBase64(stored?.nonce ?? ''), ciphertext = fromBase64(stored?.ciphertext ?? '');
  if (!nonce || nonce.length !== 12 || !ciphertext) return null;
  let plain;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce, additionalData: aad(name, version), tagLength: 128 }, key, ciphertext);
  } catch { return null; }
  try { return { value: JSON.parse(decodeUTF8(new Uint8Array(plain))) }; } catch { throw new VaultError('damaged', `the record "${name}" is damaged`); }
}

const altered = () => new VaultError('wrongPassphrase', 'wrong passphrase, or what this browser keeps was altered');

export class SealedRecords {
  /** `exclusive(work)`: runs work while no other tab writes the records (the page passes a Web Lock; alone, one at a time in this page). */
  constructor(backend, { iterations, minimumIterations, exclusive = inPageLock() } = {}) {
    // afterWrite(): called after each record written (the keyring saves its counter with the account).
    Object.assign(this, { backend, iterations, minimumIterations, exclusive, key: null, keyringID: null, counter: null, afterWrite: null });
  }

  async exists() { return (await this.backend.get(PARAMETERS)) !== undefined; }
  get unlocked() { return this.key !== null; }

  async #entries() { return new Map(await this.backend.entries()); }
  async #write(entries) {
    if (this.backend.putMany) return this.backend.putMany(entries);
    for (const [name, value] of entries) await this.backend.put(name, value);
  }

  /** Starts an empty set of records under a new passphrase (fresh salt) with its manifest; never over records kept already. */
  async create(passphrase) {
    if (await this.exists()) throw new VaultError('exists', 'an identity is kept in this browser already: reload, and unlock it with its passphrase');
    const kdf = freshKDF(this.iterations);
    const [key, m] = await Promise.all([deriveKey(passphrase, kdf, this.minimumIterations), manifests()]);
    const manifest = m.freshManifest();
    await this.exclusive(async () => {
      if (await this.exists()) throw new VaultError('exists', 'an identity is kept in this browser already: reload, and unlock it with its passphrase');
      await this.#write([[PARAMETERS, kdf], [MANIFEST, await seal(key, MANIFEST, manifest)]]);
    });
    Object.assign(this, { key, keyringID: manifest.keyring, counter: manifest.counter });
  }

  /**
   * Derives the key; `check` names a record that must open (wrongPassphrase otherwise). Then the
   * manifest: a record that is not the copy last written, missing, or never written, or a manifest
   * gone, is a KeyringRollbackError and the records stay locked — unless `acceptRollback`, which binds
   * the manifest to what is stored now (nothing is deleted either way). A keyring from before the
   * manifest gets one here.
   */
  async unlock(passphrase, check, { acceptRollback = false } = {}) {
    const kdf = await this.backend.get(PARAMETERS);
    if (!kdf) throw new VaultError('noRecords', 'nothing is kept in this browser yet');
    const [key, m] = await Promise.all([deriveKey(passphrase, kdf, this.minimumIterations), manifests()]);
    await this.exclusive(async () => {
      const stored = await this.#entries();
      // A missing record would let any passphrase through.
      if (!stored.has(check)) throw new VaultError('damaged', `what this browser keeps is damaged: the record "${check}" is missing`);
      const checked = await open(key, check, stored.get(check));
      const sealedManifest = stored.get(MANIFEST);
      if (!sealedManifest) {
        if (checked) { if (!acceptRollback) throw m.manifestMissing(); }
        else if (!(await open(key, check, stored.get(check), 1))) throw altered();
        // Made before the manifest (v1 records), or the person chose to go on: bound from now.
        return this.#rebind(key, stored, null);
      }
      if (!checked) throw altered();
      // The passphrase is right (the check record opened): a manifest that does not open, or is not
      // one, was altered — refused like any record, and the person may go on (bound afresh).
      const opened = await open(key, MANIFEST, sealedManifest);
      let manifest;
      try {
        if (!opened) m.refuseDifferences({ changed: [MANIFEST], missing: [], added: [] });
        manifest = m.checkManifest(opened.value);
      } catch (error) {
        if (!acceptRollback) throw error;
        return this.#rebind(key, stored, null);
      }
      const differences = await m.compareRecords(manifest, stored);
      if (differences.changed.length + differences.missing.length + differences.added.length > 0) {
        if (!acceptRollback) m.refuseDifferences(differences);
        return this.#rebind(key, stored, manifest);
      }
      Object.assign(this, { key, keyringID: manifest.keyring, counter: manifest.counter });
    });
  }

  /** Seals every stored record again (v2) under a new manifest of what is stored now: nothing is written unless all open. */
  async #rebind(key, stored, previous) {
    const m = await manifests();
    const writes = [];
    let manifest = { ...(previous ?? m.freshManifest()), records: {} };
    for (const [name, sealed] of stored) {
      if (name === PARAMETERS || name === MANIFEST) continue;
      const opened = (await open(key, name, sealed)) ?? (await open(key, name, sealed, 1));
      if (!opened) throw new VaultError('wrongPassphrase', `the record "${name}" does not open with this passphrase: what this browser keeps was altered`);
      const again = await seal(key, name, opened.value);
      writes.push([name, again]);
      manifest = await m.withRecord(manifest, name, again);
    }
    manifest.counter += 1;
    await this.#write([...writes, [MANIFEST, await seal(key, MANIFEST, manifest)]]);
    Object.assign(this, { key, keyringID: manifest.keyring, counter: manifest.counter });
  }

  /** Raises the manifest's counter past `atLeast` (a count kept elsewhere, e.g. with the account, that this keyring must pass). */
  async raiseCounter(atLeast) {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    await this.exclusive(async () => {
      const manifest = await this.#manifest();
      if (manifest.counter > atLeast) return;
      const next = { ...manifest, counter: atLeast + 1 };
      await this.#write([[MANIFEST, await seal(this.key, MANIFEST, next)]]);
      this.counter = next.counter;
    });
  }

  /** The counter of the manifest stored now (another tab may have written since this one unlocked). */
  async storedCounter() {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    const counter = (await this.#manifest()).counter;
    this.counter = Math.max(this.counter ?? 0, counter);
    return counter;
  }

  /** Whether `passphrase` opens the record `check`; the records stay as they are (unlocked or not). */
  async verifyPassphrase(passphrase, check) {
    const kdf = await this.backend.get(PARAMETERS);
    if (!kdf) throw new VaultError('noRecords', 'nothing is kept in this browser yet');
    const key = await deriveKey(passphrase, kdf, this.minimumIterations);
    if (!(await open(key, check, await this.backend.get(check)))) throw altered();
  }

  lock() { this.key = null; this.keyringID = null; this.counter = null; }

  async #manifest() {
    const m = await manifests();
    const sealed = await this.backend.get(MANIFEST);
    if (sealed === undefined) throw m.manifestMissing();
    const opened = await open(this.key, MANIFEST, sealed);
    if (!opened) throw altered();
    return m.checkManifest(opened.value);
  }

  /** Seals `value` as the record `name`, and the manifest's new counter and digest with it, in one write. */
  async put(name, value) {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    if (name === MANIFEST || name === PARAMETERS) throw new VaultError('damaged', `"${name}" is not a record name`);
    const key = this.key;
    await this.exclusive(async () => {
      const sealed = await seal(key, name, value);
      const m = await manifests();
      const manifest = await m.withRecord(await this.#manifest(), name, sealed);
      await this.#write([[name, sealed], [MANIFEST, await seal(key, MANIFEST, manifest)]]);
      if (this.key === key) this.counter = manifest.counter;
    });
    this.afterWrite?.();
  }

  /** The record's value, or `fallback` when there is none. */
  async get(name, fallback = undefined) {
    if (!this.key) throw new VaultError('locked', 'locked: enter the passphrase first');
    const stored = await this.backend.get(name);
    if (stored === undefined) return fallback;
    const opened = await open(this.key, name, stored);
    if (!opened) throw altered();
    return opened.value;
  }
}
