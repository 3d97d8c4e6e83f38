// Compact JWS (RFC 7515 §7.1): BASE64URL(header) "." BASE64URL(payload) "." BASE64URL(signature)
// (docs/formats/jws-qr.md; Swift: SeqrCore/JWS/CompactJWS.swift, JWSClaims and JWSURL in it).
//
// Security contract, as the Swift side's: verification is safe by construction — the algorithm
// comes from the trusted key (a token naming another is refused), `none`, unknown algorithms
// (HMAC included: a MAC checked with a public key is the algorithm-confusion attack), any `crit`,
// non-canonical base64url, extra parts and input over 256 KiB are refused, and the payload is
// returned only after WebCrypto has checked the signature. A token can choose which trusted key
// is tried (its `kid`), never which algorithm, and never to be shown unverified. Errors name the
// step that failed (jws-error.js) and hold nothing of the payload.
import { decodeUTF8, utf8 } from './bytes.js';
import { decodeBase64URL } from './base64url.js';
import { JWS_ALGORITHMS, JWKSet } from './jwk.js';
import { jwsErrors } from './jws-error.js';

/** Larger inputs are refused before any parsing (a QR code holds under 3 KB). */
export const MAXIMUM_LENGTH = 256 * 1024;
/** Seconds of clock difference allowed for `exp` and `nbf`, as the CLI allows. */
export const CLAIMS_LEEWAY = 60;

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A JSON object's value from bytes, or null when they are not UTF-8 JSON of an object. */
export function jsonObject(bytes) {
  const text = decodeUTF8(bytes);
  if (text === null) return null;
  try { const value = JSON.parse(text); return isObject(value) ? value : null; } catch { return null; }
}

/**
 * The parts of a token, checked but NOT verified: { signingInput, header (bytes), headerObject,
 * alg, keyID (string or null), payload (bytes), signature (bytes) }. Nothing here may be shown;
 * it is for verifyCompactJWS and for telling a JWS from other text. Throws a JWSError.
 */
export function splitCompactJWS(token) {
  if (typeof token !== 'string' || utf8(token).length > MAXIMUM_LENGTH) throw jwsErrors.tooLarge(MAXIMUM_LENGTH);
  const pieces = token.split('.');
  if (pieces.length !== 3) throw jwsErrors.malformed(`expected 3 dot-separated parts, found ${pieces.length}`);
  const header = decodeBase64URL(pieces[0]);
  if (!header) throw jwsErrors.malformed('the header is not base64url');
  const payload = decodeBase64URL(pieces[1]);
  if (!payload) throw jwsErrors.malformed('the payload is not base64url');
  const signature = decodeBase64URL(pieces[2]);
  if (!signature) throw jwsErrors.malformed('the signature is not base64url');
  const headerObject = jsonObject(header);
  if (!headerObject) throw jwsErrors.invalidHeader('not a JSON object');
  const { alg } = headerObject;
  if (typeof alg !== 'string') throw jwsErrors.invalidHeader('no "alg"');
  if (alg.toLowerCase() === 'none') throw jwsErrors.unsigned();
  if ('crit' in headerObject) {
    const { crit } = headerObject;
    if (!Array.isArray(crit) || crit.length === 0 || !crit.every((n) => typeof n === 'string')) throw jwsErrors.invalidHeader('"crit" must be a non-empty array of names');
    throw jwsErrors.unknownCriticalHeaders(crit);
  }
  return {
    signingInput: utf8(`${pieces[0]}.${pieces[1]}`), header, headerObject, alg,
    keyID: typeof headerObject.kid === 'string' ? headerObject.kid : null, payload, signature,
  };
}

/** Verifies split parts with one key: the token's alg must be the key's, then the signature. */
export async function verifyParts(parts, key) {
  if (!JWS_ALGORITHMS.includes(parts.alg)) throw jwsErrors.unsupportedAlgorithm(parts.alg);
  if (parts.alg !== key.algorithm) throw jwsErrors.algorithmMismatch(key.algorithm, parts.alg);
  if (!await key.isValid(parts.signature, parts.signingInput)) throw jwsErrors.invalidSignature();
  return { algorithm: key.algorithm, keyID: parts.keyID, header: parts.header, headerObject: parts.headerObject, payload: parts.payload };
}

/**
 * Verifies `token` with one trusted key (a JWSVerificationKey) or the key of a JWKSet that the
 * token's `kid` names. Resolves to { algorithm, keyID, header, headerObject, payload } — the
 * payload only now, after the signature held; rejects with a JWSError naming the failed step.
 */
export async function verifyCompactJWS(token, trusted) {
  const parts = splitCompactJWS(token);
  const key = trusted instanceof JWKSet ? trusted.keyFor(parts.keyID) : trusted;
  return verifyParts(parts, key);
}

/**
 * RFC 7519 `exp` and `nbf`, checked after verification (Swift: JWSClaims.check): throws when the
 * payload is a JSON object whose `exp` has passed or whose `nbf` has not come (60 s leeway).
 * Payloads that are not JSON objects, or lack the claims, pass. `now` in milliseconds.
 */
export function checkClaims(payload, now = Date.now(), leeway = CLAIMS_LEEWAY) {
  const object = jsonObject(payload);
  if (!object) return;
  const seconds = now / 1000;
  if ('exp' in object) {
    if (typeof object.exp !== 'number') throw jwsErrors.invalidClaims('"exp" is not a number');
    if (seconds - object.exp > leeway) throw jwsErrors.expired(object.exp);
  }
  if ('nbf' in object) {
    if (typeof object.nbf !== 'number') throw jwsErrors.invalidClaims('"nbf" is not a number');
    if (object.nbf - seconds > leeway) throw jwsErrors.notYetValid(object.nbf);
  }
}

/** The token in a URL's `?jws=` or `&jws=` parameter, percent-decoded; null when absent (Swift: JWSURL.extract). */
export function jwsFromURL(text) {
  for (const marker of ['?jws=', '&jws=']) {
    const at = text.indexOf(marker);
    if (at < 0) continue;
    const rest = text.slice(at + marker.length);
    const value = rest.slice(0, (/[&#]/.exec(rest)?.index) ?? rest.length);
    try { return decodeURIComponent(value); } catch { return value; }
  }
  return null;
}

/** `base` with `jws=<token>` added as a query item (Swift: JWSURL.make). */
export function jwsURL(base, token) { return `${base}${base.includes('?') ? '&' : '?'}jws=${token}`; }

/** The token in scanned or pasted text as `seqr jws verify` takes it: trimmed, from `?jws=` when there is one. */
export function tokenFromText(text) {
  const trimmed = String(text).trim();
  return jwsFromURL(trimmed) ?? trimmed;
}

/**
 * What `seqr jws verify` does with a code: the token from `text` (bare or a `?jws=` URL), verified
 * with `trusted` (a key or a JWKSet), then `exp`/`nbf` unless `ignoreTime`. Resolves to
 * { algorithm, keyID, payload (bytes), text (the payload as UTF-8, or null), json (the parsed
 * payload when it is JSON, else undefined) }; rejects with a JWSError (`.step`, `.message`).
 */
export async function verifySignedCode(text, trusted, { now = Date.now(), ignoreTime = false } = {}) {
  const verified = await verifyCompactJWS(tokenFromText(text), trusted);
  if (!ignoreTime) checkClaims(verified.payload, now);
  const payloadText = decodeUTF8(verified.payload);
  let json;
  if (payloadText !== null) { try { json = JSON.parse(payloadText); } catch { json = undefined; } }
  return { algorithm: verified.algorithm, keyID: verified.keyID, payload: verified.payload, text: payloadText, json };
}
