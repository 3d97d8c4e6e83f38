// What the decoders in this target share: the error buffer convention and the pixel arithmetic.
#ifndef SEQR_CODEC_SUPPORT_H
#define SEQR_CODEC_SUPPORT_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "seqr_image_codecs.h"

static inline void seqr_copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

/// A library's message made one line, as the command line prints it: line breaks become spaces,
/// trailing ones go (libheif ends some of its messages with a newline).
static inline void seqr_one_line(char *message) {
    if (message == NULL) return;
    size_t length = strlen(message);
    for (size_t i = 0; i < length; ++i) {
        if (message[i] == '\n' || message[i] == '\r') message[i] = ' ';
    }
    while (length > 0 && message[length - 1] == ' ') message[--length] = '\0';
}

/// SEQR_CODEC_TOO_LARGE with the declared size, before a single pixel is decoded.
static inline int seqr_refuse_if_too_large(uint64_t width, uint64_t height, size_t max_pixels, int *out_width, int *out_height,
                                           char *error, size_t error_size) {
    if (max_pixels > SEQR_MAX_PIXELS) max_pixels = SEQR_MAX_PIXELS;
    if (width <= UINT32_MAX && height <= UINT32_MAX && width * height <= max_pixels) return SEQR_CODEC_OK;
    *out_width = width > INT32_MAX ? INT32_MAX : (int)width;
    *out_height = height > INT32_MAX ? INT32_MAX : (int)height;
    seqr_copy_error(error, error_size, "image has too many pixels");
    return SEQR_CODEC_TOO_LARGE;
}

/// Rec. 601 luma of an 8-bit RGB pixel, rounded.
static inline uint8_t seqr_luma(uint8_t r, uint8_t g, uint8_t b) {
    return (uint8_t)((299u * r + 587u * g + 114u * b + 500u) / 1000u);
}

/// A gray value laid over white with straight (not premultiplied) alpha: transparency reads as paper.
static inline uint8_t seqr_over_white(uint8_t gray, uint8_t alpha) {
    return (uint8_t)((gray * (unsigned)alpha + 255u * (255u - alpha) + 127u) / 255u);
}

#endif
