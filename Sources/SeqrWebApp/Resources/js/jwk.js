// JSON Web Keys (RFC 7517) the page verifies signed codes with (Swift: SeqrCore/JWS/JWK.swift,
// JWSKey.swift, JWSAlgorithm.swift): RSA of 2048 bits or more, EC P-256/384/521 and OKP Ed25519,
// imported into WebCrypto as verify-only, non-extractable keys. Each key is bound to one algorithm
// — the JWK's `alg`, or the key type's own — and a token naming another is refused: the algorithm
// comes from the key the user trusts, never from the token. A JWK set is `{"keys": [...]}`, with
// an optional `iss` naming whose keys they are (what a health card's issuer must equal); a key of
// an unsupported type in it is an error, not skipped.
import { toBase64URL, utf8 } from './bytes.js';
import { decodeBase64URL } from './base64url.js';
import { jwsErrors } from './jws-error.js';

export const JWS_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

const CURVES = { 'P-256': 'ES256', 'P-384': 'ES384', 'P-521': 'ES512' };
const HASHES = { 256: 'SHA-256', 384: 'SHA-384', 512: 'SHA-512' };

/** The WebCrypto import and verify parameters of `algorithm` for a key (`crv` for EC). */
function webCryptoParameters(algorithm, crv) {
  const hash = HASHES[algorithm.slice(2)];
  switch (algorithm.slice(0, 2)) {
    case 'RS': return { importAs: { name: 'RSASSA-PKCS1-v1_5', hash }, verifyAs: { name: 'RSASSA-PKCS1-v1_5' } };
    // Salt = hash size, as RFC 7518 §3.5 and swift-crypto's .PSS.
    case 'PS': return { importAs: { name: 'RSA-PSS', hash }, verifyAs: { name: 'RSA-PSS', saltLength: Number(algorithm.slice(2)) / 8 } };
    case 'ES': return { importAs: { name: 'ECDSA', namedCurve: crv }, verifyAs: { name: 'ECDSA', hash } };
    default: return { importAs: { name: 'Ed25519' }, verifyAs: { name: 'Ed25519' } };
  }
}

function bitLength(bytes) {
  let at = 0;
  while (at < bytes.length && bytes[at] === 0) at++;
  return at === bytes.length ? 0 : (bytes.length - at - 1) * 8 + (32 - Math.clz32(bytes[at]));
}

/** A public key that verifies JWS signatures with the one algorithm it is trusted for. */
export class JWSVerificationKey {
  constructor({ algorithm, keyID, publicJWK, cryptoKey }) { Object.assign(this, { algorithm, keyID, publicJWK, cryptoKey }); }

  /** Whether `signature` is this key's over `signingInput`; false (never a throw) for a malformed signature. */
  async isValid(signature, signingInput) {
    const { verifyAs } = webCryptoParameters(this.algorithm, this.publicJWK.crv);
    try { return await crypto.subtle.verify(verifyAs, this.cryptoKey, signature, signingInput); } catch { return false; }
  }
}

function field(jwk, name) {
  const bytes = typeof jwk[name] === 'string' ? decodeBase64URL(jwk[name]) : null;
  if (!bytes || bytes.length === 0) throw jwsErrors.invalidKey(`missing or invalid "${name}"`);
  return bytes;
}

/** The public members of a JWK and the algorithm its type defaults to; invalidKey for anything unusable. */
function publicMaterial(jwk) {
  const kty = typeof jwk.kty === 'string' ? jwk.kty : null;
  switch (kty) {
    case 'RSA': {
      const n = field(jwk, 'n'); field(jwk, 'e');
      const bits = bitLength(n);
      if (bits < 2048) throw jwsErrors.invalidKey('not a usable RSA public key (2048 bits or more)');
      // The seed's table: 2048 → RS256, 3072 → RS384, 4096 → RS512.
      return { publicJWK: { kty, n: jwk.n, e: jwk.e }, defaultAlgorithm: bits >= 4096 ? 'RS512' : bits >= 3072 ? 'RS384' : 'RS256', family: 'RSA' };
    }
    case 'EC': {
      field(jwk, 'x'); field(jwk, 'y');
      const crv = typeof jwk.crv === 'string' ? jwk.crv : null;
      if (!CURVES[crv]) throw jwsErrors.invalidKey(`unsupported curve ${crv ?? '(none)'}`);
      return { publicJWK: { kty, crv, x: jwk.x, y: jwk.y }, defaultAlgorithm: CURVES[crv], family: 'EC' };
    }
    case 'OKP': {
      if (jwk.crv !== 'Ed25519') throw jwsErrors.invalidKey(`unsupported OKP curve ${typeof jwk.crv === 'string' ? jwk.crv : '(none)'}`);
      field(jwk, 'x');
      return { publicJWK: { kty, crv: 'Ed25519', x: jwk.x }, defaultAlgorithm: 'EdDSA', family: 'OKP' };
    }
    default: throw jwsErrors.invalidKey(`unsupported key type ${kty ?? '(none)'}`);
  }
}

