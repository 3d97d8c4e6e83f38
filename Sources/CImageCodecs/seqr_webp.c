// WebP through libwebp, decoded straight to luma (YUVA): a quarter of the memory of RGBA.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"

#include <stdlib.h>
#include <webp/decode.h>

static const char *webp_status_text(VP8StatusCode status) {
    switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "out of memory";
    case VP8_STATUS_INVALID_PARAM: return "invalid parameter";
    case VP8_STATUS_BITSTREAM_ERROR: return "corrupt bitstream";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature";
    case VP8_STATUS_SUSPENDED: return "decoding suspended";
    case VP8_STATUS_USER_ABORT: return "decoding aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated file)";
    default: return "unknown error";
    }
}

int seqr_webp_decode_gray(const uint8_t *data, size_t size,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    WebPDecoderConfig config;
    if (!WebPInitDecoderConfig(&config)) {
        seqr_copy_error(error, error_size, "libwebp version mismatch");
        return SEQR_CODEC_FAILED;
    }
    VP8StatusCode status = WebPGetFeatures(data, size, &config.input);
    if (status != VP8_STATUS_OK) {
        seqr_copy_error(error, error_size, webp_status_text(status));
        return SEQR_CODEC_FAILED;
    }
    int refused = seqr_refuse_if_too_large((uint64_t)config.input.width, (uint64_t)config.input.height, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK) return refused;
    // Animated WebP needs the demux library; its first frame is not what a camera writes.
    if (config.input.has_animation) {
        seqr_copy_error(error, error_size, "animated WebP is not read");
        return SEQR_CODEC_FAILED;
    }
    config.output.colorspace = MODE_YUVA;
    status = WebPDecode(data, size, &config);
    if (status != VP8_STATUS_OK) {
        WebPFreeDecBuffer(&config.output);
        seqr_copy_error(error, error_size, webp_status_text(status));
        return SEQR_CODEC_FAILED;
    }
    const WebPYUVABuffer *yuva = &config.output.u.YUVA;
    const size_t w = (size_t)config.output.width, h = (size_t)config.output.height;
    uint8_t *buffer = malloc(w * h > 0 ? w * h : 1);
    if (buffer == NULL) {
        WebPFreeDecBuffer(&config.output);
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    for (size_t y = 0; y < h; ++y) {
        const uint8_t *luma = yuva->y + y * (size_t)yuva->y_stride;
        const uint8_t *alpha = yuva->a != NULL ? yuva->a + y * (size_t)yuva->a_stride : NULL;
        for (size_t x = 0; x < w; ++x) {
            // WebP's luma is studio range (16–235); stretched to 0–255 as its RGB output would be.
            int full = ((int)luma[x] - 16) * 255 / 219;
            uint8_t gray = (uint8_t)(full < 0 ? 0 : (full > 255 ? 255 : full));
            buffer[y * w + x] = alpha != NULL ? seqr_over_white(gray, alpha[x]) : gray;
        }
    }
    WebPFreeDecBuffer(&config.output);
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    return SEQR_CODEC_OK;
}
