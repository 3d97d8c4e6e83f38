// A paper vault restored in the page, from its scanned codes and its password or key sheets, as
// `seqr vault restore` does it: the codes assembled and lost ones rebuilt from parity (vault-assembler.js, ISA-L
// in WebAssembly), the key derived (PBKDF2-HMAC-SHA256 in WebCrypto, the header's rounds within the
// CLI's bounds; for a key-sheet backup SLIP-0039's combine, then HKDF in WebCrypto), the message opened (BoringSSL's ChaCha20-Poly1305 in WebAssembly) and inflated
// (brotli's decoder in WebAssembly, at most 64 MiB). No DOM.
//
// Security contract: the document is returned only after the AEAD tag verified; the derived key
// and the intermediate plaintexts are wiped once used. The caller keeps the document in memory only.
import { loadBrotliDecoder } from './brotli-wasm.js';
import { loadChaCha20Poly1305 } from './chacha20poly1305-wasm.js';
import { loadErasureCode } from './isal-erasure-code.js';
import { decodeBody, deriveKeySheetsKey, deriveVaultKey, openVaultMessage, parseVaultMessage, unpad } from './vault-message.js';

/**
 * The three WebAssembly pieces a restore needs ({ chacha, brotli, erasureCode }), loaded once from
 * this origin. `sources` overrides where each comes from (tests pass the modules' bytes).
 */
export async function loadVaultPieces(sources = {}) {
  const [chacha, brotli, erasureCode] = await Promise.all([
    loadChaCha20Poly1305(sources.chacha), loadBrotliDecoder(sources.brotli), loadErasureCode(sources.erasureCode)]);
  return { chacha, brotli, erasureCode };
}

/**
 * The document ({ title, contentType, content, text }) of the codes in `assembler` (a VaultAssembler),
 * opened with `unlocking`: the password (a string), or { keyShares: [KeyShare], password } for a
 * key-sheet backup (the password with flags 3 only). Throws VaultError (vault-error.js) naming what
 * is wrong; every check that needs no password (codes, digest, header, the sheets against the
 * header) comes before the key derivation.
 */
export async function restoreVault(assembler, unlocking, pieces) {
  const message = parseVaultMessage(await assembler.messageBuffer(pieces.erasureCode));
  const { keyShares = null, password } = typeof unlocking === 'string' || unlocking === undefined ? { password: unlocking } : unlocking;
  const key = keyShares ? await deriveKeySheetsKey(message, keyShares, password) : await deriveVaultKey(password, message);
  let padded;
  try {
    padded = openVaultMessage(message, key, pieces.chacha);
  } finally {
    key.fill(0);
  }
  try {
    const restored = decodeBody(unpad(padded), pieces.brotli);
    // The content is a copy of its own (never a view into `padded`, wiped below).
    return { ...restored, content: restored.content.slice() };
  } finally {
    padded.fill(0);
  }
}
