// ZBar as a second QR reader, loaded with dlopen on first use (libzbar.so.0 pulls in
// X11, D-Bus and video libraries that plain decoding never needs). Seqr asks it only in
// thorough mode, for the codes zxing-cpp 1.4 could not sample (dense codes seen at a
// slight angle). ZBAR_CFG_BINARY keeps payloads byte-exact.
#ifndef SEQR_ZBAR_H
#define SEQR_ZBAR_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    uint8_t *_Nullable bytes;  ///< payload (owned)
    size_t length;
    int corners[8];            ///< x,y of the first four location points ZBar reports
} seqr_zbar_symbol;

/// Reads every QR code in an 8-bit gray image (width*height bytes, no padding).
/// Returns 0 and `*symbols`/`*count` (free with seqr_zbar_free), or -1 with a message.
int seqr_zbar_read(const uint8_t *_Nonnull gray, int width, int height,
                   seqr_zbar_symbol *_Nullable *_Nonnull symbols, size_t *_Nonnull count,
                   char *_Nullable error, size_t error_size);

void seqr_zbar_free(seqr_zbar_symbol *_Nullable symbols, size_t count);

#ifdef __cplusplus
}
#endif

#endif
