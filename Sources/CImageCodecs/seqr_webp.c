// WebP through libwebp, decoded straight to luma (YUVA): a quarter of the memory of RGBA. An
// animated WebP (a phone's "live" sticker or a screen recording) is read as its first frame,
// found by libwebpdemux and laid on a white canvas.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"
#include "internal/lazy_library.h"

#include <stdlib.h>
#include <string.h>
#include <webp/decode.h>
#include <webp/demux.h>

// libwebp and libwebpdemux, opened the first time a WebP is read (internal/lazy_library.h says why);
// WebPInitDecoderConfig, WebPGetFeatures and WebPDemux are inline wrappers of the *Internal entries.
#define SEQR_LIBWEBP "libwebp.so.7"
#define SEQR_WEBP_FUNCTIONS(X)          \
    X(WebPInitDecoderConfigInternal)    \
    X(WebPGetFeaturesInternal)          \
    X(WebPDecode)                       \
    X(WebPFreeDecBuffer)

SEQR_LAZY_LIBRARY(libwebp, SEQR_LIBWEBP, SEQR_WEBP_FUNCTIONS)

#define SEQR_LIBWEBPDEMUX "libwebpdemux.so.2"
#define SEQR_WEBPDEMUX_FUNCTIONS(X)     \
    X(WebPDemuxInternal)                \
    X(WebPDemuxGetFrame)                \
    X(WebPDemuxReleaseIterator)         \
    X(WebPDemuxDelete)

SEQR_LAZY_LIBRARY(libwebpdemux, SEQR_LIBWEBPDEMUX, SEQR_WEBPDEMUX_FUNCTIONS)

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

/// Decodes a still bitstream (a whole file, or an animation's frame) and lays its luma over white
/// on `canvas` (canvas_width wide) at (left, top); the frame must fit the canvas.
static int webp_draw(const uint8_t *data, size_t size, uint8_t *canvas, size_t canvas_width, size_t canvas_height,
                     size_t left, size_t top, char *error, size_t error_size) {
    WebPDecoderConfig config;
    if (!libwebp.WebPInitDecoderConfigInternal(&config, WEBP_DECODER_ABI_VERSION)) {
        seqr_copy_error(error, error_size, "libwebp version mismatch");
        return SEQR_CODEC_FAILED;
    }
    config.output.colorspace = MODE_YUVA;
    VP8StatusCode status = libwebp.WebPDecode(data, size, &config);
    if (status != VP8_STATUS_OK) {
        libwebp.WebPFreeDecBuffer(&config.output);
        seqr_copy_error(error, error_size, webp_status_text(status));
        return SEQR_CODEC_FAILED;
    }
    const WebPYUVABuffer *yuva = &config.output.u.YUVA;
    const size_t w = (size_t)config.output.width, h = (size_t)config.output.height;
    if (left + w > canvas_width || top + h > canvas_height) {
        libwebp.WebPFreeDecBuffer(&config.output);
        seqr_copy_error(error, error_size, "a frame does not fit the canvas");
        return SEQR_CODEC_FAILED;
    }
    for (size_t y = 0; y < h; ++y) {
        const uint8_t *luma = yuva->y + y * (size_t)yuva->y_stride;
        const uint8_t *alpha = yuva->a != NULL ? yuva->a + y * (size_t)yuva->a_stride : NULL;
        uint8_t *row = canvas + (top + y) * canvas_width + left;
        for (size_t x = 0; x < w; ++x) {
            // WebP's luma is studio range (16–235); stretched to 0–255 as its RGB output would be.
            int full = ((int)luma[x] - 16) * 255 / 219;
            uint8_t gray = (uint8_t)(full < 0 ? 0 : (full > 255 ? 255 : full));
            row[x] = alpha != NULL ? seqr_over_white(gray, alpha[x]) : gray;
        }
    }
    libwebp.WebPFreeDecBuffer(&config.output);
    return SEQR_CODEC_OK;
}

int seqr_webp_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    if (!libwebp_ready(error, error_size)) return SEQR_CODEC_FAILED;
    WebPBitstreamFeatures features;
    VP8StatusCode status = libwebp.WebPGetFeaturesInternal(data, size, &features, WEBP_DECODER_ABI_VERSION);
    if (status != VP8_STATUS_OK) {
        seqr_copy_error(error, error_size, webp_status_text(status));
        return SEQR_CODEC_FAILED;
    }
    // For an animation, the canvas size.
    int refused = seqr_refuse_if_too_large((uint64_t)features.width, (uint64_t)features.height, max_pixels, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK) return refused;
    const size_t w = (size_t)features.width, h = (size_t)features.height;
    uint8_t *buffer = malloc(w * h > 0 ? w * h : 1);
    if (buffer == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        return SEQR_CODEC_FAILED;
    }
    // White where nothing is drawn: an animation's first frame may cover only part of its canvas
    // (whose background colour is only a hint, says the spec).
    memset(buffer, 0xFF, w * h);
    int result;
    if (!features.has_animation) {
        result = webp_draw(data, size, buffer, w, h, 0, 0, error, error_size);
    } else {
        if (!libwebpdemux_ready(error, error_size)) {
            free(buffer);
            return SEQR_CODEC_FAILED;
        }
        WebPData whole = {data, size};
        WebPDemuxer *demux = libwebpdemux.WebPDemuxInternal(&whole, 0, NULL, WEBP_DEMUX_ABI_VERSION);
        WebPIterator frame;
        if (demux == NULL || !libwebpdemux.WebPDemuxGetFrame(demux, 1, &frame)) {
            seqr_copy_error(error, error_size, demux == NULL ? "not a readable animated WebP" : "an animation without frames");
            result = SEQR_CODEC_FAILED;
        } else {
            result = frame.complete ? webp_draw(frame.fragment.bytes, frame.fragment.size, buffer, w, h, (size_t)frame.x_offset,
                                                (size_t)frame.y_offset, error, error_size)
                                    : SEQR_CODEC_FAILED;
            if (!frame.complete) seqr_copy_error(error, error_size, "not enough data (truncated file)");
            libwebpdemux.WebPDemuxReleaseIterator(&frame);
        }
        libwebpdemux.WebPDemuxDelete(demux);
    }
    if (result != SEQR_CODEC_OK) {
        free(buffer);
        return result;
    }
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    return SEQR_CODEC_OK;
}
