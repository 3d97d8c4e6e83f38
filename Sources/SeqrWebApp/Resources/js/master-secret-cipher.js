// SLIP-0039's encryption of the master secret before it is shared (Swift: SeqrCore/KeySheets/
// MasterSecretCipher.swift): a four-round Feistel network whose round function i is
// PBKDF2-HMAC-SHA256(password = byte i ‖ passphrase, salt = ("shamir" ‖ id when not extendable) ‖
// right half, 2500·2ᵉ iterations, n/2 bytes) — PBKDF2 from WebCrypto. It is a permutation for every
// passphrase, so a wrong passphrase yields a wrong key rather than an error (SLIP-0039's
// deniability); the document's AEAD refuses that key. No DOM.
import { concatBytes } from './bytes.js';

export const FEISTEL_ROUNDS = 4;
export const BASE_ITERATIONS = 2_500;

export class MasterSecretCipher {
  /** passphrase: printable ASCII (checked by key-sheets.js); e: 0–15; identifier: 15 bits. */
  constructor({ passphrase = '', iterationExponent, identifier, extendable }) {
    Object.assign(this, { passphrase, iterationExponent, identifier, extendable });
  }

  encrypt(secret) { return this.#feistel(secret, [0, 1, 2, 3]); }
  decrypt(encrypted) { return this.#feistel(encrypted, [3, 2, 1, 0]); }

  async #feistel(input, rounds) {
    const half = input.length / 2;
    let left = input.slice(0, half), right = input.slice(half);
    // Without the extendable flag the identifier salts the rounds, tying the key to one set of shares.
    const saltPrefix = this.extendable ? new Uint8Array(0)
      : Uint8Array.from([...'shamir'].map((c) => c.charCodeAt(0)).concat([this.identifier >> 8, this.identifier & 0xff]));
    const passphrase = Uint8Array.from(this.passphrase, (c) => c.charCodeAt(0));
    for (const round of rounds) {
      const key = await crypto.subtle.importKey('raw', concatBytes(Uint8Array.of(round), passphrase), 'PBKDF2', false, ['deriveBits']);
      const mask = new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: concatBytes(saltPrefix, right),
        iterations: BASE_ITERATIONS * 2 ** this.iterationExponent }, key, half * 8));
      const next = left.map((byte, i) => byte ^ mask[i]);
      left.fill(0);
      left = right;
      right = next;
    }
    const out = concatBytes(right, left);
    left.fill(0);
    right.fill(0);
    return out;
  }
}
