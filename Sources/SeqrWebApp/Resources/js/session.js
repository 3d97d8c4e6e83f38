// The signed-in account as this page holds it: the API token and the account's keys, in memory
// only. Notes are sealed under the account key (account-key.js), unwrapped with the password;
// an account made before account keys is moved over at sign-in, its encKey becoming that key.
// Nothing that decrypts is ever stored: a reload starts locked (the account's name is remembered,
// nothing else), and lock() forgets the keys (the token stays while a location share needs it, and
// is logged out on sign-out, on unlock, which signs in afresh, and when the page goes away:
// leave()). Only sign-out forgets the account.
import { AccountKeyError, existingAccountKey, randomAccountKey, unwrapAccountKey, wrapAccountKey } from './account-key.js';
import { ApiError, SeqrAPI } from './api.js';
import { fromBase64, toBase64 } from './bytes.js';
import { deriveAccountKeys, freshKDF, kdfCacheKey, RECOMMENDED_ITERATIONS } from './note-kdf.js';
import { SeenNoteVersions } from './seen-versions.js';

const LAST_USERNAME = 'seqr.last-username';
// The account this browser was signed in to and not signed out of: a reload shows it Locked.
const REMEMBERED_ACCOUNT = 'seqr.account';
// The ids of sessions pages left behind (sessionID in api.js: a hash, which cannot authenticate).
// A page going away ends its session with a keepalive request the browser may never deliver; the
// next sign-in here ends them for sure. A few at most.
const LEFT_SESSIONS = 'seqr.left-sessions';
const MAX_LEFT_SESSIONS = 8;

export class Session extends EventTarget {
  constructor(base, storage) {
    super();
    this.api = new SeqrAPI(base);
    this.origin = new URL(base).origin;
    this.storage = storage;
    this.username = null;
    this.kdf = null;
    this.keys = new Map();  // kdfCacheKey -> { authKey, encKey }
    this.accountKey = null;  // { key: non-extractable AES-GCM CryptoKey, noteKDF }, or null before account keys
    this.seen = null;
    this.leftSessionsEnded = Promise.resolve();  // what the last sign-in's ending of left sessions came to
  }

  get signedIn() { return this.api.token !== null; }
  get unlocked() { return this.signedIn && (this.keys.size > 0 || this.accountKey !== null); }
  get lastUsername() { return this.storage.getItem(LAST_USERNAME) ?? ''; }
  /** The account a reload left locked (not signed out of), or null. */
  get rememberedUsername() { return this.username ?? this.storage.getItem(REMEMBERED_ACCOUNT); }

  accountKeys() { return this.keys.get(kdfCacheKey(this.kdf)); }

  /** What new notes are sealed with: the account key and its label, else (an old server) the password's encKey. */
  sealingKey() {
    if (this.accountKey) return { kdf: this.accountKey.noteKDF, key: this.accountKey.key };
    return { kdf: this.kdf, key: this.accountKeys().encKey };
  }

  /** The key for a note's parameters: the account key for its label, else derived at sign-in from the password. */
  async keyFor(kdf) {
    if (this.accountKey && kdfCacheKey(kdf) === kdfCacheKey(this.accountKey.noteKDF)) return this.accountKey.key;
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
    this.leftSessionsEnded = this.#endLeftSessions();
  }

