// SMART Health Cards (smarthealth.cards; docs/formats/jws-qr.md, "SMART Health Cards"; Swift:
// SeqrCore/SHC/SmartHealthCard.swift and the words of `seqr shc verify`): a compact JWS, ES256
// with the issuer's P-256 key, whose payload is raw-DEFLATE-compressed JSON carrying a FHIR
// bundle, in QR codes as `shc:/` and two digits per character (its code minus 45), or in chunks
// `shc:/i/n/…` scanned in any order.
//
// Security contract: a card is returned only after its signature held with a key of a trusted
// issuer's set, chosen by `kid`, and its `iss` is that issuer's — a key holder cannot vouch for a
// card claiming another issuer; it is inflated (≤ 4 MiB) only after the signature held; `nbf` may
// not be in the future nor `exp` past (60 s). A claimed chunk count sizes nothing before it is
// checked against 16. Every error names the failed step, in the CLI's words; every string of a
// card is shown through escaped() (cardLines), so a family name cannot forge a dose line.
import { escaped } from './display-name.js';
import { JWKSet } from './jwk.js';
import { JWSError, VerificationStep as S, iso8601, jwsErrors } from './jws-error.js';
import { jsonObject, splitCompactJWS, verifyParts } from './compact-jws.js';
import { inflateRaw } from './raw-deflate.js';

/** The most chunks a card may claim (real cards have one to three). */
export const MAXIMUM_CHUNKS = 16;
/** How many missing chunk numbers an error lists. */
export const LISTED_MISSING_CHUNKS = 8;
/** The most a card's payload may inflate to, as the CLI allows. */
export const MAXIMUM_INFLATED = 4 * 1024 * 1024;
const LEEWAY = 60;

export class SmartHealthCardError extends Error {
  /** `description` is SmartHealthCardError's; `message` the line `seqr shc verify` prints: "failed at STEP: …". */
  constructor(code, description, step, detail = {}) {
    const explained = explain(code, description, detail.cause);
    super(`failed at ${step}: ${explained}`);
    this.name = 'SmartHealthCardError';
    Object.assign(this, { code, description, step }, detail);
  }
}

/** The CLI's words for a card that was damaged (in printing, scanning or copying) — or forged. */
function explain(code, description, cause) {
  if (code === 'signature' && cause?.code === 'invalidSignature') {
    return 'damaged card, or a forgery: the signature does not verify (the text was altered, or another key signed it)';
  }
  const damaged = ['invalidNumericEncoding', 'inconsistentChunks', 'notCompressed', 'decompressionFailed', 'invalidPayload'].includes(code)
    || (code === 'signature' && ['malformed', 'invalidHeader'].includes(cause?.code));
  return damaged ? `damaged card: ${description}` : description;
}

export const shcErrors = {
  notAHealthCard: () => new SmartHealthCardError('notAHealthCard', 'not a SMART Health Card (no shc:/ prefix)', S.prefix),
  invalidNumericEncoding: () => new SmartHealthCardError('invalidNumericEncoding', 'invalid shc:/ numeric encoding', S.encoding),
  inconsistentChunks: (detail) => new SmartHealthCardError('inconsistentChunks', `the card's chunks do not fit together: ${detail}`, S.encoding),
  missingChunks: (count, first, total) => new SmartHealthCardError('missingChunks',
    `missing ${count} of ${total} chunks: ${first.join(', ')}${count > first.length ? ', …' : ''}`, S.encoding, { count, first, total }),
  tooManyChunks: (claimed, limit) => new SmartHealthCardError('tooManyChunks', `a chunk claims the card has ${claimed} chunks; health cards have at most ${limit}`, S.encoding, { claimed, limit }),
  /** A JWSError of the card's JWS; its step is the card's. */
  signature: (cause) => new SmartHealthCardError('signature', cause.description, cause.step ?? S.signature, { cause }),
  notCompressed: () => new SmartHealthCardError('notCompressed', 'the card\'s payload is not DEFLATE-compressed (zip "DEF")', S.decompression),
  decompressionFailed: () => new SmartHealthCardError('decompressionFailed', 'the card\'s payload does not inflate', S.decompression),
  invalidPayload: (detail, step = S.payload) => new SmartHealthCardError('invalidPayload', `invalid card payload: ${detail}`, step),
  untrustedIssuer: (iss) => new SmartHealthCardError('untrustedIssuer', `issuer ${escaped(iss)} is not the trusted one`, S.issuer, { iss }),
  notYetValid: (seconds) => new SmartHealthCardError('notYetValid', `the card is not valid before ${iso8601(seconds)}`, S.expiry, { date: seconds }),
  expired: (seconds) => new SmartHealthCardError('expired', `the card expired at ${iso8601(seconds)}`, S.expiry, { date: seconds }),
  unsuitableKey: (detail) => new SmartHealthCardError('unsuitableKey', `the issuer key is not usable for health cards: ${detail}`, S.keyID),
};

