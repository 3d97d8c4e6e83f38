// Location fixes sealed as `seqr-location-v1`, exactly as the CLI seals them
// (docs/formats/location.md; Swift: SeqrCore/Location/LocationFix.swift, SealedLocationFix.swift):
//
// | offset | size | field                                                               |
// | 0      | 1    | version 0x01                                                        |
// | 1      | 12   | nonce, random                                                       |
// | 13     | n    | AES-256-GCM ciphertext of the fix's JSON padded with spaces to 256  |
// | 13 + n | 16   | GCM tag                                                             |
//
// Key: the share's 32 random bytes (only ever in a link's fragment). Associated data:
// "seqr-location-v1" 0x00 <share id>, so the server cannot move a fix into another share.
// The padding hides the coordinates' signs and digit counts from anyone who sees the length.
import { concatBytes, decodeUTF8, fromBase64, randomBytes, toBase64, utf8 } from './bytes.js';

export const FIX_VERSION = 1;
export const PADDED_LENGTH = 256;
export const KEY_LENGTH = 32;
const NONCE_LENGTH = 12, TAG_LENGTH = 16;

export class LocationError extends Error {
  constructor(code, message) { super(message); this.name = 'LocationError'; this.code = code; }
}

/** A checked fix {lat, lon, accuracy?, altitude?, time (ms since 1970, whole)}, as LocationFix.init checks it. */
export function makeFix({ lat, lon, accuracy = null, altitude = null, time }) {
  if (typeof lat !== 'number' || !Number.isFinite(lat) || lat < -90 || lat > 90) throw new LocationError('latitudeOutOfRange', `latitude ${lat} is outside −90…90`);
  if (typeof lon !== 'number' || !Number.isFinite(lon) || lon < -180 || lon > 180) throw new LocationError('longitudeOutOfRange', `longitude ${lon} is outside −180…180`);
  if (accuracy !== null && accuracy !== undefined && (typeof accuracy !== 'number' || !Number.isFinite(accuracy) || accuracy < 0)) {
    throw new LocationError('badAccuracy', `accuracy ${accuracy} m is not a positive distance`);
  }
  if (typeof time !== 'number' || !Number.isFinite(time)) throw new LocationError('malformedFix', 'not a location fix (expected JSON with lat, lon and time)');
  const fix = { lat, lon, time: Math.round(time) };
  if (accuracy !== null && accuracy !== undefined) fix.accuracy = accuracy;
  if (typeof altitude === 'number' && Number.isFinite(altitude)) fix.altitude = altitude;
  return fix;
}

/**
 * A number as Swift's JSONEncoder writes a Double: shortest round-trip digits (as JavaScript's),
 * integral values without ".0", exponent form below 1e-4 and from 2^53 with at least two exponent
 * digits ("1e-05", "1e+16"), negative zero as "-0".
 */
export function swiftDouble(value) {
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const magnitude = Math.abs(value);
  if (magnitude >= 2 ** 53 || magnitude < 1e-4) {
    return value.toExponential().replace(/e([+-])(\d)$/, 'e$10$2');
  }
  return String(value);
}

/** The fix's plaintext: compact JSON, keys sorted, as LocationFix.json() writes it. */
export function fixJSON(fix) {
  const parts = [];
  for (const key of ['accuracy', 'altitude', 'lat', 'lon', 'time']) {
    if (fix[key] !== undefined && fix[key] !== null) parts.push(`"${key}":${swiftDouble(fix[key])}`);
  }
  return `{${parts.join(',')}}`;
}

export function padded(json) {
  const bytes = utf8(json);
  const length = Math.max(PADDED_LENGTH, Math.ceil(bytes.length / PADDED_LENGTH) * PADDED_LENGTH);
  const out = new Uint8Array(length).fill(0x20);
  out.set(bytes);
  return out;
}

function associatedData(shareID) { return utf8(`seqr-location-v1\u0000${shareID}`); }

async function aesKey(keyBytes, usage) {
  if (!(keyBytes instanceof Uint8Array) || keyBytes.length !== KEY_LENGTH) {
    throw new LocationError('wrongKeyLength', `a location key is 32 bytes (seqr-location-v1), not ${keyBytes?.length}`);
  }
  return crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, [usage]);
}

/** The fix as the server stores it: base64 of the sealed bytes. `nonce` only for tests with fixed vectors. */
export async function sealFix(fix, shareID, keyBytes, nonce = randomBytes(NONCE_LENGTH)) {
  const key = await aesKey(keyBytes, 'encrypt');
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce, additionalData: associatedData(shareID), tagLength: 128 },
    key, padded(fixJSON(makeFix(fix))));
  return toBase64(concatBytes(Uint8Array.of(FIX_VERSION), nonce, new Uint8Array(sealed)));
}

/** The fix inside a stored `data` string, or a LocationError saying why not. */
export async function openFix(data, shareID, keyBytes) {
  const sealed = fromBase64(data);
  if (!sealed) throw new LocationError('malformedData', 'a stored fix is not base64');
  if (sealed.length === 0) throw new LocationError('truncatedFix', 'location fix truncated (0 bytes)');
  if (sealed[0] !== FIX_VERSION) throw new LocationError('unsupportedVersion', `location fix of version ${sealed[0]}, only version 1 is read`);
  if (sealed.length < 1 + NONCE_LENGTH + TAG_LENGTH) throw new LocationError('truncatedFix', `location fix truncated (${sealed.length} bytes)`);
  const key = await aesKey(keyBytes, 'decrypt');
  let plain;
  try {
    plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: sealed.subarray(1, 1 + NONCE_LENGTH), additionalData: associatedData(shareID), tagLength: 128 },
      key, sealed.subarray(1 + NONCE_LENGTH));
  } catch {
    throw new LocationError('authenticationFailed', 'wrong share key (rotated or mistyped link), or the fix was altered');
  }
  const text = decodeUTF8(new Uint8Array(plain));
  let raw;
  try { raw = JSON.parse(text); } catch { raw = null; }
  if (!raw || typeof raw !== 'object') throw new LocationError('malformedFix', 'not a location fix (expected JSON with lat, lon and time)');
  return makeFix(raw);
}