function supports(material, algorithm) {
  if (material.family === 'RSA') return /^(RS|PS)/.test(algorithm);
  return algorithm === material.defaultAlgorithm;
}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A verification key from one JWK object (parsed JSON). Its `alg`, when present, fixes the
 * algorithm; `algorithm` (optional) is the one the caller trusts it for. Throws a JWSError:
 * invalidKey, unsupportedAlgorithm, algorithmMismatch or wrongKeyType.
 */
export async function importJWK(jwk, algorithm = null) {
  if (!isObject(jwk)) throw jwsErrors.invalidKey('not a JWK (a JSON object)');
  if (typeof jwk.use === 'string' && jwk.use !== 'sig') throw jwsErrors.invalidKey(`the key's "use" is "${jwk.use}", not "sig"`);
  let chosen = algorithm;
  if (typeof jwk.alg === 'string') {
    if (!JWS_ALGORITHMS.includes(jwk.alg)) throw jwsErrors.unsupportedAlgorithm(jwk.alg);
    if (algorithm && algorithm !== jwk.alg) throw jwsErrors.algorithmMismatch(jwk.alg, algorithm);
    chosen = jwk.alg;
  }
  const material = publicMaterial(jwk);
  chosen ??= material.defaultAlgorithm;
  if (!supports(material, chosen)) throw jwsErrors.wrongKeyType(chosen);
  const { importAs } = webCryptoParameters(chosen, material.publicJWK.crv);
  let cryptoKey;
  try {
    cryptoKey = await crypto.subtle.importKey('jwk', material.publicJWK, importAs, false, ['verify']);
  } catch {
    throw jwsErrors.invalidKey(material.family === 'EC' ? 'the point is not on the curve'
      : material.family === 'OKP' ? 'invalid Ed25519 key (or this browser does not verify Ed25519)' : 'not a usable RSA public key (2048 bits or more)');
  }
  return new JWSVerificationKey({ algorithm: chosen, keyID: typeof jwk.kid === 'string' ? jwk.kid : null, publicJWK: material.publicJWK, cryptoKey });
}

/** A JWK Set: trusted keys, chosen by a token's `kid`; `issuer` is its `iss` member, when it names one. */
export class JWKSet {
  constructor(keys, issuer = null) { this.keys = keys; this.issuer = issuer; }

  /** The key for `kid`; with no `kid`, the only key when there is just one. keyNotFound otherwise. */
  keyFor(kid) {
    if (kid !== null && kid !== undefined) {
      const key = this.keys.find((k) => k.keyID === kid);
      if (!key) throw jwsErrors.keyNotFound(kid);
      return key;
    }
    if (this.keys.length !== 1) throw jwsErrors.keyNotFound(null);
    return this.keys[0];
  }
}

/** Parses `{"keys": [...]}` (an object, or its JSON text). */
export async function importJWKSet(json) {
  let object = json;
  if (typeof json === 'string') { try { object = JSON.parse(json); } catch { object = null; } }
  if (!isObject(object) || !Array.isArray(object.keys) || !object.keys.every(isObject)) {
    throw jwsErrors.invalidKey('not a JWK set (a JSON object with a "keys" array)');
  }
  const keys = [];
  for (const jwk of object.keys) keys.push(await importJWK(jwk));
  return new JWKSet(keys, typeof object.iss === 'string' ? object.iss : null);
}

/** RFC 7638 thumbprint of a public JWK: SHA-256 over the required members, sorted, no white space. */
export async function thumbprint(jwk) {
  const required = jwk.kty === 'RSA' ? ['e', 'kty', 'n'] : jwk.kty === 'EC' ? ['crv', 'kty', 'x', 'y'] : ['crv', 'kty', 'x'];
  const canonical = `{${required.map((name) => `"${name}":"${jwk[name] ?? ''}"`).join(',')}}`;
  return toBase64URL(new Uint8Array(await crypto.subtle.digest('SHA-256', utf8(canonical))));
}
