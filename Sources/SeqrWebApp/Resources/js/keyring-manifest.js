// The keyring's manifest (docs/formats/web-keyring.md): what sealed-records.js last wrote, so that an
// older copy of one record put back into the browser's storage is noticed at unlock. The manifest is a
// record of the keyring itself, sealed like the others: a random keyring id, a counter that every
// write raises by one, and for each sealed record its name and the SHA-256 of its stored bytes
// (nonce ‖ ciphertext, which holds GCM's tag: a fresh nonce per write makes each copy's digest new).
// What it cannot see: the whole storage put back at once (manifest and records from one moment) —
// only a counter kept elsewhere (the notes account's, keyring-account-counter.js) can. No DOM.
import { fromBase64, randomBytes, toBase64, toHex } from './bytes.js';

export const MANIFEST = 'manifest';
export const PARAMETERS = 'kdf';
// The most records a manifest lists: the keyring keeps five kinds (identity, channels, history,
// trusted keys, people); a manifest listing more was not written by this page.
const MAX_RECORDS = 64;

export class KeyringRollbackError extends Error {
  /** `code`: recordChanged, recordMissing, recordAdded, manifestMissing, olderThanAccount; `names`: the records concerned. */
  constructor(code, message, names = []) { super(message); this.name = 'KeyringRollbackError'; this.code = code; this.names = names; }
}

/** The SHA-256 of a stored record's bytes (nonce ‖ ciphertext), base64: what the manifest binds. */
export async function recordDigest(stored) {
  const nonce = fromBase64(stored?.nonce ?? '') ?? new Uint8Array(), ciphertext = fromBase64(stored?.ciphertext ?? '') ?? new Uint8Array();
  const bytes = new Uint8Array(nonce.length + ciphertext.length);
  bytes.set(nonce); bytes.set(ciphertext, nonce.length);
  return toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)));
}

/** A manifest for a new keyring: a fresh id, counter 0, no records. */
export function freshManifest() { return { version: 1, keyring: toHex(randomBytes(16)), counter: 0, records: {} }; }

/** Checks an opened manifest's shape (it is sealed, so only this page wrote it; still, never trusted blindly). */
export function checkManifest(value) {
  const names = value && typeof value.records === 'object' && value.records !== null ? Object.keys(value.records) : null;
  const ok = value?.version === 1 && /^[0-9a-f]{32}$/.test(value.keyring ?? '') && Number.isSafeInteger(value.counter) && value.counter >= 0
    && names !== null && names.length <= MAX_RECORDS && names.every((n) => n !== MANIFEST && n !== PARAMETERS && typeof value.records[n] === 'string');
  if (!ok) throw new KeyringRollbackError('recordChanged', 'the channel keyring\'s manifest is damaged', [MANIFEST]);
  return value;
}

/** The manifest after writing `stored` (the sealed value) under `name`: counter + 1, that record's digest. */
export async function withRecord(manifest, name, stored) {
  return { ...manifest, counter: manifest.counter + 1, records: { ...manifest.records, [name]: await recordDigest(stored) } };
}

/**
 * The records of `entries` ([name, stored value] of the whole storage) that differ from `manifest`:
 * { changed, missing, added } (names, sorted). The KDF parameters and the manifest itself are not
 * records it lists.
 */
export async function compareRecords(manifest, entries) {
  const stored = new Map([...entries].filter(([name]) => name !== MANIFEST && name !== PARAMETERS));
  const changed = [], missing = [], added = [];
  for (const [name, digest] of Object.entries(manifest.records)) {
    if (!stored.has(name)) missing.push(name);
    else if (await recordDigest(stored.get(name)) !== digest) changed.push(name);
  }
  // Own names only: "constructor" or "__proto__" are `in` any object (found by keyring-manifest-fuzz.mjs).
  for (const name of stored.keys()) if (!Object.hasOwn(manifest.records, name)) added.push(name);
  return { changed: changed.sort(), missing: missing.sort(), added: added.sort() };
}

const ROLLBACK_SENTENCE = 'someone may have put back an older copy. Nothing was changed: open it anyway only if you did this yourself (a restored backup of the browser, for instance).';

/** Throws the KeyringRollbackError that `compareRecords`' answer calls for, if any. */
export function refuseDifferences({ changed, missing, added }) {
  const list = (names) => names.map((n) => `"${n}"`).join(', ');
  if (changed.length > 0) {
    throw new KeyringRollbackError('recordChanged',
      `This browser's channel keyring is not the copy it last saved (record ${list(changed)} differs): ${ROLLBACK_SENTENCE}`, changed);
  }
  if (missing.length > 0) {
    throw new KeyringRollbackError('recordMissing',
      `This browser's channel keyring is not the copy it last saved (record ${list(missing)} is missing): ${ROLLBACK_SENTENCE}`, missing);
  }
  if (added.length > 0) {
    throw new KeyringRollbackError('recordAdded',
      `This browser's channel keyring is not the copy it last saved (record ${list(added)} was not written by it): ${ROLLBACK_SENTENCE}`, added);
  }
}

export function manifestMissing() {
  return new KeyringRollbackError('manifestMissing',
    `This browser's channel keyring has lost its record of what it last saved (its manifest is missing): ${ROLLBACK_SENTENCE}`, [MANIFEST]);
}

export function olderThanAccount(local, account) {
  return new KeyringRollbackError('olderThanAccount',
    `This browser's channel keyring is older than the one this account last saved (write ${local}, the account saw ${account}): ${ROLLBACK_SENTENCE}`);
}
