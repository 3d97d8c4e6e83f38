// The keys signed codes and health cards are verified against: the list the server's operator
// publishes (`seqr-server --trusted-keys FILE`, served at TRUSTED_KEYS_PATH, a JWK set) and the keys
// the person added by scanning or pasting a JWK or a JWK set. The person's keys are kept as one
// record of the sealed keyring (sealed-records.js: AES-GCM under the passphrase, in IndexedDB), like
// channels: public key material, but a key slipped into the browser's storage would make forged
// codes show as verified, and a sealed record cannot be written without the passphrase.
//
// Only public members are kept (kty, crv, x, y, n, e, kid, alg, use); a JWK holding a private part
// ("d", or RSA's "p", "q", …) is refused, never stored. A key set naming an issuer (`iss`) vouches
// for health cards of that issuer only; a set without one verifies signed codes (JWS) only.
import { importJWK, importJWKSet, JWKSet, thumbprint } from './jwk.js';
import { jwsErrors } from './jws-error.js';

/** Where seqr-server publishes its operator's trusted keys (docs/openapi.yaml); 404 when it publishes none. */
export const TRUSTED_KEYS_PATH = '/app/trusted-keys.json';
/** The sealed record holding the keys this person added. */
export const TRUSTED_KEYS_RECORD = 'trusted-keys';
/** At most this many keys are kept (a JWK set pasted by mistake cannot fill the keyring). */
export const MAXIMUM_TRUSTED_KEYS = 100;

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'alg', 'use'];
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

function publicOnly(jwk) {
  if (PRIVATE_MEMBERS.some((name) => name in jwk)) throw jwsErrors.invalidKey('this is a private key: give the public key only (a private key is never pasted or scanned)');
  return Object.fromEntries(PUBLIC_MEMBERS.filter((name) => typeof jwk[name] === 'string').map((name) => [name, jwk[name]]));
}

/**
 * The keys in a scanned or pasted JWK or JWK set (text), checked by importing each:
 * { keys: [public JWK objects], issuer (the set's `iss`, or null) }. Throws a JWSError (invalidKey,
 * unsupportedAlgorithm, wrongKeyType…) for anything not usable; nothing is kept by this call.
 */
export async function readTrustedKeyText(text) {
  let value;
  try { value = JSON.parse(String(text).trim()); } catch { throw jwsErrors.invalidKey('not a JWK or a JWK set (not JSON)'); }
  if (!isObject(value)) throw jwsErrors.invalidKey('not a JWK or a JWK set (a JSON object)');
  const list = Array.isArray(value.keys) ? value.keys : [value];
  if (!list.every(isObject)) throw jwsErrors.invalidKey('not a JWK set (a JSON object with a "keys" array)');
  if (list.length === 0 || list.length > MAXIMUM_TRUSTED_KEYS) throw jwsErrors.invalidKey(`a key set holds 1 to ${MAXIMUM_TRUSTED_KEYS} keys`);
  const keys = [];
  for (const jwk of list) {
    const kept = publicOnly(jwk);
    await importJWK(kept);
    kept.kid ??= await thumbprint(kept);
    keys.push(kept);
  }
  return { keys, issuer: typeof value.iss === 'string' ? value.iss : null };
}

/** The trusted keys of this page: the server's list and the person's own (`records`: a SealedRecords, or a Map-backed stand-in). */
export class TrustedKeys {
  constructor(records, { fetchList = null } = {}) { Object.assign(this, { records, fetchList, server: [] }); }

  /**
   * Loads the operator's list: `fetchList()` resolves to the JSON text of TRUSTED_KEYS_PATH, or null
   * when the server publishes none. A list that does not read is an error the page shows.
   */
  async loadServerList() {
    const text = this.fetchList ? await this.fetchList() : null;
    this.server = text === null ? [] : [await readTrustedKeyText(text)];
    return this.server;
  }

  /** The person's entries: [{ keys, issuer, added (ISO date) }]; [] when none were added. */
  async own() { return (await this.records.get(TRUSTED_KEYS_RECORD, [])) ?? []; }

  /** Keeps the keys of a scanned or pasted JWK/JWK set (already shown to and accepted by the person). */
  async add(text, now = new Date()) {
    const entry = await readTrustedKeyText(text);
    const own = await this.own();
    if (own.reduce((n, e) => n + e.keys.length, 0) + entry.keys.length > MAXIMUM_TRUSTED_KEYS) {
      throw jwsErrors.invalidKey(`this browser keeps at most ${MAXIMUM_TRUSTED_KEYS} trusted keys: remove some first`);
    }
    own.push({ ...entry, added: now.toISOString() });
    await this.records.put(TRUSTED_KEYS_RECORD, own);
    return entry;
  }

  /** Forgets the person's key with this `kid`. */
  async remove(kid) {
    const own = (await this.own()).map((e) => ({ ...e, keys: e.keys.filter((k) => k.kid !== kid) })).filter((e) => e.keys.length > 0);
    await this.records.put(TRUSTED_KEYS_RECORD, own);
  }

  async #entries() { return [...this.server, ...await this.own()]; }

  /** Every trusted key as one JWKSet, for signed codes (chosen by the token's kid). */
  async signedCodeKeys() {
    const keys = [];
    for (const entry of await this.#entries()) for (const jwk of entry.keys) keys.push(await importJWK(jwk));
    return new JWKSet(keys);
  }

  /** The trusted health-card issuers: a JWKSet per entry that names its issuer. */
  async healthCardIssuers() {
    const sets = [];
    for (const entry of await this.#entries()) if (entry.issuer !== null) sets.push(await importJWKSet({ keys: entry.keys, iss: entry.issuer }));
    return sets;
  }
}
