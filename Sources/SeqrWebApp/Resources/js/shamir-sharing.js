// Shamir's secret sharing of a byte string over GF(256), as SLIP-0039 defines it (SplitSecret and
// RecoverSecret; Swift: SeqrCore/KeySheets/ShamirSharing.swift): byte k of every share is a point
// of its own polynomial f_k, the secret is stored at x = 255 and a digest of it at x = 254, shares
// are x = 0, 1, …. No DOM.
//
// With t ≥ 2 the digest point holds HMAC-SHA256(key: R, message: secret)[0..<4] ‖ R for random R
// (WebCrypto's HMAC, crypto.getRandomValues), so a recovery from a wrong set of points is detected
// (chance 2⁻³² of missing it) instead of returning a wrong secret. Any t − 1 shares are uniformly
// distributed whatever the secret, so they tell nothing about it beyond the 32-bit digest constraint.
import { equalBytes, randomBytes } from './bytes.js';
import { gfDivide, gfMultiply } from './gf256.js';

export const SECRET_INDEX = 255;
export const DIGEST_INDEX = 254;
export const DIGEST_LENGTH = 4;
/** Share indices are 4 bits in a SLIP-0039 share. */
export const MAXIMUM_SHARE_COUNT = 16;

/** The `count` shares of `secret` (for x = 0 ..< count), any `threshold` of which recover it. Callers check the ranges. */
export async function shamirSplit(secret, threshold, count) {
  if (!(threshold >= 1 && threshold <= count && count <= MAXIMUM_SHARE_COUNT && secret.length >= 16)) throw new RangeError('shamirSplit out of range');
  if (threshold === 1) return Array.from({ length: count }, () => secret.slice());
  const random = randomBytes(secret.length - DIGEST_LENGTH);
  const digestPoint = new Uint8Array(secret.length);
  digestPoint.set(await shamirDigest(random, secret));
  digestPoint.set(random, DIGEST_LENGTH);
  const points = Array.from({ length: threshold - 2 }, (_, x) => ({ x, y: randomBytes(secret.length) }));
  points.push({ x: DIGEST_INDEX, y: digestPoint }, { x: SECRET_INDEX, y: secret });
  return Array.from({ length: count }, (_, x) => (x < threshold - 2 ? points[x].y : interpolate(x, points)));
}

/**
 * The secret from exactly `threshold` points ({ x, y }) with distinct x, or null when the digest
 * point does not match the secret: a point is forged or comes from another split.
 */
export async function shamirRecover(points, threshold) {
  if (points.length !== threshold || points.length === 0) throw new RangeError('shamirRecover needs exactly threshold points');
  if (threshold === 1) return points[0].y.slice();
  const secret = interpolate(SECRET_INDEX, points);
  const digestPoint = interpolate(DIGEST_INDEX, points);
  const expected = await shamirDigest(digestPoint.subarray(DIGEST_LENGTH), secret);
  return equalBytes(expected, digestPoint.subarray(0, DIGEST_LENGTH)) ? secret : null;
}

/** f(x) for the polynomials through `points` (Lagrange), byte by byte; the x distinct, the y of one length. */
export function interpolate(x, points) {
  const result = new Uint8Array(points[0].y.length);
  points.forEach((point, i) => {
    // The basis polynomial's value depends on the public indices only.
    let basis = 1;
    points.forEach((other, j) => {
      if (j === i) return;
      if (other.x === point.x) throw new RangeError('two points with one index');
      basis = gfMultiply(basis, gfDivide(x ^ other.x, point.x ^ other.x));
    });
    for (let k = 0; k < result.length; k++) result[k] ^= gfMultiply(point.y[k], basis);
  });
  return result;
}

/** HMAC-SHA256(key: random, message: secret), its first four bytes. */
export async function shamirDigest(random, secret) {
  // An empty HMAC key is refused by WebCrypto; SLIP-0039's R is at least 12 bytes.
  const key = await crypto.subtle.importKey('raw', random, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, secret)).subarray(0, DIGEST_LENGTH);
}