const DIGITS = /^[0-9]+$/;

/** The JWS characters of a card's digits (two per character, value + 45 ≤ "z"); invalidNumericEncoding otherwise. */
export function decodeNumeric(digits) {
  if (digits.length % 2 !== 0 || (digits.length > 0 && !DIGITS.test(digits))) throw shcErrors.invalidNumericEncoding();
  let out = '';
  for (let i = 0; i < digits.length; i += 2) {
    const value = (digits.charCodeAt(i) - 48) * 10 + (digits.charCodeAt(i + 1) - 48);
    if (value > 77) throw shcErrors.invalidNumericEncoding();
    out += String.fromCharCode(value + 45);
  }
  return out;
}

/**
 * One scanned QR text as a chunk: { index, count, digits } (a single code is 1 of 1). Throws
 * notAHealthCard, inconsistentChunks, tooManyChunks or invalidNumericEncoding; the digits are not
 * decoded here.
 */
export function parseChunk(raw) {
  const text = String(raw).trim();
  if (!text.toLowerCase().startsWith('shc:/')) throw shcErrors.notAHealthCard();
  const parts = text.slice(5).split('/');
  if (parts.length === 1) return { index: 1, count: 1, digits: parts[0] };
  if (parts.length !== 3) throw shcErrors.invalidNumericEncoding();
  // Digits only (Number() would take "+7", "0x1f", " 2"), and short enough to parse.
  const numbers = [parts[0], parts[1]];
  const ok = numbers.every((p) => p.length >= 1 && p.length <= 18 && DIGITS.test(p));
  const [i, n] = ok ? numbers.map(Number) : [0, 0];
  if (!ok || n < 1 || i < 1 || i > n) throw shcErrors.inconsistentChunks(`bad chunk numbers in ${escaped([...text].slice(0, 16).join(''))}…`);
  if (n > MAXIMUM_CHUNKS) throw shcErrors.tooManyChunks(n, MAXIMUM_CHUNKS);
  return { index: i, count: n, digits: parts[2] };
}

/**
 * The JWS in one or more scanned QR texts (chunks in any order, duplicates tolerated). Memory is
 * bounded by the inputs and time by MAXIMUM_CHUNKS, never by what a chunk claims.
 */
export function jwsFromQRContents(contents) {
  const chunks = new Map();
  let total = null;
  for (const raw of contents) {
    const { index, count, digits } = parseChunk(raw);
    if (total !== null && total !== count) throw shcErrors.inconsistentChunks(`one chunk says ${count} in all, another ${total}`);
    total = count;
    const decoded = decodeNumeric(digits);
    if (chunks.has(index) && chunks.get(index) !== decoded) throw shcErrors.inconsistentChunks(`two different chunks numbered ${index}`);
    chunks.set(index, decoded);
  }
  if (total === null) throw shcErrors.notAHealthCard();
  const missing = [];
  for (let i = 1; i <= total; i++) if (!chunks.has(i)) missing.push(i);
  if (missing.length) throw shcErrors.missingChunks(missing.length, missing.slice(0, LISTED_MISSING_CHUNKS), total);
  let jws = '';
  for (let i = 1; i <= total; i++) jws += chunks.get(i);
  return jws;
}

