// A plain C view of the parts of zxing-cpp 3 (vendored, see vendor/zxing-cpp/VENDORED) that
// Seqr uses: barcode detection and decoding on an 8-bit luminance image, byte-exact payloads,
// and the payload's text as zxing-cpp reads it.
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

/// A zxing-cpp BarcodeFormat: its symbology letter, and its variant letter shifted left by 8
/// (ISO/IEC 15424 symbology identifiers), e.g. 'Q' | ' ' << 8 for QR Code, 'Q' | 'm' << 8 for Micro QR.
typedef uint32_t seqr_zx_format;
#define SEQR_ZX_FORMAT(symbology, variant) ((seqr_zx_format)(uint8_t)(symbology) | ((seqr_zx_format)(uint8_t)(variant) << 8))

typedef struct {
    seqr_zx_binarizer binarizer;
    int try_harder;     ///< slower, more thorough search (keeps photos readable)
    int try_rotate;     ///< also look at the image turned by 90 degrees
    int try_invert;     ///< also look at the inverted image (light modules on dark)
    int try_downscale;  ///< also look at smaller copies of large images
    int try_denoise;    ///< also look at a morphologically closed copy (2D formats)
    int max_symbols;    ///< 0 means no limit
    const seqr_zx_format *formats; ///< formats to read (a symbology reads all its variants)
    size_t format_count;           ///< 0 means QR Code, Micro QR and rMQR
} seqr_zx_options;

/// Where a payload's bytes switch encoding: an ECI designator, or (without any ECI) a mode that
/// fixes one (Kanji: Shift_JIS, Hanzi: GB 18030, numeric and alphanumeric: ISO-8859-1) or 8-bit
/// bytes, whose encoding is unknown (`eci` -1) and guessed when read as text.
typedef struct {
    int32_t eci;           ///< ECI value (ISO/IEC 15424), or -1 for unknown
    int32_t position;      ///< byte offset in the payload where the block starts
} seqr_zx_encoding;

typedef struct {
    uint8_t *bytes;        ///< payload, exactly as stored in the symbol (owned)
    size_t length;
    int corners[8];        ///< x,y of top-left, top-right, bottom-right, bottom-left
    seqr_zx_format format; ///< the exact variant read
    char ec_level[8];      ///< e.g. "L", "M", "Q", "H"; empty when unknown or not applicable
    char version[16];      ///< e.g. "12" (QR), "M3" (Micro QR), "R7x43" (rMQR), "12x12" (Data Matrix); may be empty
    int orientation;       ///< degrees
    int mirrored;
    int inverted;
    int sequence_size;     ///< structured append: number of symbols, or -1 when not part of a sequence
    int sequence_index;    ///< structured append: 0-based index, or -1
    char sequence_id[48];  ///< structured append: what the symbols of one sequence share
    seqr_zx_encoding *encodings; ///< the payload's encoding blocks, in order (owned)
    size_t encoding_count;
    int has_eci;           ///< the blocks are ECI designators (then every block is one)
} seqr_zx_symbol;

/// A payload read as text by zxing-cpp's rules (ECI; the mode; else its guess among UTF-8,
/// ISO-8859-1 and Shift_JIS for 8-bit bytes).
typedef struct {
    char *text;            ///< UTF-8 (owned); NULL when zxing-cpp finds the content binary or mixed, or a block's ECI has no character set it reads
    size_t text_length;    ///< bytes of UTF-8 (the text may hold a NUL)
    char encoding[96];     ///< the encodings of the blocks that hold text beyond ASCII, ", "-separated; "ASCII" if none
    int guessed;           ///< 1 when an encoding was guessed (8-bit bytes beyond ASCII without an ECI)
} seqr_zx_text;

/// Decodes every symbol in `luminance` (one byte per pixel, `stride` bytes per row).
/// On success returns 0 and sets `*symbols` (free with `seqr_zx_free`) and `*count`.
/// On failure returns -1 and writes a message into `error` (at most `error_size` bytes).
int seqr_zx_read(const uint8_t *luminance, int width, int height, int stride,
                 const seqr_zx_options *options,
                 seqr_zx_symbol **symbols, size_t *count,
                 char *error, size_t error_size);

/// How the pixels given to `seqr_zx_read_pixels` are laid out.
typedef enum {
    SEQR_ZX_PIXELS_LUMINANCE = 0, ///< one byte per pixel
    SEQR_ZX_PIXELS_RGBA = 1,      ///< four bytes per pixel, R G B A (a canvas's ImageData); zxing-cpp takes the luminance
} seqr_zx_pixels;

/// `seqr_zx_read` for pixels laid out as `layout` says, `row_bytes` bytes per row (the WebAssembly
/// build reads a camera frame's RGBA without a copy to gray first).
int seqr_zx_read_pixels(const uint8_t *pixels, seqr_zx_pixels layout, int width, int height, int row_bytes,
                        const seqr_zx_options *options,
                        seqr_zx_symbol **symbols, size_t *count,
                        char *error, size_t error_size);

void seqr_zx_free(seqr_zx_symbol *symbols, size_t count);

/// Reads `bytes` as text with the encoding blocks given (none: one block of unknown encoding).
/// Returns 0 and fills `*result` (free with `seqr_zx_text_free`), or -1 with a message in `error`.
int seqr_zx_read_text(const uint8_t *bytes, size_t length,
                      const seqr_zx_encoding *encodings, size_t encoding_count, int has_eci,
                      seqr_zx_text *result, char *error, size_t error_size);

void seqr_zx_text_free(seqr_zx_text *result);

#ifdef __cplusplus
}
#endif

#endif
