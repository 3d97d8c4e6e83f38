// Base64url without padding (RFC 4648 §5) as JOSE uses it, decoded strictly (Swift:
// SeqrCore/JWS/Base64URL.swift): only the canonical spelling of some bytes is read — the unused low
// bits of the last character must be zero — so one signed token has exactly one spelling, and a
// replay or deduplication check keyed on its text cannot be slipped past by writing it another way.
import { fromBase64URL, toBase64URL } from './bytes.js';

/** The bytes, or null for anything but the canonical unpadded base64url of some bytes. */
export function decodeBase64URL(text) {
  const bytes = fromBase64URL(text);
  return bytes !== null && toBase64URL(bytes) === text ? bytes : null;
}

export { toBase64URL as encodeBase64URL };
