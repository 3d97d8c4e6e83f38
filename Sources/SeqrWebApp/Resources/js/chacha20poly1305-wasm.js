// ChaCha20-Poly1305 (RFC 8439) in the page: BoringSSL's AEAD, the code `seqr vault restore` runs
// through swift-crypto, compiled to wasm/chacha20poly1305.wasm by scripts/build-wasm from the
// sources vendored in Sources/VaultWasm (C API: Sources/VaultWasm/chacha20poly1305_wasm.cc).
// WebCrypto has no ChaCha20-Poly1305; no cipher code is written here, only the calls. No DOM.
//
// Security contract: open() returns the plaintext only when the 16-byte tag verifies (BoringSSL
// checks it, in constant time, before anything is released) and null otherwise. The key and the
// plaintext are wiped from the module's memory after each call.
import { memoryBytes, startReactor } from './wasm-reactor.js';

export const CHACHA20POLY1305_MODULE_URL = new URL('../wasm/chacha20poly1305.wasm', import.meta.url);
export const KEY_LENGTH = 32;
export const NONCE_LENGTH = 12;
export const TAG_LENGTH = 16;

/** @returns {Promise<ChaCha20Poly1305>} */
export async function loadChaCha20Poly1305(source = CHACHA20POLY1305_MODULE_URL) {
  return new ChaCha20Poly1305(await startReactor(source, 'the decryption module'));
}

export class ChaCha20Poly1305 {
  #x;
  constructor(exports) { this.#x = exports; }

  /** ciphertext‖tag → the plaintext, or null when the tag does not verify (wrong key, altered data). */
  open(key, nonce, aad, sealed) {
    if (sealed.length < TAG_LENGTH) return null;
    return this.#run(this.#x.aead_open, key, nonce, aad, sealed, sealed.length - TAG_LENGTH);
  }

  /** plaintext → ciphertext‖tag (tests; the page's restore only opens). */
  seal(key, nonce, aad, plain) { return this.#run(this.#x.aead_seal, key, nonce, aad, plain, plain.length + TAG_LENGTH); }

  #run(operation, key, nonce, aad, input, outputLength) {
    if (key.length !== KEY_LENGTH || nonce.length !== NONCE_LENGTH) throw new RangeError('ChaCha20-Poly1305 takes a 32-byte key and a 12-byte nonce');
    const x = this.#x;
    const keyP = x.cc_malloc(KEY_LENGTH + NONCE_LENGTH), aadP = x.cc_malloc(aad.length || 1);
    const inP = x.cc_malloc(input.length || 1), outP = x.cc_malloc(outputLength || 1);
    try {
      if (!keyP || !aadP || !inP || !outP) throw new RangeError('ChaCha20-Poly1305: out of memory');
      memoryBytes(x, keyP, KEY_LENGTH).set(key);
      memoryBytes(x, keyP + KEY_LENGTH, NONCE_LENGTH).set(nonce);
      memoryBytes(x, aadP, aad.length).set(aad);
      memoryBytes(x, inP, input.length).set(input);
      const n = operation(keyP, keyP + KEY_LENGTH, aadP, aad.length, inP, input.length, outP);
      return n < 0 ? null : memoryBytes(x, outP, n).slice();
    } finally {
      if (keyP) memoryBytes(x, keyP, KEY_LENGTH + NONCE_LENGTH).fill(0);
      if (outP) memoryBytes(x, outP, outputLength).fill(0);
      if (inP) memoryBytes(x, inP, input.length).fill(0);
      for (const p of [keyP, aadP, inP, outP]) if (p) x.cc_free(p);
    }
  }
}
