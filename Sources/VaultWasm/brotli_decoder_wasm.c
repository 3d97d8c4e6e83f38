/* The brotli decoder module's C API (scripts/build-wasm → Sources/SeqrWebApp/Resources/wasm/
 * brotli-dec.wasm): brotli 1.2.1's own streaming decoder, as vendored in vendor/brotli.
 * js/brotli-wasm.js is its only caller, and bounds the output as Seqr's Brotli.decompress does.
 *
 *   st = brotli_dec_new()                       a decoder (0 when out of memory)
 *   brotli_dec_stream(st, in, in_len, out, out_cap, io) -> 1 done, 2 needs more input,
 *                                                 3 needs more output, 0 error; io[0] = input bytes
 *                                                 consumed, io[1] = output bytes produced
 *   brotli_dec_free(st); brotli_last_error()    the decoder's error name of the last failed call
 *   br_malloc / br_free                          buffers in the module's memory
 *
 * Security contract: the input is untrusted (decrypted, but from a backup that may be hostile);
 * the decoder writes at most out_cap bytes per call, and the caller stops at its size limit. */
#include <brotli/decode.h>
#include <stdint.h>
#include <stdlib.h>

#define EXPORT(name) __attribute__((export_name(name)))

static const char *g_error = "";

EXPORT("br_malloc") void *br_malloc(size_t n) { return malloc(n); }
EXPORT("br_free") void br_free(void *p) { free(p); }
EXPORT("brotli_last_error") const char *brotli_last_error(void) { return g_error; }

EXPORT("brotli_dec_new") BrotliDecoderState *brotli_dec_new(void) { return BrotliDecoderCreateInstance(NULL, NULL, NULL); }
EXPORT("brotli_dec_free") void brotli_dec_free(BrotliDecoderState *s) { BrotliDecoderDestroyInstance(s); }

EXPORT("brotli_dec_stream")
int brotli_dec_stream(BrotliDecoderState *s, const uint8_t *in, size_t in_len, uint8_t *out, size_t out_cap, uint32_t io[2]) {
  size_t avail_in = in_len, avail_out = out_cap;
  const uint8_t *next_in = in;
  uint8_t *next_out = out;
  BrotliDecoderResult r = BrotliDecoderDecompressStream(s, &avail_in, &next_in, &avail_out, &next_out, NULL);
  io[0] = (uint32_t)(in_len - avail_in);
  io[1] = (uint32_t)(out_cap - avail_out);
  if (r == BROTLI_DECODER_RESULT_ERROR) g_error = BrotliDecoderErrorString(BrotliDecoderGetErrorCode(s));
  return (int)r;
}
