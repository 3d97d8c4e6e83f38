// TIFF through libtiff, read from memory with a per-file error handler (no global state).
// TIFFRGBAImageGet converts every photometric interpretation libtiff knows; each page is read
// as stored and turned upright by the caller (Swift), as a JPEG's EXIF orientation is.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"
#include "internal/lazy_library.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <tiffio.h>

// libtiff, opened the first time a TIFF is read (internal/lazy_library.h says why).
#define SEQR_LIBTIFF "libtiff.so.6"
#define SEQR_TIFF_FUNCTIONS(X)                    \
    X(TIFFOpenOptionsAlloc)                       \
    X(TIFFOpenOptionsSetErrorHandlerExtR)         \
    X(TIFFOpenOptionsSetWarningHandlerExtR)       \
    X(TIFFOpenOptionsSetMaxSingleMemAlloc)        \
    X(TIFFOpenOptionsFree)                        \
    X(TIFFClientOpenExt)                          \
    X(TIFFClose)                                  \
    X(TIFFLastDirectory)                          \
    X(TIFFReadDirectory)                          \
    X(TIFFSetDirectory)                           \
    X(TIFFIsTiled)                                \
    X(TIFFNumberOfStrips)                         \
    X(TIFFNumberOfTiles)                          \
    X(TIFFGetField)                               \
    X(TIFFRGBAImageOK)                            \
    X(TIFFRGBAImageBegin)                         \
    X(TIFFRGBAImageGet)                           \
    X(TIFFRGBAImageEnd)

SEQR_LAZY_LIBRARY(libtiff, SEQR_LIBTIFF, SEQR_TIFF_FUNCTIONS)

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} tiff_source;

typedef struct {
    char *error;
    size_t error_size;
    int reported;
} tiff_errors;

static tmsize_t tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
    tiff_source *source = handle;
    if (count < 0 || source->offset >= source->size) return 0;
    size_t available = source->size - source->offset;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, source->data + source->offset, n);
    source->offset += n;
    return (tmsize_t)n;
}

static tmsize_t tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
    (void)handle; (void)buffer; (void)count;
    return -1;
}

static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
    tiff_source *source = handle;
    uint64_t base = whence == SEEK_CUR ? source->offset : (whence == SEEK_END ? source->size : 0);
    if (offset > UINT64_MAX - base) return (toff_t)-1;
    // Seeking past the end is allowed (reads there return nothing), as for a file.
    source->offset = (size_t)(base + offset);
    return (toff_t)source->offset;
}

static int tiff_close(thandle_t handle) { (void)handle; return 0; }

static toff_t tiff_size(thandle_t handle) { return ((tiff_source *)handle)->size; }

static int tiff_on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)module;
    tiff_errors *errors = user_data;
    if (!errors->reported && errors->error != NULL && errors->error_size > 0) {
        vsnprintf(errors->error, errors->error_size, format, arguments);
        seqr_one_line(errors->error);
        errors->reported = 1;
    }
    return 1;
}

static int tiff_on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)user_data; (void)module; (void)format; (void)arguments;
    return 1;
}

/// Opens the bytes with errors reported into `errors`; NULL (and a message) when they are not a TIFF.
static TIFF *tiff_open(tiff_source *source, size_t max_pixels, tiff_errors *errors) {
    TIFFOpenOptions *options = libtiff.TIFFOpenOptionsAlloc();
    if (options == NULL) {
        seqr_copy_error(errors->error, errors->error_size, "out of memory");
        return NULL;
    }
    libtiff.TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_on_error, errors);
    libtiff.TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_on_warning, NULL);
    // No single allocation beyond the largest image Seqr reads as RGBA (guards strip tables too).
    libtiff.TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)max_pixels * 4);
    // "m": read through tiff_read, never memory-map.
    TIFF *tif = libtiff.TIFFClientOpenExt("image", "rm", source, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size,
                                  NULL, NULL, options);
    libtiff.TIFFOpenOptionsFree(options);
    if (tif == NULL && !errors->reported) seqr_copy_error(errors->error, errors->error_size, "not a readable TIFF");
    return tif;
}

/// Moves to the next page: 1, or 0 after the last, or -1 (with a message) when its directory is corrupt.
static int tiff_next_page(TIFF *tif, tiff_errors *errors) {
    if (libtiff.TIFFLastDirectory(tif)) return 0;
    errors->reported = 0;
    if (libtiff.TIFFReadDirectory(tif)) return 1;
    if (!errors->reported) seqr_copy_error(errors->error, errors->error_size, "cannot read the next page's directory");
    return -1;
}

