// A plain C view of the parts of zxing-cpp 1.4 that Seqr uses: QR detection
// and decoding on an 8-bit luminance image, with byte-exact payloads.
#ifndef SEQR_ZXING_H
#define SEQR_ZXING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How the gray image is turned into black and white before detection.
typedef enum {
    SEQR_ZX_BINARIZER_LOCAL_AVERAGE = 0,
    SEQR_ZX_BINARIZER_GLOBAL_HISTOGRAM = 1,
    SEQR_ZX_BINARIZER_FIXED_THRESHOLD = 2,
} seqr_zx_binarizer;

typedef struct {
    seqr_zx_binarizer binarizer;
    int try_harder;     ///< slower, more thorough search (keeps photos readable)
    int try_rotate;     ///< also look at the image turned by 90 degrees
    int try_downscale;  ///< also look at smaller copies of large images
    int max_symbols;    ///< 0 means no limit
} seqr_zx_options;

typedef struct {
    uint8_t *bytes;        ///< payload, exactly as stored in the symbol (owned)
    size_t length;
    int corners[8];        ///< x,y of top-left, top-right, bottom-right, bottom-left
    char ec_level;         ///< 'L', 'M', 'Q', 'H' or '?' when unknown
    int data_codewords;    ///< number of data codewords, which fixes the version for a given EC level
    int orientation;       ///< degrees
    int mirrored;
} seqr_zx_symbol;

/// Decodes every QR symbol in `luminance` (one byte per pixel, `stride` bytes per row).
/// On success returns 0 and sets `*symbols` (free with `seqr_zx_free`) and `*count`.
/// On failure returns -1 and writes a message into `error` (at most `error_size` bytes).
int seqr_zx_read(const uint8_t *luminance, int width, int height, int stride,
                 const seqr_zx_options *options,
                 seqr_zx_symbol **symbols, size_t *count,
                 char *error, size_t error_size);

void seqr_zx_free(seqr_zx_symbol *symbols, size_t count);

#ifdef __cplusplus
}
#endif

#endif
