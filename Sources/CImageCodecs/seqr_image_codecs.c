#include "seqr_image_codecs.h"
#include "internal/codec_support.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

void seqr_codec_free(void *buffer) { free(buffer); }

/* ---------------------------------------------------------------- PNG */

int seqr_png_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                         uint8_t **pixels, int *width, int *height,
                         char *error, size_t error_size) {
    *pixels = NULL;
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    // The simplified API reports errors through image.message, never by longjmp.
    if (!png_image_begin_read_from_memory(&image, data, size)) {
        copy_error(error, error_size, image.message);
        return -1;
    }
    int refused = seqr_refuse_if_too_large(image.width, image.height, max_pixels, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK) {
        png_image_free(&image);
        return refused;
    }
    image.format = PNG_FORMAT_GRAY;
    size_t bytes = PNG_IMAGE_SIZE(image);
    uint8_t *buffer = malloc(bytes > 0 ? bytes : 1);
    if (buffer == NULL) {
        png_image_free(&image);
        copy_error(error, error_size, "out of memory");
        return -1;
    }
    png_color white = {255, 255, 255};
    if (!png_image_finish_read(&image, &white, buffer, 0, NULL)) {
        copy_error(error, error_size, image.message);
        free(buffer);
        png_image_free(&image);
        return -1;
    }
    *pixels = buffer;
    *width = (int)image.width;
    *height = (int)image.height;
    png_image_free(&image);
    return 0;
}

typedef struct {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
} memory_sink;

static void png_write_to_memory(png_structp png, png_bytep bytes, png_size_t length) {
    memory_sink *sink = png_get_io_ptr(png);
    if (sink->failed) return;
    if (sink->size + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->size + length) capacity *= 2;
        uint8_t *grown = realloc(sink->data, capacity);
        if (grown == NULL) {
            sink->failed = 1;
            png_error(png, "out of memory");
        }
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->size, bytes, length);
    sink->size += length;
}

static void png_flush_nothing(png_structp png) { (void)png; }

typedef struct {
    char *error;
    size_t error_size;
} png_error_target;

static void png_on_error(png_structp png, png_const_charp message) {
    png_error_target *target = png_get_error_ptr(png);
    copy_error(target->error, target->error_size, message);
    png_longjmp(png, 1);
}

static void png_on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/// Supplies row `y` of an image being written (packed to the PNG's bit depth).
typedef void (*png_row_source)(const void *context, int y, uint8_t *row);

/// Writes a gray PNG of `bit_depth` (1 or 8) to memory, asking `source` for each row;
/// `compression_level` is zlib's (0–9), or -1 for libpng's default.
/// The one place where libpng may longjmp while writing.
/// `palette` NULL: gray; else a 1-bit image whose 0 is palette[0..2] (RGB) and 1 is palette[3..5].
static int png_write_gray(int width, int height, int bit_depth, int compression_level, png_row_source source, const void *context,
                          const uint8_t *palette, uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (width <= 0 || height <= 0) {
        copy_error(error, error_size, "invalid image dimensions");
        return -1;
    }
    png_error_target target = {error, error_size};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &target, png_on_error, png_on_warning);
    if (png == NULL) {
        copy_error(error, error_size, "out of memory");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    memory_sink sink = {0};
    uint8_t *volatile row = NULL;
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        copy_error(error, error_size, "out of memory");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.data);
        free(row);
        return -1;
    }
    png_set_write_fn(png, &sink, png_write_to_memory, png_flush_nothing);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, bit_depth,
                 palette != NULL ? PNG_COLOR_TYPE_PALETTE : PNG_COLOR_TYPE_GRAY,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (palette != NULL) {
        png_color colors[2] = {{palette[0], palette[1], palette[2]}, {palette[3], palette[4], palette[5]}};
        png_set_PLTE(png, info, colors, 2);
    }
    // Deflate finds the long runs of QR rows by itself; adaptive filter selection costs
    // more time than it saves bytes on these images.
    png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
    if (compression_level >= 0) png_set_compression_level(png, compression_level);
    png_write_info(png, info);
    row = malloc(bit_depth == 1 ? ((size_t)width + 7) / 8 : (size_t)width);
    if (row == NULL) png_error(png, "out of memory");
    for (int y = 0; y < height; ++y) {
        source(context, y, row);
        png_write_row(png, row);
    }
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    free(row);
    *out = sink.data;
    *out_size = sink.size;
    return 0;
}

