// Images to and from 8-bit gray pixels: PNG and JPEG both ways (libpng, libjpeg); WebP,
// HEIC/HEIF, TIFF and GIF read only (libwebp, libheif, libtiff, giflib). libpng and libjpeg
// report errors with longjmp; every setjmp lives in this C target so that no jump ever
// crosses a Swift frame. Every decoder checks the declared size against its `max_pixels` (at
// most SEQR_MAX_PIXELS) before it decodes a pixel.
#ifndef SEQR_IMAGE_CODECS_H
#define SEQR_IMAGE_CODECS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The most pixels any decode may be allowed (a decompression-bomb guard; `--max-pixels` goes no
/// higher), and the most encoding writes.
#define SEQR_MAX_PIXELS 200000000u

/// What a decode allows unless told otherwise (its `max_pixels`): a phone photo is at most 50
/// megapixels, a 600-dpi A4 scan 35. Decoders allocate several bytes per declared pixel before
/// they find the data missing, so the limit is what a tiny file can cost.
#define SEQR_DEFAULT_MAX_PIXELS 50000000u

/// The most pages read from one multi-page file (TIFF), and the most pixels in all its pages:
/// a few hundred bytes of TIFF can declare many pages of the largest size.
#define SEQR_MAX_PAGES 1000
#define SEQR_MAX_PIXELS_IN_ALL 1000000000ull

/// The most scans read from one JPEG: cameras and editors write at most a dozen or so; thousands
/// of scans, each a pass over the whole image, are libjpeg's known way to be kept busy for minutes.
#define SEQR_MAX_JPEG_SCANS 100

/// What every function below returns: 0, or why it failed (with a message in `error`).
enum {
    SEQR_CODEC_OK = 0,
    /// Truncated, corrupt, out of memory: anything else.
    SEQR_CODEC_FAILED = -1,
    /// More than `max_pixels`; `*width` and `*height` are set when they are known.
    SEQR_CODEC_TOO_LARGE = -2,
    /// A colour space Seqr does not read (CMYK or YCCK JPEG); the message names it.
    SEQR_CODEC_UNSUPPORTED_COLOR_SPACE = -3,
    /// More pages than SEQR_MAX_PAGES.
    SEQR_CODEC_TOO_MANY_PAGES = -4,
    /// Pages of more than SEQR_MAX_PIXELS_IN_ALL pixels together; `*pages` and `*pixels` say how far counting got.
    SEQR_CODEC_TOO_MANY_PIXELS_IN_ALL = -5,
    /// A JPEG of more than SEQR_MAX_JPEG_SCANS scans.
    SEQR_CODEC_TOO_MANY_SCANS = -6,
};

/// Decodes a PNG of any colour type into gray (alpha composited onto white).
/// Returns 0 and a malloc'd `*pixels` (width*height bytes), or a SEQR_CODEC_ status with a message in `error`.
int seqr_png_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                         uint8_t **pixels, int *width, int *height,
                         char *error, size_t error_size);

/// Encodes gray pixels as an 8-bit gray PNG.
int seqr_png_encode_gray(const uint8_t *pixels, int width, int height,
                         uint8_t **out, size_t *out_size,
                         char *error, size_t error_size);

/// Encodes gray pixels as a 1-bit PNG: pixels below `threshold` dark, the rest white. For
/// black-and-white pages (vault printouts): an eighth of the data to deflate and inflate.
int seqr_png_encode_bilevel(const uint8_t *pixels, int width, int height, uint8_t threshold,
                            uint8_t **out, size_t *out_size,
                            char *error, size_t error_size);

/// Encodes a QR symbol directly as a 1-bit PNG: `modules` is size×size bytes (non-zero =
/// dark), each module drawn as scale×scale pixels inside a quiet zone of `margin` modules.
/// Much faster than going through a full-size gray raster. `colors` NULL: black on white (1-bit
/// gray); else 6 bytes, the dark modules' RGB then the light ones' (a 1-bit, two-colour palette).
int seqr_png_encode_modules(const uint8_t *modules, int size, int scale, int margin, const uint8_t *colors,
                            uint8_t **out, size_t *out_size,
                            char *error, size_t error_size);

/// Decodes a baseline or progressive JPEG (of at most SEQR_MAX_JPEG_SCANS scans) into gray.
int seqr_jpeg_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size);

/// Encodes gray pixels as a JPEG at `quality` (1–100).
int seqr_jpeg_encode_gray(const uint8_t *pixels, int width, int height, int quality,
                          uint8_t **out, size_t *out_size,
                          char *error, size_t error_size);

/// Decodes a still WebP (lossy or lossless; alpha laid over white), or an animated WebP's first
/// frame on a white canvas, into gray.
int seqr_webp_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size);

/// Decodes the primary image of a HEIF file (HEIC, and AVIF when libheif has its decoder) into
/// gray, turned and mirrored as the file says.
int seqr_heif_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size);

/// Receives a TIFF page (from 0) in gray, as stored, and its Orientation tag (1–8, as EXIF's)
/// to be turned upright with; `pixels` is freed after the call. Returns non-zero to stop.
typedef int (*seqr_tiff_page_callback)(void *context, int page, const uint8_t *pixels, int width, int height,
                                       int orientation);

/// Decodes every page of a TIFF (only the first with `first_only`), in order, through `callback`.
/// Every page's declared size is checked first (SEQR_CODEC_TOO_LARGE with its size in *width,
/// *height), and the count of pages and their pixels in all (`*pages`, `*pixels`); so are its strips
/// or tiles, which must lie in the file without sharing bytes (a few kilobytes named by thousands
/// of strips would otherwise be inflated thousands of times).
int seqr_tiff_decode_pages(const uint8_t *data, size_t size, size_t max_pixels, int first_only,
                           seqr_tiff_page_callback callback, void *context,
                           int *width, int *height, int *pages, uint64_t *pixels,
                           char *error, size_t error_size);

/// Decodes the first frame of a GIF into gray, on a white logical screen.
int seqr_gif_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                         uint8_t **pixels, int *width, int *height,
                         char *error, size_t error_size);

/// Frees a buffer returned by any function above.
void seqr_codec_free(void *buffer);

#ifdef __cplusplus
}
#endif

#endif
