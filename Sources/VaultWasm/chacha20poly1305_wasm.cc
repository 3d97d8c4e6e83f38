// The ChaCha20-Poly1305 module's C API (scripts/build-wasm → Sources/SeqrWebApp/Resources/wasm/
// chacha20poly1305.wasm): BoringSSL's EVP_aead_chacha20_poly1305, the AEAD `seqr vault restore`
// runs through swift-crypto, as vendored in vendor/boringssl. js/chacha20poly1305-wasm.js is its
// only caller. RFC 8439: 32-byte key, 12-byte nonce, the 16-byte tag after the ciphertext.
//
//   aead_open(key, nonce, aad, aad_len, sealed, sealed_len, out) -> sealed_len − 16, the plaintext
//     in out; −1 when the tag does not verify (BoringSSL then zeroes out) or sealed_len < 16.
//   aead_seal(key, nonce, aad, aad_len, plain, plain_len, out) -> plain_len + 16 (ciphertext‖tag), or −1.
//   cc_malloc / cc_free: buffers in the module's memory. out may equal the input (in place).
//
// Security contract: nothing is released before the tag is verified (BoringSSL's open checks the
// tag first, in constant time with CRYPTO_memcmp); the key lives in the caller's buffer only for
// the call. No cipher code here: only the calls.
#include <CCryptoBoringSSL_aead.h>
#include <CCryptoBoringSSL_err.h>

#include <stdint.h>
#include <stdlib.h>

#define EXPORT(name) __attribute__((export_name(name)))

extern "C" {

EXPORT("cc_malloc") void *cc_malloc(size_t n) { return malloc(n); }
EXPORT("cc_free") void cc_free(void *p) { free(p); }

static int run(bool seal, const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len,
               const uint8_t *in, size_t in_len, uint8_t *out) {
  if (in_len > (size_t)INT32_MAX - 16 || (!seal && in_len < 16)) return -1;
  EVP_AEAD_CTX ctx;
  if (!EVP_AEAD_CTX_init(&ctx, EVP_aead_chacha20_poly1305(), key, 32, EVP_AEAD_DEFAULT_TAG_LENGTH, NULL)) {
    ERR_clear_error();
    return -1;
  }
  size_t out_len = 0;
  int ok = seal ? EVP_AEAD_CTX_seal(&ctx, out, &out_len, in_len + 16, nonce, 12, in, in_len, aad, aad_len)
                : EVP_AEAD_CTX_open(&ctx, out, &out_len, in_len - 16, nonce, 12, in, in_len, aad, aad_len);
  EVP_AEAD_CTX_cleanup(&ctx);
  ERR_clear_error();
  return ok ? (int)out_len : -1;
}

EXPORT("aead_seal")
int aead_seal(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len, const uint8_t *plain,
              size_t plain_len, uint8_t *out) {
  return run(true, key, nonce, aad, aad_len, plain, plain_len, out);
}

EXPORT("aead_open")
int aead_open(const uint8_t *key, const uint8_t *nonce, const uint8_t *aad, size_t aad_len, const uint8_t *sealed,
              size_t sealed_len, uint8_t *out) {
  return run(false, key, nonce, aad, aad_len, sealed, sealed_len, out);
}

}  // extern "C"
