// Share keys and links (docs/formats/location.md; Swift: SeqrCore/Location/LocationShareKey.swift,
// LocationShareLink.swift): https://HOST[/PREFIX]/l/<share id>#k=<base64url key, no padding>.
// The key rides in the fragment, which browsers never send to a server.
import { randomBytes, toBase64URL } from './bytes.js';
import { KEY_LENGTH } from './location-fix.js';

export const SHARE_FORMAT = 'seqr-location-v1';

/** A fresh seqr-location-v1 share key: 32 bytes from the system RNG. */
export function generateShareKey() { return randomBytes(KEY_LENGTH); }

/** Share ids: 16 random bytes as base64url, 22 characters. */
export function isValidShareID(id) { return typeof id === 'string' && /^[A-Za-z0-9_-]{21}[AQgw]$/.test(id); }

export function shareLink(base, shareID, keyBytes) {
  return `${base.replace(/\/+$/, '')}/l/${shareID}#k=${toBase64URL(keyBytes)}`;
}