/// Whether a tiled page's tiles fit its image: a tile is at most the image rounded up to the
/// 16 pixels tiles come in, so that a 16×16 page cannot make libtiff decode (and allocate) a
/// tile of hundreds of megapixels it then mostly discards.
static int tiff_tiles_fit(TIFF *tif, uint32_t width, uint32_t height, tiff_errors *errors) {
    if (!libtiff.TIFFIsTiled(tif)) return 1;
    uint32_t tile_width = 0, tile_height = 0;
    libtiff.TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tile_width);
    libtiff.TIFFGetField(tif, TIFFTAG_TILELENGTH, &tile_height);
    const uint64_t most_width = ((uint64_t)width + 15) / 16 * 16, most_height = ((uint64_t)height + 15) / 16 * 16;
    if (tile_width <= most_width && tile_height <= most_height) return 1;
    char message[160];
    snprintf(message, sizeof message, "tiles of %u×%u pixels for a page of %u×%u", tile_width, tile_height, width, height);
    seqr_copy_error(errors->error, errors->error_size, message);
    return 0;
}

/// Whether a page's strips or tiles lie in the file and share no bytes: their byte counts add up
/// to at most the file's size. Without this, thousands of strips may all name the same few
/// kilobytes of deflated data, each inflated again (a 62 KB file decoding for 43 s).
static int tiff_strips_fit(TIFF *tif, uint64_t file_size, tiff_errors *errors) {
    const int tiled = libtiff.TIFFIsTiled(tif);
    const uint64_t count = tiled ? libtiff.TIFFNumberOfTiles(tif) : libtiff.TIFFNumberOfStrips(tif);
    uint64_t *offsets = NULL, *byte_counts = NULL;
    if (!libtiff.TIFFGetField(tif, tiled ? TIFFTAG_TILEOFFSETS : TIFFTAG_STRIPOFFSETS, &offsets)
        || !libtiff.TIFFGetField(tif, tiled ? TIFFTAG_TILEBYTECOUNTS : TIFFTAG_STRIPBYTECOUNTS, &byte_counts)
        || offsets == NULL || byte_counts == NULL) {
        seqr_copy_error(errors->error, errors->error_size, tiled ? "a page without tile offsets" : "a page without strip offsets");
        return 0;
    }
    uint64_t total = 0;
    for (uint64_t i = 0; i < count; ++i) {
        if (byte_counts[i] > file_size || offsets[i] > file_size - byte_counts[i] || (total += byte_counts[i]) > file_size) {
            char message[160];
            snprintf(message, sizeof message, "its %s name more bytes than the file holds (%s %llu of %llu)",
                     tiled ? "tiles" : "strips", tiled ? "tile" : "strip", (unsigned long long)i + 1, (unsigned long long)count);
            seqr_copy_error(errors->error, errors->error_size, message);
            return 0;
        }
    }
    return 1;
}

/// Checks every page's declared size, and the pages and pixels in all, before a pixel is decoded.
static int tiff_check_sizes(TIFF *tif, size_t max_pixels, tiff_errors *errors, int first_only, int *width, int *height,
                            int *pages, uint64_t *pixels) {
    *pages = 0;
    *pixels = 0;
    for (;;) {
        uint32_t w = 0, h = 0;
        if (!libtiff.TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w) || !libtiff.TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h) || w == 0 || h == 0) {
            seqr_copy_error(errors->error, errors->error_size, *pages == 0 ? "no image size in the first directory"
                                                                           : "a page without an image size");
            return SEQR_CODEC_FAILED;
        }
        int refused = seqr_refuse_if_too_large(w, h, max_pixels, width, height, errors->error, errors->error_size);
        if (refused != SEQR_CODEC_OK) return refused;
        if (!tiff_tiles_fit(tif, w, h, errors)) return SEQR_CODEC_FAILED;
        *pages += 1;
        *pixels += (uint64_t)w * h;
        if (*pixels > SEQR_MAX_PIXELS_IN_ALL) {
            seqr_copy_error(errors->error, errors->error_size, "the pages hold too many pixels in all");
            return SEQR_CODEC_TOO_MANY_PIXELS_IN_ALL;
        }
        if (first_only) return SEQR_CODEC_OK;
        int next = tiff_next_page(tif, errors);
        if (next < 0) return SEQR_CODEC_FAILED;
        if (next == 0) return SEQR_CODEC_OK;
        if (*pages == SEQR_MAX_PAGES) {
            seqr_copy_error(errors->error, errors->error_size, "too many pages");
            return SEQR_CODEC_TOO_MANY_PAGES;
        }
    }
}