typedef struct {
    const uint8_t *pixels;
    int width;
} gray_rows;

static void gray_row(const void *context, int y, uint8_t *row) {
    const gray_rows *image = context;
    memcpy(row, image->pixels + (size_t)y * (size_t)image->width, (size_t)image->width);
}

int seqr_png_encode_gray(const uint8_t *pixels, int width, int height,
                         uint8_t **out, size_t *out_size,
                         char *error, size_t error_size) {
    gray_rows image = {pixels, width};
    return png_write_gray(width, height, 8, -1, gray_row, &image, NULL, out, out_size, error, error_size);
}

typedef struct {
    const uint8_t *pixels;
    int width;
    uint8_t threshold;
} bilevel_rows;

static void bilevel_row(const void *context, int y, uint8_t *row) {
    const bilevel_rows *image = context;
    const uint8_t *source = image->pixels + (size_t)y * (size_t)image->width;
    const uint8_t threshold = image->threshold;
    const int whole = image->width / 8;
    // Eight pixels to a byte without a branch per pixel (this ran once per pixel of every vault page).
    for (int b = 0; b < whole; ++b) {
        const uint8_t *p = source + 8 * b;
        row[b] = (uint8_t)((p[0] >= threshold) << 7 | (p[1] >= threshold) << 6 | (p[2] >= threshold) << 5 |
                           (p[3] >= threshold) << 4 | (p[4] >= threshold) << 3 | (p[5] >= threshold) << 2 |
                           (p[6] >= threshold) << 1 | (p[7] >= threshold));  // 1 = white
    }
    if (whole * 8 < image->width) {
        uint8_t last = 0;
        for (int x = whole * 8; x < image->width; ++x) last |= (uint8_t)((source[x] >= threshold) << (7 - (x & 7)));
        row[whole] = last;
    }
}

int seqr_png_encode_bilevel(const uint8_t *pixels, int width, int height, uint8_t threshold,
                            uint8_t **out, size_t *out_size,
                            char *error, size_t error_size) {
    bilevel_rows image = {pixels, width, threshold};
    // zlib's fastest level: a quarter of level 6's time on a vault page for 16 % more bytes
    // (docs/benchmarks.md); these pages are printed, not stored.
    return png_write_gray(width, height, 1, 1, bilevel_row, &image, NULL, out, out_size, error, error_size);
}

typedef struct {
    const uint8_t *modules;
    int size, scale, margin;
    size_t row_bytes;
} module_rows;

static void module_row(const void *context, int y, uint8_t *row) {
    const module_rows *symbol = context;
    memset(row, 0xFF, symbol->row_bytes);  // 1 = white in a gray 1-bit PNG
    const int my = y / symbol->scale - symbol->margin;
    if (my < 0 || my >= symbol->size) return;
    for (int mx = 0; mx < symbol->size; ++mx) {
        if (!symbol->modules[(size_t)my * (size_t)symbol->size + (size_t)mx]) continue;
        const int x0 = (mx + symbol->margin) * symbol->scale;
        for (int x = x0; x < x0 + symbol->scale; ++x) row[x >> 3] &= (uint8_t)~(0x80 >> (x & 7));
    }
}

int seqr_png_encode_modules(const uint8_t *modules, int size, int scale, int margin, const uint8_t *colors,
                            uint8_t **out, size_t *out_size,
                            char *error, size_t error_size) {
    if (size <= 0 || scale <= 0 || margin < 0) {
        copy_error(error, error_size, "invalid symbol geometry");
        return -1;
    }
    const size_t wide = ((size_t)size + 2 * (size_t)margin) * (size_t)scale;
    if (wide * wide > SEQR_MAX_PIXELS) {
        copy_error(error, error_size, "image has too many pixels");
        return SEQR_CODEC_TOO_LARGE;
    }
    const int side = (int)wide;
    module_rows symbol = {modules, size, scale, margin, ((size_t)side + 7) / 8};
    return png_write_gray(side, side, 1, -1, module_row, &symbol, colors, out, out_size, error, error_size);
}
