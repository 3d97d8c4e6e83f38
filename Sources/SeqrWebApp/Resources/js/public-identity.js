// A person's public identity (docs/formats/channels.md, "Public identity"; Swift:
// SeqrCore/Channels/PublicIdentity.swift, DisplayName.swift):
//
// | length  | field                                                             |
// | 1       | signing algorithm: 1 Ed25519, 2 ECDSA P-256                        |
// | 32 / 65 | signing public key: Ed25519 raw, or P-256 X9.63 uncompressed point |
// | 32      | X25519 key-agreement public key                                    |
// | 1 + t   | name length (UInt8), UTF-8 name without controls or bidi marks     |
//
// Fingerprint (to compare aloud, as `seqr id show` prints it): SHA-256(algorithm ‖ signing key ‖
// X25519 key), first 10 bytes, Crockford base-32, four groups of four.
import { ByteReader } from './byte-reader.js';
import { concatBytes, decodeUTF8, utf8 } from './bytes.js';
import { channelErrors } from './channel-error.js';

export const Ed25519 = 1;
export const P256 = 2;
const SIGNING_KEY_LENGTH = { [Ed25519]: 32, [P256]: 65 };
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** The first scalar of `name` a name may not hold (C0/C1 controls, DEL, bidi marks, embeddings, overrides, isolates), or null. */
export function forbiddenScalar(name) {
  for (const char of name) {
    const c = char.codePointAt(0);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x061c || c === 0x200e || c === 0x200f
      || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069)) return c;
  }
  return null;
}

export function validateName(name) {
  const scalar = forbiddenScalar(name);
  if (scalar !== null) throw channelErrors.unsafeName(scalar);
}

/** A UTF-8 name from a reader: length byte, bytes; `invalidContent` when not UTF-8, `unsafeName` when unsafe. */
export function readName(reader) {
  const name = decodeUTF8(reader.take(reader.uint8()));
  if (name === null) throw channelErrors.invalidContent('the name is not UTF-8');
  validateName(name);
  return name;
}

/** Length byte and UTF-8 bytes of `name`, cut to 255 bytes as the Swift side cuts it. */
export function nameBytes(name) {
  let bytes = utf8(name);
  if (bytes.length > 255) bytes = bytes.slice(0, 255);
  return concatBytes(Uint8Array.of(bytes.length), bytes);
}

export async function sha256(bytes) { return new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)); }

/** SHA-256(X25519 key)[0..<8]: how shares and rekey codes name their recipient. */
export async function recipientID(agreementKey) { return (await sha256(agreementKey)).slice(0, 8); }

export class PublicIdentity {
  constructor(algorithm, signingKey, agreementKey, name) {
    Object.assign(this, { algorithm, signingKey, agreementKey, name });
  }

  serialized() { return concatBytes(Uint8Array.of(this.algorithm), this.signingKey, this.agreementKey, nameBytes(this.name)); }

  async fingerprint() {
    const digest = (await sha256(concatBytes(Uint8Array.of(this.algorithm), this.signingKey, this.agreementKey))).slice(0, 10);
    let bits = 0, value = 0, out = '';
    for (const byte of digest) {
      value = ((value << 8) | byte) & 0xfff;
      bits += 8;
      while (bits >= 5) { out += CROCKFORD[(value >> (bits - 5)) & 31]; bits -= 5; }
    }
    return out.match(/.{4}/g).join('-');
  }

  recipientID() { return recipientID(this.agreementKey); }

  async verifyKey() {
    return this.algorithm === Ed25519
      ? crypto.subtle.importKey('raw', this.signingKey, { name: 'Ed25519' }, false, ['verify'])
      : crypto.subtle.importKey('raw', this.signingKey, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  }

  /** Whether `signature` (Ed25519, or P-256 raw R‖S over SHA-256) over `message` verifies. */
  async verifies(signature, message) {
    try {
      const key = await this.verifyKey();
      const algorithm = this.algorithm === Ed25519 ? { name: 'Ed25519' } : { name: 'ECDSA', hash: 'SHA-256' };
      return await crypto.subtle.verify(algorithm, key, signature, message);
    } catch { return false; }
  }

  /** Reads an identity; keys are checked to be ones WebCrypto takes (`invalidKey`). */
  static async read(reader) {
    const algorithm = reader.uint8();
    if (!(algorithm in SIGNING_KEY_LENGTH)) throw channelErrors.invalidKey();
    const signingKey = reader.take(SIGNING_KEY_LENGTH[algorithm]);
    const agreementKey = reader.take(32);
    const identity = new PublicIdentity(algorithm, signingKey, agreementKey, readName(reader));
    try {
      await identity.verifyKey();
      await crypto.subtle.importKey('raw', agreementKey, { name: 'X25519' }, false, []);
    } catch { throw channelErrors.invalidKey(); }
    return identity;
  }
}

export function newByteReader(bytes) { return new ByteReader(bytes, channelErrors.truncated); }