/// The current page as gray pixels in stored order (row 0 the first row in the file), and its
/// Orientation tag for the caller to apply: libtiff's own orientation handling only flips, so
/// it would mirror orientations 5–8 (which turn the image a quarter) instead of turning them.
static int tiff_read_page(TIFF *tif, tiff_errors *errors, uint8_t **pixels, int *width, int *height, int *orientation) {
    char reason[1024];
    TIFFRGBAImage image;
    // stopOnError = 1: a truncated or corrupt strip fails the image instead of leaving it half gray.
    if (!libtiff.TIFFRGBAImageOK(tif, reason) || !libtiff.TIFFRGBAImageBegin(&image, tif, 1, reason)) {
        seqr_copy_error(errors->error, errors->error_size, reason);
        return SEQR_CODEC_FAILED;
    }
    // Asking for the stored orientation makes libtiff's flips the identity.
    image.req_orientation = image.orientation;
    const uint32_t w = image.width, h = image.height;
    const size_t count = (size_t)w * (size_t)h;
    uint32_t *raster = malloc(count * sizeof(uint32_t));
    uint8_t *buffer = malloc(count);
    if (raster == NULL || buffer == NULL) {
        free(raster);
        free(buffer);
        libtiff.TIFFRGBAImageEnd(&image);
        seqr_copy_error(errors->error, errors->error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    errors->reported = 0;
    int ok = libtiff.TIFFRGBAImageGet(&image, raster, w, h);
    const int stored = image.orientation;
    libtiff.TIFFRGBAImageEnd(&image);
    if (!ok) {
        free(raster);
        free(buffer);
        if (!errors->reported) seqr_copy_error(errors->error, errors->error_size, "cannot decode the image data");
        return SEQR_CODEC_FAILED;
    }
    for (size_t i = 0; i < count; ++i) {
        const uint32_t p = raster[i];
        // libtiff's RGBA is premultiplied: over white is colour plus the uncovered part.
        const unsigned gray = seqr_luma((uint8_t)TIFFGetR(p), (uint8_t)TIFFGetG(p), (uint8_t)TIFFGetB(p)) + (255u - TIFFGetA(p));
        buffer[i] = (uint8_t)(gray > 255 ? 255 : gray);
    }
    free(raster);
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    *orientation = stored >= ORIENTATION_TOPLEFT && stored <= ORIENTATION_LEFTBOT ? stored : ORIENTATION_TOPLEFT;
    return SEQR_CODEC_OK;
}

int seqr_tiff_decode_pages(const uint8_t *data, size_t size, size_t max_pixels, int first_only,
                           seqr_tiff_page_callback callback, void *context,
                           int *width, int *height, int *pages, uint64_t *pixels,
                           char *error, size_t error_size) {
    if (!libtiff_ready(error, error_size)) return SEQR_CODEC_FAILED;
    tiff_source source = {data, size, 0};
    tiff_errors errors = {error, error_size, 0};
    if (max_pixels > SEQR_MAX_PIXELS) max_pixels = SEQR_MAX_PIXELS;
    TIFF *tif = tiff_open(&source, max_pixels, &errors);
    if (tif == NULL) return SEQR_CODEC_FAILED;
    int status = tiff_check_sizes(tif, max_pixels, &errors, first_only, width, height, pages, pixels);
    if (status != SEQR_CODEC_OK) {
        libtiff.TIFFClose(tif);
        return status;
    }
    const int count = *pages;
    if (!libtiff.TIFFSetDirectory(tif, 0)) {
        libtiff.TIFFClose(tif);
        if (!errors.reported) seqr_copy_error(error, error_size, "cannot go back to the first page");
        return SEQR_CODEC_FAILED;
    }
    for (int page = 0; page < count; ++page) {
        if (page > 0 && tiff_next_page(tif, &errors) != 1) {
            libtiff.TIFFClose(tif);
            return SEQR_CODEC_FAILED;
        }
        // Checked as each page is reached (the sizes of all were checked from their directories).
        if (!tiff_strips_fit(tif, size, &errors)) {
            libtiff.TIFFClose(tif);
            return SEQR_CODEC_FAILED;
        }
        uint8_t *gray = NULL;
        int w = 0, h = 0, orientation = 1;
        status = tiff_read_page(tif, &errors, &gray, &w, &h, &orientation);
        if (status != SEQR_CODEC_OK) {
            libtiff.TIFFClose(tif);
            return status;
        }
        int stop = callback(context, page, gray, w, h, orientation);
        free(gray);
        if (stop) break;
    }
    libtiff.TIFFClose(tif);
    return SEQR_CODEC_OK;
}
