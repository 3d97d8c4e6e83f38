// TIFF through libtiff, read from memory with a per-file error handler (no global state).
// TIFFReadRGBAImageOriented converts every photometric interpretation libtiff knows and
// honours the file's Orientation tag.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <tiffio.h>

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
        errors->reported = 1;
    }
    return 1;
}

static int tiff_on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)user_data; (void)module; (void)format; (void)arguments;
    return 1;
}

int seqr_tiff_decode_gray(const uint8_t *data, size_t size,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    tiff_source source = {data, size, 0};
    tiff_errors errors = {error, error_size, 0};
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (options == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_on_error, &errors);
    TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_on_warning, NULL);
    // No single allocation beyond the largest image Seqr reads as RGBA (guards strip tables too).
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)SEQR_MAX_PIXELS * 4);
    // "m": read through tiff_read, never memory-map.
    TIFF *tif = TIFFClientOpenExt("image", "rm", &source, tiff_read, tiff_write, tiff_seek, tiff_close, tiff_size,
                                  NULL, NULL, options);
    TIFFOpenOptionsFree(options);
    if (tif == NULL) {
        if (!errors.reported) seqr_copy_error(error, error_size, "not a readable TIFF");
        return SEQR_CODEC_FAILED;
    }
    uint32_t w = 0, h = 0;
    if (!TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &w) || !TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h) || w == 0 || h == 0) {
        TIFFClose(tif);
        seqr_copy_error(error, error_size, "no image size in the first directory");
        return SEQR_CODEC_FAILED;
    }
    int refused = seqr_refuse_if_too_large(w, h, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK) {
        TIFFClose(tif);
        return refused;
    }
    char reason[1024];
    if (!TIFFRGBAImageOK(tif, reason)) {
        TIFFClose(tif);
        seqr_copy_error(error, error_size, reason);
        return SEQR_CODEC_FAILED;
    }
    const size_t count = (size_t)w * (size_t)h;
    uint32_t *raster = malloc(count * sizeof(uint32_t));
    uint8_t *buffer = malloc(count);
    if (raster == NULL || buffer == NULL) {
        free(raster);
        free(buffer);
        TIFFClose(tif);
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    // stopOnError = 1: a truncated or corrupt strip fails the image instead of leaving it half gray.
    if (!TIFFReadRGBAImageOriented(tif, w, h, raster, ORIENTATION_TOPLEFT, 1)) {
        free(raster);
        free(buffer);
        TIFFClose(tif);
        if (!errors.reported) seqr_copy_error(error, error_size, "cannot decode the image data");
        return SEQR_CODEC_FAILED;
    }
    TIFFClose(tif);
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
    return SEQR_CODEC_OK;
}