  #leftSessions() {
    try {
      const ids = JSON.parse(this.storage.getItem(LEFT_SESSIONS) ?? '[]');
      return Array.isArray(ids) ? ids.filter((id) => typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id)) : [];
    } catch { return []; }
  }

  /** Ends the sessions pages left behind, each once the server has answered (offline: kept for next time). */
  async #endLeftSessions() {
    const token = this.api.token;
    for (const id of this.#leftSessions()) {
      try {
        await this.api.endSession(id, token);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'offline') continue;
        if (error instanceof ApiError && error.status === 401) return;  // this session ended meanwhile
      }
      this.storage.setItem(LEFT_SESSIONS, JSON.stringify(this.#leftSessions().filter((left) => left !== id)));
    }
  }

  /** The password's wrapped copy of `key` (extractable) for this account, under a fresh method id. */
  static async passwordMethod(key, keys, username) {
    const id = crypto.randomUUID();
    const wrapped = await wrapAccountKey(key, keys.wrappingKey, { username, kind: 'password', methodID: id });
    return { kind: 'password', id, wrappedKey: toBase64(wrapped) };
  }

  async register(username, password) {
    const kdf = freshKDF(RECOMMENDED_ITERATIONS);
    const keys = await deriveAccountKeys(password, kdf);
    // A random account key seals the notes; the password only wraps it.
    const { key, noteKDF } = await randomAccountKey(kdf.iterations);
    const method = await Session.passwordMethod(key, keys, username);
    const session = await this.api.register(username, keys.authKey, kdf, { noteKDF, password: method });
    this.keys = new Map([[kdfCacheKey(kdf), keys]]);
    this.accountKey = {
      key: await unwrapAccountKey(fromBase64(method.wrappedKey), keys.wrappingKey, { username, kind: 'password', methodID: method.id }), noteKDF,
    };
    this.#started(session);
  }

  /**
   * The account key, unwrapped with the password's keys; an account without one is moved over in
   * one step (POST /v1/account/key): its encKey becomes the account key, so no note changes. A
   * server that does not know account keys (404) leaves the page sealing from the password.
   */
  async #unlockAccountKey(username, keys, kdf) {
    let list;
    try { list = await this.api.unlockMethods(); } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
    if (!list.noteKDF) {
      const key = await existingAccountKey(keys.encKeyBytes);
      try {
        await this.api.createAccountKey(keys.authKey, await Session.passwordMethod(key, keys, username));
        return { key: keys.encKey, noteKDF: kdf };
      } catch (error) {
        if (!(error instanceof ApiError && error.code === 'account_key_exists')) throw error;
        list = await this.api.unlockMethods();  // another device moved it over meanwhile
      }
    }
    const method = list.methods.find((m) => m.kind === 'password');
    if (!method) throw new AccountKeyError('noPasswordUnlock', 'the server lists no password-wrapped account key for this account');
    const key = await unwrapAccountKey(fromBase64(method.wrappedKey), keys.wrappingKey, { username, kind: 'password', methodID: method.id });
    return { key, noteKDF: list.noteKDF };
  }

  async signIn(username, password) {
    const kdf = await this.api.kdf(username);
    // The raw bytes are kept only to move an older account over (its encKey becomes the account key), then wiped.
    const keys = await deriveAccountKeys(password, kdf, { extractable: true });
    let session;
    let accountKey;
    try {
      session = await this.api.login(username, keys.authKey);
      accountKey = await this.#unlockAccountKey(session.username, keys, session.kdf);
    } finally {
      keys.encKeyBytes.fill(0);
      keys.wrappingKeyBytes.fill(0);
      delete keys.encKeyBytes;
      delete keys.wrappingKeyBytes;
    }
    const all = new Map([[kdfCacheKey(session.kdf), keys]]);
    // Notes sealed under older parameters (before a rise) need their own keys; the password is
    // dropped after this, so they are derived now.
    for (const note of await this.api.listNotes()) {
      if (note.format === 'seqr-aead-v1' && note.kdf?.salt && !all.has(kdfCacheKey(note.kdf))) {
        try { all.set(kdfCacheKey(note.kdf), await deriveAccountKeys(password, note.kdf)); } catch { /* reported when opened */ }
      }
    }
    this.keys = all;
    this.accountKey = accountKey;
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

  /** A session a passkey opened (passkey-session.js): its account key, and no password keys. */
  adopt(session, accountKey) {
    this.keys = new Map();
    this.accountKey = accountKey;
    this.#started(session);
  }

  /** Forgets every key; the page must ask for the password again. */
  lock() {
    this.keys = new Map();
    this.accountKey = null;
    this.dispatchEvent(new Event('lock'));
  }

  /** The page is going away (pagehide): the keys are forgotten and the server session ended. */
  leave() {
    this.keys = new Map();
    this.accountKey = null;
    const id = this.api.tokenID;
    if (id) {
      try {
        this.storage.setItem(LEFT_SESSIONS, JSON.stringify([...this.#leftSessions().filter((left) => left !== id), id].slice(-MAX_LEFT_SESSIONS)));
      } catch { /* storage full or blocked: the keepalive request below is all there is */ }
    }
    this.api.logoutOnLeave();
    this.dispatchEvent(new Event('lock'));
  }

  async signOut() {
    this.keys = new Map();
    this.accountKey = null;
    this.storage.removeItem(REMEMBERED_ACCOUNT);
    try { await this.api.logout(); } catch { /* the token is forgotten either way */ }
    this.api.token = null;
    this.username = null;
    this.kdf = null;
    this.dispatchEvent(new Event('change'));
  }

  /**
   * Changes the password. With an account key: the key rewrapped for the new password, no note
   * touched; returns 0. Else every note is opened and re-sealed under the new keys for its next
   * version, all replaced by the server in one transaction (or none, 409 notes_changed); returns
   * how many.
   */
  async changePassword(current, next, notesClient) {
    const currentKeys = await deriveAccountKeys(current, this.kdf);
    const known = this.accountKeys();
    if (known ? currentKeys.authKey !== known.authKey : !this.accountKey) {
      const error = new Error('the current password is not the one this account was unlocked with');
      error.code = 'wrong_password';
      throw error;
    }
    const newKDF = freshKDF(Math.max(RECOMMENDED_ITERATIONS, this.kdf.iterations));
    const newKeys = await deriveAccountKeys(next, newKDF);
    if (this.accountKey) return this.#rewrap(currentKeys, newKDF, newKeys);
    const resealed = await notesClient.resealAll(newKDF, newKeys.encKey);
    await this.api.changePassword(currentKeys.authKey, newKeys.authKey, newKDF, resealed.map((r) => r.write));
    for (const r of resealed) this.seen.record(r.write.note.id, { version: r.write.version + 1, bound: true });
    this.kdf = newKDF;
    this.keys = new Map([[kdfCacheKey(newKDF), newKeys]]);
    return resealed.length;
  }

  async #rewrap(currentKeys, newKDF, newKeys) {
    // A note not sealed under the account key opens only from the old password: refused before anything changes.
    const label = kdfCacheKey(this.accountKey.noteKDF);
    const fromPassword = (await this.api.listNotes()).filter((n) => !n.kdf || kdfCacheKey(n.kdf) !== label);
    if (fromPassword.length > 0) {
      const error = new Error(`${fromPassword.length} note${fromPassword.length === 1 ? ' is' : 's are'} still sealed from the password; run \`seqr notes upgrade\` first. Nothing was changed.`);
      error.code = 'notes_from_password';
      throw error;
    }
    const list = await this.api.unlockMethods();
    const method = list.methods.find((m) => m.kind === 'password');
    if (!method) throw new AccountKeyError('noPasswordUnlock', 'the server lists no password-wrapped account key for this account');
    // An extractable copy only for this wrap, unwrapped with the current password's keys.
    const key = await unwrapAccountKey(fromBase64(method.wrappedKey), currentKeys.wrappingKey,
      { username: this.username, kind: 'password', methodID: method.id }, { extractable: true });
    const password = await Session.passwordMethod(key, newKeys, this.username);
    await this.api.changePassword(currentKeys.authKey, newKeys.authKey, newKDF, [], password);
    this.kdf = newKDF;
    this.keys = new Map([[kdfCacheKey(newKDF), newKeys]]);
    return 0;
  }
}
