// HEIC/HEIF (and AVIF where libheif has a decoder for it) through libheif. The image's own
// rotation and mirroring (irot, imir) are applied by libheif, as a phone's gallery shows it.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"
#include "internal/lazy_library.h"

#include <libheif/heif.h>
#include <stdlib.h>
#include <string.h>

// libheif, opened the first time a HEIC/HEIF picture is read (internal/lazy_library.h says why).
#define SEQR_LIBHEIF "libheif.so.1"
#define SEQR_HEIF_FUNCTIONS(X)                        \
    X(heif_context_alloc)                             \
    X(heif_context_free)                              \
    X(heif_context_read_from_memory_without_copy)     \
    X(heif_context_get_primary_image_handle)          \
    X(heif_context_set_maximum_image_size_limit)      \
    X(heif_image_handle_get_ispe_width)               \
    X(heif_image_handle_get_ispe_height)              \
    X(heif_image_handle_get_width)                    \
    X(heif_image_handle_get_height)                   \
    X(heif_image_handle_release)                      \
    X(heif_decode_image)                              \
    X(heif_image_has_channel)                         \
    X(heif_image_get_plane_readonly)                  \
    X(heif_image_get_width)                           \
    X(heif_image_get_height)                          \
    X(heif_image_get_bits_per_pixel_range)            \
    X(heif_image_release)

SEQR_LAZY_LIBRARY(libheif, SEQR_LIBHEIF, SEQR_HEIF_FUNCTIONS)

// Longest side libheif may meet anywhere in a file (an iPhone panorama is at most 16,384 wide).
#define SEQR_HEIF_MAX_SIDE 16384

static int heif_failed(struct heif_error failure, char *error, size_t error_size) {
    seqr_copy_error(error, error_size, failure.message != NULL && failure.message[0] ? failure.message : "libheif error");
    if (error_size > 0) seqr_one_line(error);
    return SEQR_CODEC_FAILED;
}

/// One decoded plane as read: its size, sample depth and rows.
struct heif_plane_view {
    const uint8_t *data;
    size_t stride;
    int width, height, bits;
};

/// The plane of `channel`, if the image has one whose rows hold its width at its depth (1-16 bits).
static int heif_view_plane(const struct heif_image *image, enum heif_channel channel, struct heif_plane_view *view) {
    if (!libheif.heif_image_has_channel(image, channel)) return 0;
    int stride = 0;
    view->data = libheif.heif_image_get_plane_readonly(image, channel, &stride);
    view->width = libheif.heif_image_get_width(image, channel);
    view->height = libheif.heif_image_get_height(image, channel);
    view->bits = libheif.heif_image_get_bits_per_pixel_range(image, channel);
    if (view->data == NULL || view->width <= 0 || view->height <= 0 || view->bits < 1 || view->bits > 16 || stride < 0) return 0;
    view->stride = (size_t)stride;
    return view->stride >= (size_t)view->width * (view->bits > 8 ? 2u : 1u);
}

/// A sample scaled to 0-255: high bit depths are 16-bit samples in native byte order.
static uint8_t heif_sample(const struct heif_plane_view *view, size_t x, size_t y) {
    const uint8_t *row = view->data + y * view->stride;
    if (view->bits > 8) {
        uint16_t value;
        memcpy(&value, row + 2 * x, 2);
        return (uint8_t)(value >> (view->bits - 8));
    }
    return view->bits == 8 ? row[x] : (uint8_t)((row[x] * 255u) / ((1u << view->bits) - 1u));
}

int seqr_heif_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    if (!libheif_ready(error, error_size)) return SEQR_CODEC_FAILED;
    struct heif_context *context = libheif.heif_context_alloc();
    if (context == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int status = SEQR_CODEC_FAILED;
    // Only boxes are parsed here: no pixel is decoded before the size checks below.
    struct heif_error failure = libheif.heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    failure = libheif.heif_context_get_primary_image_handle(context, &handle);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    // Both sizes: the coded one ('ispe', what the decoder allocates) and the shown one (after
    // cropping and rotation). Either missing or not positive is a damaged file.
    const int ispe_width = libheif.heif_image_handle_get_ispe_width(handle), ispe_height = libheif.heif_image_handle_get_ispe_height(handle);
    const int shown_width = libheif.heif_image_handle_get_width(handle), shown_height = libheif.heif_image_handle_get_height(handle);
    if (ispe_width <= 0 || ispe_height <= 0 || shown_width <= 0 || shown_height <= 0) {
        seqr_copy_error(error, error_size, "no image size");
        goto done;
    }
    status = seqr_refuse_if_too_large((uint64_t)ispe_width, (uint64_t)ispe_height, max_pixels, width, height, error, error_size);
    if (status == SEQR_CODEC_OK) status = seqr_refuse_if_too_large((uint64_t)shown_width, (uint64_t)shown_height, max_pixels, width, height, error, error_size);
    if (status != SEQR_CODEC_OK) goto done;
    status = SEQR_CODEC_FAILED;
    // libheif's own bound on the sides it allocates while decoding — grid and overlay canvases
    // declare sizes of their own, which the checks above do not see — so that a small file cannot
    // make it allocate a canvas larger than Seqr reads. (Set after parsing, so that a declared size
    // above it is still refused above with the size in the message.)
    libheif.heif_context_set_maximum_image_size_limit(context, SEQR_HEIF_MAX_SIDE);
    // The image as coded (YCbCr or monochrome), with no colour conversion: Seqr needs only luma,
    // and libheif 1.15's conversion to RGBA reads an alpha plane of another size out of bounds.
    // The alpha plane is ignored (photos and scans have none that matters).
    failure = libheif.heif_decode_image(handle, &image, heif_colorspace_undefined, heif_chroma_undefined, NULL);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    // YCbCr and monochrome images give their luma plane; an image coded as RGB (identity matrix,
    // as heif-enc writes grey 4:4:4) gives three planes, which must agree in size.
    const int rgb = !libheif.heif_image_has_channel(image, heif_channel_Y);
    struct heif_plane_view planes[3];
    const enum heif_channel channels[3] = {rgb ? heif_channel_R : heif_channel_Y, heif_channel_G, heif_channel_B};
    for (int i = 0; i < (rgb ? 3 : 1); ++i) {
        if (!heif_view_plane(image, channels[i], &planes[i]) || planes[i].width != planes[0].width || planes[i].height != planes[0].height) {
            seqr_copy_error(error, error_size, "no luma or RGB planes to read");
            goto done;
        }
    }
    status = seqr_refuse_if_too_large((uint64_t)planes[0].width, (uint64_t)planes[0].height, max_pixels, width, height, error, error_size);
    if (status != SEQR_CODEC_OK) goto done;
    status = SEQR_CODEC_FAILED;
    const size_t w = (size_t)planes[0].width, h = (size_t)planes[0].height;
    uint8_t *buffer = malloc(w * h);
    if (buffer == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        goto done;
    }
    for (size_t y = 0; y < h; ++y) {
        for (size_t x = 0; x < w; ++x) {
            buffer[y * w + x] = rgb ? seqr_luma(heif_sample(&planes[0], x, y), heif_sample(&planes[1], x, y), heif_sample(&planes[2], x, y))
                                    : heif_sample(&planes[0], x, y);
        }
    }
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    status = SEQR_CODEC_OK;
done:
    if (image != NULL) libheif.heif_image_release(image);
    if (handle != NULL) libheif.heif_image_handle_release(handle);
    libheif.heif_context_free(context);
    return status;
}
