// HPKE (RFC 9180) base mode for exactly one suite: DHKEM(X25519, HKDF-SHA256) 0x0020,
// HKDF-SHA256 0x0001, AES-256-GCM 0x0002 — channel suite 2's (docs/formats/channels.md; Swift:
// swift-crypto's HPKE, SeqrCore/Channels/ChannelSuite.swift). The one protocol composed by hand in
// the app, from WebCrypto's X25519, HMAC-SHA256 (hkdf.js) and AES-GCM only; checked against
// RFC 9180's vectors for this suite and against swift-crypto both ways (Tests/WebApp/hpke.test.mjs,
// test_channels.py).
import { concatBytes, fromBase64URL, utf8 } from './bytes.js';
import { hkdfExpand, hkdfExtract } from './hkdf.js';

const KEM_SUITE_ID = concatBytes(utf8('KEM'), Uint8Array.of(0x00, 0x20));
const HPKE_SUITE_ID = concatBytes(utf8('HPKE'), Uint8Array.of(0x00, 0x20, 0x00, 0x01, 0x00, 0x02));
const VERSION_LABEL = utf8('HPKE-v1');
const EMPTY = new Uint8Array(0);
export const KEY_LENGTH = 32;      // X25519 keys and enc, AES-256 key
export const NONCE_LENGTH = 12;
export const TAG_LENGTH = 16;
// PKCS #8 wrapping of a raw X25519 private key (RFC 8410): WebCrypto imports private keys only so.
const X25519_PKCS8_PREFIX = Uint8Array.of(0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x6e, 0x04, 0x22, 0x04, 0x20);

/** Why HPKE refused: `invalidKey` (a key WebCrypto does not take, or a DH result of zero) or `openFailed`. */
export class HPKEError extends Error {
  constructor(code, message) { super(message); this.name = 'HPKEError'; this.code = code; }
}

function labeledExtract(suiteID, salt, label, ikm) {
  return hkdfExtract(salt, concatBytes(VERSION_LABEL, suiteID, utf8(label), ikm));
}

function labeledExpand(suiteID, prk, label, info, length) {
  return hkdfExpand(prk, concatBytes(Uint8Array.of(length >> 8, length & 0xff), VERSION_LABEL, suiteID, utf8(label), info), length);
}

/** A raw 32-byte X25519 private key as a CryptoKey (deriveBits), `extractable` for sealing it away. */
export async function importX25519PrivateKey(raw, extractable = false) {
  if (!(raw instanceof Uint8Array) || raw.length !== KEY_LENGTH) throw new HPKEError('invalidKey', 'an X25519 private key is 32 bytes');
  try {
    return await crypto.subtle.importKey('pkcs8', concatBytes(X25519_PKCS8_PREFIX, raw), { name: 'X25519' }, extractable, ['deriveBits']);
  } catch {
    throw new HPKEError('invalidKey', 'this browser does not take the X25519 key');
  }
}

/** The raw public key of an X25519 private CryptoKey that is extractable. */
export async function x25519PublicKey(privateKey) {
  const jwk = await crypto.subtle.exportKey('jwk', privateKey);
  return fromBase64URL(jwk.x);
}

async function dh(privateKey, publicRaw) {
  let bits;
  try {
    const publicKey = await crypto.subtle.importKey('raw', publicRaw, { name: 'X25519' }, false, []);
    bits = new Uint8Array(await crypto.subtle.deriveBits({ name: 'X25519', public: publicKey }, privateKey, 256));
  } catch {
    throw new HPKEError('invalidKey', 'the X25519 public key is not one this browser takes');
  }
  // RFC 9180 §7.1.4: an all-zero shared secret (a small-order public key) is an error.
  if (bits.every((b) => b === 0)) throw new HPKEError('invalidKey', 'the X25519 public key is of small order');
  return bits;
}

/** RFC 9180 §7.1.3 DeriveKeyPair: { privateKey (CryptoKey), publicKey (raw), privateRaw } from `ikm`. */
export async function deriveKeyPair(ikm) {
  const prk = await labeledExtract(KEM_SUITE_ID, EMPTY, 'dkp_prk', ikm);
  const privateRaw = await labeledExpand(KEM_SUITE_ID, prk, 'sk', EMPTY, KEY_LENGTH);
  const privateKey = await importX25519PrivateKey(privateRaw, true);
  return { privateKey, publicKey: await x25519PublicKey(privateKey), privateRaw };
}

