// HEIC/HEIF (and AVIF where libheif has a decoder for it) through libheif. The image's own
// rotation and mirroring (irot, imir) are applied by libheif, as a phone's gallery shows it.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"

#include <libheif/heif.h>
#include <stdlib.h>

static int heif_failed(struct heif_error failure, char *error, size_t error_size) {
    seqr_copy_error(error, error_size, failure.message != NULL && failure.message[0] ? failure.message : "libheif error");
    return SEQR_CODEC_FAILED;
}

int seqr_heif_decode_gray(const uint8_t *data, size_t size,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    struct heif_context *context = heif_context_alloc();
    if (context == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int status = SEQR_CODEC_FAILED;
    // Only boxes are parsed here: no pixel is decoded before the size check below.
    struct heif_error failure = heif_context_read_from_memory_without_copy(context, data, size, NULL);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    failure = heif_context_get_primary_image_handle(context, &handle);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    status = seqr_refuse_if_too_large((uint64_t)heif_image_handle_get_width(handle), (uint64_t)heif_image_handle_get_height(handle),
                                      width, height, error, error_size);
    if (status != SEQR_CODEC_OK) goto done;
    status = SEQR_CODEC_FAILED;
    const int alpha = heif_image_handle_has_alpha_channel(handle);
    struct heif_decoding_options *options = heif_decoding_options_alloc();
    if (options != NULL) options->convert_hdr_to_8bit = 1;  // 10-bit iPhone HDR photos read as 8-bit
    failure = heif_decode_image(handle, &image, heif_colorspace_RGB,
                                alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, options);
    heif_decoding_options_free(options);
    if (failure.code != heif_error_Ok) { status = heif_failed(failure, error, error_size); goto done; }
    const size_t w = (size_t)heif_image_get_width(image, heif_channel_interleaved);
    const size_t h = (size_t)heif_image_get_height(image, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    if (plane == NULL || w * h > SEQR_MAX_PIXELS) {
        seqr_copy_error(error, error_size, "no decodable image plane");
        goto done;
    }
    uint8_t *buffer = malloc(w * h > 0 ? w * h : 1);
    if (buffer == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        goto done;
    }
    const size_t step = alpha ? 4 : 3;
    for (size_t y = 0; y < h; ++y) {
        const uint8_t *row = plane + y * (size_t)stride;
        for (size_t x = 0; x < w; ++x) {
            const uint8_t *p = row + x * step;
            uint8_t gray = seqr_luma(p[0], p[1], p[2]);
            buffer[y * w + x] = alpha ? seqr_over_white(gray, p[3]) : gray;
        }
    }
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    status = SEQR_CODEC_OK;
done:
    if (image != NULL) heif_image_release(image);
    if (handle != NULL) heif_image_handle_release(handle);
    heif_context_free(context);
    return status;
}
