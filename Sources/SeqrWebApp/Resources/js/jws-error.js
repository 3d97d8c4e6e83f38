// Why a signed code (compact JWS) was not accepted, one code per cause, with the words of the CLI
// (Swift: SeqrCore/JWS/JWSError.swift) and the verification step that failed (VerificationStep.swift):
// `message` is the line `seqr jws verify` prints, "failed at STEP: DESCRIPTION". Nothing of a
// payload is ever in an error: only names the token itself chose (kid, alg, crit), escaped.
import { escaped } from './display-name.js';

/** The steps of verifying a signed code or a health card, in the CLI's words (docs/signed-codes.md). */
export const VerificationStep = Object.freeze({
  prefix: 'prefix', encoding: 'encoding', header: 'header', keyID: 'key id', signature: 'signature',
  decompression: 'decompression', payload: 'payload', issuer: 'issuer', expiry: 'expiry',
});

/** An instant as Swift's `Date.formatted(.iso8601)` writes it: seconds, UTC, "Z". */
export function iso8601(seconds) {
  const date = new Date(Math.floor(seconds) * 1000);
  return Number.isNaN(date.getTime()) ? String(seconds) : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class JWSError extends Error {
  /** `step` is null for errors of loading a key (not a step of verifying a code). */
  constructor(code, description, step, detail = {}) {
    super(step ? `failed at ${step}: ${description}` : description);
    this.name = 'JWSError';
    Object.assign(this, { code, description, step }, detail);
  }
}

const S = VerificationStep;
export const jwsErrors = {
  malformed: (detail) => new JWSError('malformed', `not a compact JWS: ${detail}`, S.encoding),
  tooLarge: (limit) => new JWSError('tooLarge', `the JWS is larger than ${limit} bytes`, S.encoding, { limit }),
  invalidHeader: (detail) => new JWSError('invalidHeader', `invalid JWS header: ${detail}`, S.header),
  unsigned: () => new JWSError('unsigned', 'the JWS is unsigned (alg "none") and is refused', S.header),
  unsupportedAlgorithm: (alg) => new JWSError('unsupportedAlgorithm', `unsupported algorithm "${escaped(alg)}"`, S.header, { alg }),
  algorithmMismatch: (expected, found) => new JWSError('algorithmMismatch', `the JWS says alg "${escaped(found)}" but the trusted key is for ${expected}`, S.header, { expected, found }),
  unknownCriticalHeaders: (names) => new JWSError('unknownCriticalHeaders', `unknown critical header${names.length === 1 ? '' : 's'}: ${escaped(names.join(', '))}`, S.header, { names }),
  invalidSignature: () => new JWSError('invalidSignature', 'the signature does not verify: the content was altered or signed by another key', S.signature),
  wrongKeyType: (alg) => new JWSError('wrongKeyType', `the key cannot be used for ${alg}`, null, { alg }),
  invalidKey: (detail) => new JWSError('invalidKey', `invalid key: ${detail}`, null),
  keyNotFound: (kid) => new JWSError('keyNotFound', kid === null ? 'the JWS names no kid and the key set holds several keys' : `no trusted key has kid "${escaped(kid)}"`, S.keyID, { kid }),
  expired: (seconds) => new JWSError('expired', `expired at ${iso8601(seconds)}`, S.expiry, { date: seconds }),
  notYetValid: (seconds) => new JWSError('notYetValid', `not valid before ${iso8601(seconds)}`, S.expiry, { date: seconds }),
  invalidClaims: (detail) => new JWSError('invalidClaims', `invalid claims: ${detail}`, S.expiry),
};
