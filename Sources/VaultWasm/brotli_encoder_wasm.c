/* The brotli encoder module's C API (scripts/build-wasm → Sources/SeqrWebApp/Resources/wasm/
 * brotli-enc.wasm): brotli 1.2.1's own one-shot encoder, as vendored in vendor/brotli, called as
 * Seqr's Brotli.compress (SeqrCore/Brotli.swift) calls libbrotli: BrotliEncoderCompress with the
 * given quality, the default window (22) and the generic mode. js/brotli-encoder-wasm.js is its
 * only caller (the paper-vault backup in the page, vault-backup-writer.js).
 *
 *   brotli_enc_max_size(n)                        BrotliEncoderMaxCompressedSize(n): an output
 *                                                   buffer this large always suffices (0: n too large)
 *   brotli_enc_compress(quality, in, in_len, out, out_len) -> 1 done, 0 failed (out of memory);
 *                                                   *out_len: the buffer's size in, the stream's out
 *   br_malloc / br_free                            buffers in the module's memory
 *
 * Security contract: the input is the user's own document (trusted, never hostile); the encoder
 * writes at most *out_len bytes; nothing is kept between calls. */
#include <brotli/encode.h>
#include <stdint.h>
#include <stdlib.h>

#define EXPORT(name) __attribute__((export_name(name)))

/* The encoder's two exit() calls are "should never happen" checks (enc/hash_composite_inc.h, a
 * hasher this window never picks). scripts/build-wasm compiles it with -Dexit=brotli_wasm_exit:
 * they trap, as abort() does in wasi-libc, and the module imports nothing (no WASI proc_exit). */
_Noreturn void brotli_wasm_exit(int status) {
  (void)status;
  __builtin_trap();
}

EXPORT("br_malloc") void *br_malloc(size_t n) { return malloc(n); }
EXPORT("br_free") void br_free(void *p) { free(p); }

EXPORT("brotli_enc_max_size") size_t brotli_enc_max_size(size_t n) { return BrotliEncoderMaxCompressedSize(n); }

EXPORT("brotli_enc_compress")
int brotli_enc_compress(int quality, const uint8_t *in, size_t in_len, uint8_t *out, size_t *out_len) {
  if (quality < BROTLI_MIN_QUALITY || quality > BROTLI_MAX_QUALITY) return 0;
  return BrotliEncoderCompress(quality, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, in_len, in, out_len, out) == BROTLI_TRUE;
}
