// The seqr-server API (docs/openapi.yaml) as the web app calls it: same origin, JSON bodies,
// a bearer token held in memory. Errors come back as ApiError {status, code, message} with the
// server's stable code (stale_version, wrong_credentials, quota_exceeded, …), or code
// `offline` when the server could not be reached. No DOM.

export class ApiError extends Error {
  constructor(status, code, message, retryAfter = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter;
  }
}

/** ISO 8601 without fractional seconds: what Swift's .iso8601 strategy reads. */
export function isoDate(date) { return new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z'); }

/**
 * A session's id: the base64url SHA-256 of its token, the hash the server keys sessions by. It
 * names the session but cannot authenticate (the server hashes what it is shown).
 */
export async function sessionID(token) {
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));
  return btoa(String.fromCharCode(...hash)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export class SeqrAPI {
  #token = null;
  #tokenID = null;

  /** `base`: the server's origin (and path prefix), e.g. location.origin. */
  constructor(base, fetchFunction = globalThis.fetch.bind(globalThis)) {
    this.base = base.replace(/\/+$/, '');
    this.fetch = fetchFunction;
  }

  get token() { return this.#token; }
  /** Setting a token also works out its id (sessionID), ready for a page going away, which cannot wait. */
  set token(value) {
    this.#token = value;
    this.#tokenID = null;
    if (value !== null) sessionID(value).then((id) => { if (this.#token === value) this.#tokenID = id; }, () => {});
  }
  /** The id of the session this page holds, or null (none, or not worked out yet). */
  get tokenID() { return this.#tokenID; }

  async request(method, path, body = undefined, { auth = true, token = this.token } = {}) {
    const headers = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    let response;
    try {
      response = await this.fetch(this.base + path, {
        method, headers, body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer',
      });
    } catch {
      throw new ApiError(0, 'offline', 'the server cannot be reached: check the connection and try again');
    }
    if (response.status === 204) return null;
    let json = null;
    try { json = await response.json(); } catch { json = null; }
    if (!response.ok) {
      const retry = response.headers.get('Retry-After');
      throw new ApiError(response.status, json?.error ?? `http_${response.status}`,
        json?.message ?? `the server answered ${response.status}`, retry === null ? null : Number(retry));
    }
    return json;
  }

  // Accounts and sessions.
  kdf(username) { return this.request('GET', `/v1/kdf?username=${encodeURIComponent(username)}`, undefined, { auth: false }).then((r) => r.kdf); }
  /** `accountKey`: {noteKDF, password: {kind, id, wrappedKey (base64)}}, the new account's key wrapped for the password. */
  async register(username, authKey, kdf, accountKey = undefined) {
    const session = await this.request('POST', '/v1/accounts', { username, authKey, kdf, accountKey }, { auth: false });
    this.token = session.token;
    return session;
  }
  async login(username, authKey) {
    const session = await this.request('POST', '/v1/sessions', { username, authKey }, { auth: false });
    this.token = session.token;
    return session;
  }
  async logout() {
    if (!this.token) return;
    try { await this.request('DELETE', '/v1/sessions/current'); } finally { this.token = null; }
  }
  /**
   * Ends the session while the page is going away (pagehide): a keepalive request, which the
   * browser sends after the page is gone, not awaited; the token is forgotten at once.
   */
  logoutOnLeave() {
    if (!this.token) return;
    const headers = { Accept: 'application/json', Authorization: `Bearer ${this.token}` };
    this.token = null;
    try {
      this.fetch(`${this.base}/v1/sessions/current`, { method: 'DELETE', headers, keepalive: true, cache: 'no-store', credentials: 'omit', referrerPolicy: 'no-referrer' })
        .catch(() => { /* offline: the session ends at its expiry */ });
    } catch { /* the same */ }
  }
  /** Ends another session of this account, named by its id (204 too when it is already gone), as `token`'s session. */
  endSession(id, token = this.token) { return this.request('DELETE', `/v1/sessions/${encodeURIComponent(id)}`, undefined, { token }); }
  account() { return this.request('GET', '/v1/account'); }
  /**
   * `notes`: every note re-sealed, each as {note, version: the version it was read at} — or, with an
   * account key, none and `password`: the key wrapped for the new password {kind, id, wrappedKey}.
   */
  changePassword(authKey, newAuthKey, newKDF, notes, password = undefined) {
    return this.request('PUT', '/v1/account/password', { authKey, newAuthKey, newKDF, notes, password });
  }

  // The account key's unlock methods (account-key.js wraps and unwraps; the server stores ciphertext).
  /** {noteKDF (null: no account key yet), methods: [{kind, id, wrappedKey (base64), createdAt}]}. */
  unlockMethods() { return this.request('GET', '/v1/account/unlock-methods'); }
  addUnlockMethod(method) { return this.request('POST', '/v1/account/unlock-methods', method); }
  removeUnlockMethod(id) { return this.request('DELETE', `/v1/account/unlock-methods/${encodeURIComponent(id)}`); }
  /** Moves an account made before account keys over, in one step; `authKey` proves the password. */
  createAccountKey(authKey, password) { return this.request('POST', '/v1/account/key', { authKey, password }); }

  // Notes.
  listNotes() { return this.request('GET', '/v1/notes').then((r) => r.notes); }
  getNote(id) { return this.request('GET', `/v1/notes/${encodeURIComponent(id)}`); }
  createNote(note) { return this.request('POST', '/v1/notes', { note }); }
  /** `version`: the version edited; a stale one is ApiError 409 stale_version. */
  updateNote(note, version) { return this.request('PUT', `/v1/notes/${encodeURIComponent(note.id)}`, { note, version }); }
  deleteNote(id) { return this.request('DELETE', `/v1/notes/${encodeURIComponent(id)}`); }

  // Location shares.
  listShares() { return this.request('GET', '/v1/location/shares').then((r) => r.shares); }
  createShare({ format = 'seqr-location-v1', expiresAt = null } = {}) {
    const body = { format };
    if (expiresAt) body.expiresAt = isoDate(expiresAt);
    return this.request('POST', '/v1/location/shares', body);
  }
  /** `fixes`: sealed data strings, oldest first (at most 500); answers { stored, kept, watching }. */
  pushFixes(shareID, fixes) { return this.request('POST', `/v1/location/shares/${encodeURIComponent(shareID)}/fixes`, { fixes }); }
  revokeShare(shareID) { return this.request('DELETE', `/v1/location/shares/${encodeURIComponent(shareID)}`); }
  /** A new expiry (a future time, or null: until revoked) for the same share: its id, key and fixes stay. */
  extendShare(shareID, expiresAt) {
    return this.request('PATCH', `/v1/location/shares/${encodeURIComponent(shareID)}`, { expiresAt: expiresAt === null ? null : isoDate(expiresAt) });
  }
  /** How many followers have the share's live feed open (a number only). With `changedFrom`, the server holds the
   *  answer until the count differs from it (up to 25 s), so a sharer learns at once that someone arrived. */
  shareWatching(shareID, changedFrom = null) {
    const query = changedFrom === null ? '' : `?changedFrom=${changedFrom}`;
    return this.request('GET', `/v1/location/shares/${encodeURIComponent(shareID)}/watching${query}`).then((r) => r.watching);
  }
  rotateShare(shareID) { return this.request('POST', `/v1/location/shares/${encodeURIComponent(shareID)}/rotate`); }
  feed(shareID, after = null) {
    return this.request('GET', `/v1/location/feed/${encodeURIComponent(shareID)}${after === null ? '' : `?after=${after}`}`, undefined, { auth: false });
  }
}
