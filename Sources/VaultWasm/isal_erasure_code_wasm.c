/* The erasure-code module's C API (scripts/build-wasm → Sources/SeqrWebApp/Resources/wasm/isal-ec.wasm):
 * ISA-L's portable Reed–Solomon (erasure_code/ec_base.c, vendored in vendor/isa-l), used exactly as
 * Sources/SeqrCore/ErasureCode.swift uses the native ISA-L: the Cauchy matrix
 * gf_gen_cauchy1_matrix(k + m, k) (first k rows the identity), parity = its rows k…k+m−1, and a
 * rebuild = gf_invert_matrix of the rows of the first k shards present, applied to those shards.
 * js/isal-erasure-code.js is its only caller.
 *
 *   rs_encode(k, m, len, shards) -> 0; shards: k + m pointers to len-byte buffers, data first;
 *     fills the m parity shards.
 *   rs_reconstruct(k, m, len, shards, present) -> 0; rewrites the missing data shards (present[i] == 0;
 *     their buffers must exist) from the first k shards present.
 *   Errors: −1 fewer than k shards present, −2 singular matrix, −3 bad k, m or len, −4 out of memory.
 *   rs_malloc / rs_free: buffers in the module's memory. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "erasure_code.h"

#define EXPORT(name) __attribute__((export_name(name)))

EXPORT("rs_malloc") void *rs_malloc(size_t n) { return malloc(n); }
EXPORT("rs_free") void rs_free(void *p) { free(p); }

/* out = rows (row_count × k) times the k shards (len bytes each), with ISA-L's tables. */
static int multiply(const unsigned char *rows, int row_count, int k, unsigned char **shards, int len, unsigned char **out) {
  unsigned char *tables = malloc((size_t)32 * k * row_count);
  if (!tables) return -4;
  ec_init_tables(k, row_count, (unsigned char *)rows, tables);
  if (len > 0) ec_encode_data(len, k, row_count, tables, shards, out);
  free(tables);
  return 0;
}

EXPORT("rs_encode")
int rs_encode(int k, int m, int len, unsigned char **shards) {
  if (k < 1 || m < 1 || k + m > 255 || len < 0) return -3;
  unsigned char *a = malloc((size_t)(k + m) * k);
  if (!a) return -4;
  gf_gen_cauchy1_matrix(a, k + m, k);
  int r = multiply(a + k * k, m, k, shards, len, shards + k);
  free(a);
  return r;
}

EXPORT("rs_reconstruct")
int rs_reconstruct(int k, int m, int len, unsigned char **shards, const unsigned char *present) {
  if (k < 1 || m < 1 || k + m > 255 || len < 0) return -3;
  int missing[255], nmissing = 0, chosen[255], nchosen = 0;
  for (int i = 0; i < k; i++) if (!present[i]) missing[nmissing++] = i;
  if (nmissing == 0) return 0;
  for (int i = 0; i < k + m && nchosen < k; i++) if (present[i]) chosen[nchosen++] = i;
  if (nchosen < k) return -1;
  unsigned char *a = malloc((size_t)(k + m) * k), *square = malloc((size_t)k * k), *inverse = malloc((size_t)k * k),
                *rows = malloc((size_t)nmissing * k);
  unsigned char *sources[255], *targets[255];
  int r = -4;
  if (!a || !square || !inverse || !rows) goto done;
  gf_gen_cauchy1_matrix(a, k + m, k);
  for (int i = 0; i < k; i++) memcpy(square + i * k, a + chosen[i] * k, k);
  if (gf_invert_matrix(square, inverse, k) != 0) { r = -2; goto done; }
  for (int i = 0; i < nmissing; i++) {
    memcpy(rows + i * k, inverse + missing[i] * k, k);
    targets[i] = shards[missing[i]];
  }
  for (int i = 0; i < k; i++) sources[i] = shards[chosen[i]];
  r = multiply(rows, nmissing, k, sources, len, targets);
done:
  free(a); free(square); free(inverse); free(rows);
  return r;
}