/** The QR texts for a JWS: one `shc:/…`, or `chunks` of `shc:/i/n/…` (for tests; Swift: qrContents). */
export function qrContents(jws, chunks = 1) {
  const digits = Array.from(jws, (c) => String(c.codePointAt(0) - 45).padStart(2, '0')).join('');
  if (chunks <= 1) return [`shc:/${digits}`];
  const perChunk = Math.ceil(jws.length / chunks) * 2;
  return Array.from({ length: chunks }, (_, i) => `shc:/${i + 1}/${chunks}/${digits.slice(i * perChunk, (i + 1) * perChunk)}`);
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
/** `value` when it is an array whose every element passes `test`, else null (Swift's `as? [T]`). */
const arrayOf = (value, test) => (Array.isArray(value) && value.every(test) ? value : null);
const isString = (value) => typeof value === 'string';

/**
 * Verifies a card's JWS with the issuer keys in `keys` (a JWKSet, by `kid`) against `trustedIssuer`:
 * ES256 with an EC P-256 key; signature; `zip: DEF`; inflated (≤ 4 MiB); `iss` equal to
 * `trustedIssuer`; `nbf` not in the future; `exp`, when present, not past. `now` in milliseconds.
 * Resolves to { issuer, notBefore (seconds), expires (seconds or null), types, bundle (object), keyID };
 * rejects with a SmartHealthCardError.
 */
export async function verifyCard(jws, keys, trustedIssuer, now = Date.now()) {
  let verified;
  try {
    const parts = splitCompactJWS(jws);
    const key = keys.keyFor(parts.keyID);
    if (key.algorithm !== 'ES256' || key.publicJWK.crv !== 'P-256') throw shcErrors.unsuitableKey('health cards use ES256 with an EC P-256 key');
    verified = await verifyParts(parts, key);
  } catch (error) {
    if (error instanceof SmartHealthCardError) throw error;
    if (error instanceof JWSError) throw shcErrors.signature(error);
    throw error;
  }
  if (verified.headerObject.zip !== 'DEF') throw shcErrors.notCompressed();
  let json;
  try { json = await inflateRaw(verified.payload, MAXIMUM_INFLATED); } catch { throw shcErrors.decompressionFailed(); }
  const payload = jsonObject(json);
  if (!payload) throw shcErrors.invalidPayload('not a JSON object');
  if (!isString(payload.iss)) throw shcErrors.invalidPayload('no iss');
  if (payload.iss !== trustedIssuer) throw shcErrors.untrustedIssuer(payload.iss);
  if (typeof payload.nbf !== 'number') throw shcErrors.invalidPayload('no nbf');
  const seconds = now / 1000;
  if (payload.nbf - seconds > LEEWAY) throw shcErrors.notYetValid(payload.nbf);
  // exp is optional in health cards; when present it must not have passed.
  const expires = typeof payload.exp === 'number' ? payload.exp : null;
  if (expires !== null && seconds - expires > LEEWAY) throw shcErrors.expired(expires);
  const bundle = payload.vc?.credentialSubject?.fhirBundle;
  if (!isObject(payload.vc) || !isObject(payload.vc.credentialSubject) || !isObject(bundle) || bundle.resourceType !== 'Bundle') {
    throw shcErrors.invalidPayload('no vc.credentialSubject.fhirBundle');
  }
  return { issuer: payload.iss, notBefore: payload.nbf, expires, types: arrayOf(payload.vc.type, isString) ?? [], bundle, keyID: verified.keyID };
}

/**
 * Verifies with every trusted issuer whose set holds the card's key (`issuers`: JWKSets, each with
 * its `issuer`; sets without one are skipped, as a JWK set that does not say whose keys it holds
 * could vouch for any issuer). Errors as verifyCard; a card whose key no trusted issuer holds
 * fails at "key id".
 */
export async function verifyCardWithIssuers(jws, issuers, now = Date.now()) {
  let keyID;
  try { keyID = splitCompactJWS(jws).keyID; } catch (error) { throw shcErrors.signature(error); }
  const holding = issuers.filter((set) => set instanceof JWKSet && set.issuer !== null && set.keys.some((k) => keyID === null ? set.keys.length === 1 : k.keyID === keyID));
  if (holding.length === 0) throw shcErrors.signature(jwsErrors.keyNotFound(keyID));
  let first = null;
  for (const set of holding) {
    try { return await verifyCard(jws, set, set.issuer, now); } catch (error) { first ??= error; }
  }
  throw first;
}

/** Patient name, birth date and immunizations, read from a verified card's bundle (Swift: `summary`). */
export function cardSummary(card) {
  const entries = arrayOf(card.bundle?.entry, isObject) ?? [];
  const resources = entries.map((e) => e.resource).filter(isObject);
  const patient = resources.find((r) => r.resourceType === 'Patient');
  const names = arrayOf(patient?.name, isObject);
  const name = names && names.length ? [...(arrayOf(names[0].given, isString) ?? []), ...(isString(names[0].family) ? [names[0].family] : [])].join(' ') : null;
  const immunizations = resources.filter((r) => r.resourceType === 'Immunization').map((r) => {
    const codings = arrayOf(r.vaccineCode?.coding, isObject) ?? [];
    const performers = arrayOf(r.performer, isObject);
    const display = performers?.[0]?.actor?.display;
    return {
      date: isString(r.occurrenceDateTime) ? r.occurrenceDateTime : null,
      vaccineCodes: codings.filter((c) => isString(c.code)).map((c) => (isString(c.system) ? `${c.system === 'http://hl7.org/fhir/sid/cvx' ? 'CVX' : c.system} ${c.code}` : c.code)),
      performer: isString(display) ? display : null,
      lotNumber: isString(r.lotNumber) ? r.lotNumber : null,
    };
  });
  return { patient: name, birthDate: isString(patient?.birthDate) ? patient.birthDate : null, immunizations };
}

/** The lines `seqr shc verify` prints for a verified card, every string of the signer's escaped. */
export function cardLines(card) {
  const summary = cardSummary(card);
  const lines = ['Verified SMART Health Card', `  issuer:     ${escaped(card.issuer)}`, `  issued:     ${iso8601(card.notBefore)}`,
    `  patient:    ${summary.patient === null ? '(none)' : escaped(summary.patient)}`,
    `  born:       ${summary.birthDate === null ? '(unknown)' : escaped(summary.birthDate)}`];
  summary.immunizations.forEach((shot, index) => {
    const details = [shot.vaccineCodes.join(', '), shot.performer, shot.lotNumber === null ? null : `lot ${shot.lotNumber}`].filter((d) => d !== null).join('; ');
    lines.push(`  dose ${index + 1}:     ${shot.date === null ? '(no date)' : escaped(shot.date)}  ${escaped(details)}`);
  });
  return lines;
}

/**
 * What `seqr shc verify` does with scanned texts: the JWS from the chunks, verified against the
 * trusted `issuers` (JWKSets naming their issuer). Resolves to { card, summary, lines } (lines as
 * the CLI prints them, escaped); rejects with a SmartHealthCardError whose message is the CLI's line.
 */
export async function verifyHealthCard(texts, issuers, now = Date.now()) {
  const card = await verifyCardWithIssuers(jwsFromQRContents(texts), issuers, now);
  return { card, summary: cardSummary(card), lines: cardLines(card) };
}
