// One's own identity (Swift: SeqrCore/Channels/PrivateIdentity.swift): an Ed25519 signing key and an
// X25519 key that channel shares are sealed to, both made by WebCrypto from the system RNG. Its
// secret bytes leave this module only to be sealed (identity-vault.js); in use they are CryptoKeys.
import { concatBytes, fromBase64URL } from './bytes.js';
import { importX25519PrivateKey, x25519PublicKey } from './hpke.js';
import { Ed25519, PublicIdentity, validateName } from './public-identity.js';

// PKCS #8 wrapping of a raw Ed25519 seed (RFC 8410).
const ED25519_PKCS8_PREFIX = Uint8Array.of(0x30, 0x2e, 0x02, 0x01, 0x00, 0x30, 0x05, 0x06, 0x03, 0x2b, 0x65, 0x70, 0x04, 0x22, 0x04, 0x20);

export class PrivateIdentity {
  constructor(signingKey, agreementKey, publicIdentity) { Object.assign(this, { signingKey, agreementKey, publicIdentity }); }

  /** A new identity named `name`; its keys extractable only so `secrets()` can seal them away. */
  static async generate(name) {
    validateName(name);
    const signing = await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify']);
    const agreement = await crypto.subtle.generateKey({ name: 'X25519' }, true, ['deriveBits']);
    const signingPublic = new Uint8Array(await crypto.subtle.exportKey('raw', signing.publicKey));
    const agreementPublic = new Uint8Array(await crypto.subtle.exportKey('raw', agreement.publicKey));
    return new PrivateIdentity(signing.privateKey, agreement.privateKey, new PublicIdentity(Ed25519, signingPublic, agreementPublic, name));
  }

  /** From the raw 32-byte Ed25519 seed and X25519 key (`secrets()` read back, or test vectors). */
  static async fromSecrets({ ed25519, x25519, name }, extractable = false) {
    const signingKey = await crypto.subtle.importKey('pkcs8', concatBytes(ED25519_PKCS8_PREFIX, ed25519), { name: 'Ed25519' }, true, ['sign']);
    const signingPublic = fromBase64URL((await crypto.subtle.exportKey('jwk', signingKey)).x);
    const agreementKey = await importX25519PrivateKey(x25519, true);
    const agreementPublic = await x25519PublicKey(agreementKey);
    const identity = new PrivateIdentity(signingKey, agreementKey, new PublicIdentity(Ed25519, signingPublic, agreementPublic, name));
    // Re-imported without export rights once the public halves are known.
    return extractable ? identity
      : new PrivateIdentity(await crypto.subtle.importKey('pkcs8', concatBytes(ED25519_PKCS8_PREFIX, ed25519), { name: 'Ed25519' }, false, ['sign']),
        await importX25519PrivateKey(x25519, false), identity.publicIdentity);
  }

  /** The raw secret keys, to be sealed at once: { ed25519, x25519, name }. */
  async secrets() {
    const d = async (key) => fromBase64URL((await crypto.subtle.exportKey('jwk', key)).d);
    return { ed25519: await d(this.signingKey), x25519: await d(this.agreementKey), name: this.publicIdentity.name };
  }

  async sign(message) { return new Uint8Array(await crypto.subtle.sign({ name: 'Ed25519' }, this.signingKey, message)); }
}