async function extractAndExpand(dhResult, kemContext) {
  const prk = await labeledExtract(KEM_SUITE_ID, EMPTY, 'eae_prk', dhResult);
  return labeledExpand(KEM_SUITE_ID, prk, 'shared_secret', kemContext, KEY_LENGTH);
}

async function keySchedule(sharedSecret, info) {
  const pskIDHash = await labeledExtract(HPKE_SUITE_ID, EMPTY, 'psk_id_hash', EMPTY);
  const infoHash = await labeledExtract(HPKE_SUITE_ID, EMPTY, 'info_hash', info);
  const context = concatBytes(Uint8Array.of(0x00), pskIDHash, infoHash);  // mode_base
  const secret = await labeledExtract(HPKE_SUITE_ID, sharedSecret, 'secret', EMPTY);
  const keyBytes = await labeledExpand(HPKE_SUITE_ID, secret, 'key', context, KEY_LENGTH);
  const key = await crypto.subtle.importKey('raw', keyBytes, 'AES-GCM', false, ['encrypt', 'decrypt']);
  keyBytes.fill(0);
  return new HPKEContext(key,
    await labeledExpand(HPKE_SUITE_ID, secret, 'base_nonce', context, NONCE_LENGTH),
    await labeledExpand(HPKE_SUITE_ID, secret, 'exp', context, KEY_LENGTH));
}

/** An encryption context (RFC 9180 §5.2): a sequence number per sealed or opened message. */
export class HPKEContext {
  constructor(key, baseNonce, exporterSecret) {
    this.key = key;
    this.baseNonce = baseNonce;
    this.exporterSecret = exporterSecret;
    this.sequence = 0;
  }

  nextNonce() {
    const nonce = Uint8Array.from(this.baseNonce);
    let seq = this.sequence++;
    for (let i = NONCE_LENGTH - 1; seq > 0; i--, seq = Math.floor(seq / 256)) nonce[i] ^= seq % 256;
    return nonce;
  }

  /** AES-256-GCM ciphertext ‖ tag. */
  async seal(aad, plaintext) {
    return new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: this.nextNonce(), additionalData: aad, tagLength: 128 }, this.key, plaintext));
  }

  async open(aad, ciphertext) {
    const iv = this.nextNonce();
    try {
      return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: aad, tagLength: 128 }, this.key, ciphertext));
    } catch {
      this.sequence--;
      throw new HPKEError('openFailed', 'the sealed data does not open: altered, or sealed to another key');
    }
  }

  /** RFC 9180 §5.3 secret export. */
  export(exporterContext, length) { return labeledExpand(HPKE_SUITE_ID, this.exporterSecret, 'sec', exporterContext, length); }
}

/**
 * SetupBaseS: { enc, context } for the recipient's raw X25519 public key. The ephemeral key comes
 * from the system RNG; `ephemeralIKM` (DeriveKeyPair's input) only for tests with fixed vectors.
 */
export async function setupBaseSender(recipientPublicKey, info, { ephemeralIKM = null } = {}) {
  const ephemeral = await deriveKeyPair(ephemeralIKM ?? crypto.getRandomValues(new Uint8Array(KEY_LENGTH)));
  ephemeral.privateRaw.fill(0);
  const enc = ephemeral.publicKey;
  const sharedSecret = await extractAndExpand(await dh(ephemeral.privateKey, recipientPublicKey), concatBytes(enc, recipientPublicKey));
  return { enc, context: await keySchedule(sharedSecret, info) };
}

/** SetupBaseR: the context for `enc`, with the recipient's private CryptoKey and raw public key. */
export async function setupBaseRecipient(enc, recipientPrivateKey, recipientPublicKey, info) {
  if (!(enc instanceof Uint8Array) || enc.length !== KEY_LENGTH) throw new HPKEError('invalidKey', 'an HPKE encapsulated key is 32 bytes');
  const sharedSecret = await extractAndExpand(await dh(recipientPrivateKey, enc), concatBytes(enc, recipientPublicKey));
  return keySchedule(sharedSecret, info);
}

/** Single-shot seal: { enc, ciphertext }. */
export async function hpkeSeal(recipientPublicKey, info, aad, plaintext, options = {}) {
  const { enc, context } = await setupBaseSender(recipientPublicKey, info, options);
  return { enc, ciphertext: await context.seal(aad, plaintext) };
}

/** Single-shot open; throws HPKEError. */
export async function hpkeOpen(enc, recipientPrivateKey, recipientPublicKey, info, aad, ciphertext) {
  const context = await setupBaseRecipient(enc, recipientPrivateKey, recipientPublicKey, info);
  return context.open(aad, ciphertext);
}
