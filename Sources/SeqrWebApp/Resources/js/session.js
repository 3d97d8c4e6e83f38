// The signed-in account as this page holds it: the API token and the account's keys, in memory
// only. Nothing that decrypts is ever stored: a reload starts locked (the account's name is
// remembered, nothing else), and lock() forgets the keys (the token stays while a location share
// needs it, and is logged out on sign-out, on unlock, which signs in afresh, and when the page goes
// away: leave()). Only sign-out forgets the account.
import { SeqrAPI } from './api.js';
import { deriveAccountKeys, freshKDF, kdfCacheKey, RECOMMENDED_ITERATIONS } from './note-kdf.js';
import { SeenNoteVersions } from './seen-versions.js';

const LAST_USERNAME = 'seqr.last-username';
// The account this browser was signed in to and not signed out of: a reload shows it Locked.
const REMEMBERED_ACCOUNT = 'seqr.account';

export class Session extends EventTarget {
  constructor(base, storage) {
    super();
    this.api = new SeqrAPI(base);
    this.origin = new URL(base).origin;
    this.storage = storage;
    this.username = null;
    this.kdf = null;
    this.keys = new Map();  // kdfCacheKey -> { authKey, encKey }
    this.seen = null;
  }

  get signedIn() { return this.api.token !== null; }
  get unlocked() { return this.signedIn && this.keys.size > 0; }
  get lastUsername() { return this.storage.getItem(LAST_USERNAME) ?? ''; }
  /** The account a reload left locked (not signed out of), or null. */
  get rememberedUsername() { return this.username ?? this.storage.getItem(REMEMBERED_ACCOUNT); }

  accountKeys() { return this.keys.get(kdfCacheKey(this.kdf)); }

  /** The encKey for a note's parameters: derived at sign-in for every set the account's notes use. */
  async keyFor(kdf) {
    const keys = this.keys.get(kdfCacheKey(kdf));
    if (!keys) throw new Error('this note was sealed under other key parameters: sign in again to open it');
    return keys.encKey;
  }

  #started(session) {
    this.username = session.username;
    this.kdf = session.kdf;
    this.seen = new SeenNoteVersions(this.storage, this.origin, session.username);
    this.storage.setItem(LAST_USERNAME, session.username);
    this.storage.setItem(REMEMBERED_ACCOUNT, session.username);
    this.dispatchEvent(new Event('change'));
  }

  async register(username, password) {
    const kdf = freshKDF(RECOMMENDED_ITERATIONS);
    const keys = await deriveAccountKeys(password, kdf);
    const session = await this.api.register(username, keys.authKey, kdf);
    this.keys = new Map([[kdfCacheKey(kdf), keys]]);
    this.#started(session);
  }

  async signIn(username, password) {
    const kdf = await this.api.kdf(username);
    const keys = await deriveAccountKeys(password, kdf);
    const session = await this.api.login(username, keys.authKey);
    const all = new Map([[kdfCacheKey(session.kdf), keys]]);
    // Notes sealed under older parameters (before a rise) need their own keys; the password is
    // dropped after this, so they are derived now.
    for (const note of await this.api.listNotes()) {
      if (note.format === 'seqr-aead-v1' && note.kdf?.salt && !all.has(kdfCacheKey(note.kdf))) {
        try { all.set(kdfCacheKey(note.kdf), await deriveAccountKeys(password, note.kdf)); } catch { /* reported when opened */ }
      }
    }
    this.keys = all;
    this.#started(session);
  }

  /**
   * Unlocks a locked page, or the remembered account after a reload: a fresh sign-in with the same
   * name (the old session, if this page still holds one, is logged out).
   */
  async unlock(password) {
    const old = this.api.token;
    await this.signIn(this.rememberedUsername, password);
    if (old && old !== this.api.token) {
      const current = this.api.token;
      this.api.token = old;
      try { await this.api.logout(); } catch { /* already gone */ }
      this.api.token = current;
    }
  }

  /** Forgets every key; the page must ask for the password again. */
  lock() {
    this.keys = new Map();
    this.dispatchEvent(new Event('lock'));
  }

  /** The page is going away (pagehide): the keys are forgotten and the server session ended. */
  leave() {
    this.keys = new Map();
    this.api.logoutOnLeave();
    this.dispatchEvent(new Event('lock'));
  }

  async signOut() {
    this.keys = new Map();
    this.storage.removeItem(REMEMBERED_ACCOUNT);
    try { await this.api.logout(); } catch { /* the token is forgotten either way */ }
    this.api.token = null;
    this.username = null;
    this.kdf = null;
    this.dispatchEvent(new Event('change'));
  }

  /**
   * Changes the password: every note opened and re-sealed under the new keys for its next version,
   * all replaced by the server in one transaction (or none, 409 notes_changed).
   */
  async changePassword(current, next, notesClient) {
    const currentKeys = await deriveAccountKeys(current, this.kdf);
    if (currentKeys.authKey !== this.accountKeys()?.authKey) {
      const error = new Error('the current password is not the one this account was unlocked with');
      error.code = 'wrong_password';
      throw error;
    }
    const newKDF = freshKDF(Math.max(RECOMMENDED_ITERATIONS, this.kdf.iterations));
    const newKeys = await deriveAccountKeys(next, newKDF);
    const resealed = await notesClient.resealAll(newKDF, newKeys.encKey);
    await this.api.changePassword(currentKeys.authKey, newKeys.authKey, newKDF, resealed.map((r) => r.write));
    for (const r of resealed) this.seen.record(r.write.note.id, { version: r.write.version + 1, bound: true });
    this.kdf = newKDF;
    this.keys = new Map([[kdfCacheKey(newKDF), newKeys]]);
  }
}
