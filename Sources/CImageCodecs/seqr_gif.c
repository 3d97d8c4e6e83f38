// GIF through giflib: the first frame only, laid on white at its place on the logical screen.
// Records are read one at a time (not DGifSlurp), so later frames are never decoded.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"
#include "internal/lazy_library.h"

#include <gif_lib.h>
#include <stdlib.h>

// giflib, opened the first time a GIF is read (internal/lazy_library.h says why).
#define SEQR_LIBGIF "libgif.so.7"
#define SEQR_GIF_FUNCTIONS(X)  \
    X(DGifOpen)           \
    X(DGifCloseFile)      \
    X(DGifGetRecordType)  \
    X(DGifGetExtension)   \
    X(DGifGetExtensionNext)\
    X(DGifExtensionToGCB) \
    X(DGifGetImageDesc)   \
    X(DGifGetLine)        \
    X(GifErrorString)

SEQR_LAZY_LIBRARY(libgif, SEQR_LIBGIF, SEQR_GIF_FUNCTIONS)

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} gif_source;

static int gif_read(GifFileType *gif, GifByteType *buffer, int count) {
    gif_source *source = gif->UserData;
    if (count <= 0 || source->offset >= source->size) return 0;
    size_t available = source->size - source->offset;
    size_t n = (size_t)count < available ? (size_t)count : available;
    memcpy(buffer, source->data + source->offset, n);
    source->offset += n;
    return (int)n;
}

static int gif_failed(GifFileType *gif, int code, uint8_t *buffer, uint8_t *line, char *error, size_t error_size) {
    const char *text = libgif.GifErrorString(code);
    seqr_copy_error(error, error_size, text != NULL ? text : "giflib error");
    free(buffer);
    free(line);
    if (gif != NULL) {
        int ignored;
        libgif.DGifCloseFile(gif, &ignored);
    }
    return SEQR_CODEC_FAILED;
}

int seqr_gif_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                         uint8_t **pixels, int *width, int *height,
                         char *error, size_t error_size) {
    *pixels = NULL;
    if (!libgif_ready(error, error_size)) return SEQR_CODEC_FAILED;
    gif_source source = {data, size, 0};
    int code = 0;
    GifFileType *gif = libgif.DGifOpen(&source, gif_read, &code);
    if (gif == NULL) return gif_failed(NULL, code, NULL, NULL, error, error_size);
    int refused = seqr_refuse_if_too_large((uint64_t)gif->SWidth, (uint64_t)gif->SHeight, max_pixels, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK || gif->SWidth <= 0 || gif->SHeight <= 0) {
        if (refused == SEQR_CODEC_OK) seqr_copy_error(error, error_size, "empty logical screen");
        libgif.DGifCloseFile(gif, &code);
        return refused != SEQR_CODEC_OK ? refused : SEQR_CODEC_FAILED;
    }
    const size_t w = (size_t)gif->SWidth, h = (size_t)gif->SHeight;
    int transparent = NO_TRANSPARENT_COLOR;
    uint8_t *buffer = NULL, *line = NULL;
    for (;;) {
        GifRecordType record;
        if (libgif.DGifGetRecordType(gif, &record) == GIF_ERROR) return gif_failed(gif, gif->Error, buffer, line, error, error_size);
        if (record == TERMINATE_RECORD_TYPE) {
            seqr_copy_error(error, error_size, "no image in the file");
            free(buffer);
            libgif.DGifCloseFile(gif, &code);
            return SEQR_CODEC_FAILED;
        }
        if (record == EXTENSION_RECORD_TYPE) {
            int function = 0;
            GifByteType *extension = NULL;
            if (libgif.DGifGetExtension(gif, &function, &extension) == GIF_ERROR) return gif_failed(gif, gif->Error, buffer, line, error, error_size);
            if (function == GRAPHICS_EXT_FUNC_CODE && extension != NULL) {
                GraphicsControlBlock control;
                if (libgif.DGifExtensionToGCB(extension[0], extension + 1, &control) == GIF_OK) transparent = control.TransparentColor;
            }
            while (extension != NULL) {
                if (libgif.DGifGetExtensionNext(gif, &extension) == GIF_ERROR) return gif_failed(gif, gif->Error, buffer, line, error, error_size);
            }
            continue;
        }
        if (record != IMAGE_DESC_RECORD_TYPE) continue;
        if (libgif.DGifGetImageDesc(gif) == GIF_ERROR) return gif_failed(gif, gif->Error, buffer, line, error, error_size);
        const GifImageDesc *frame = &gif->Image;
        const ColorMapObject *colors = frame->ColorMap != NULL ? frame->ColorMap : gif->SColorMap;
        if (colors == NULL || frame->Width <= 0 || frame->Height <= 0) {
            seqr_copy_error(error, error_size, colors == NULL ? "no colour table" : "empty frame");
            libgif.DGifCloseFile(gif, &code);
            return SEQR_CODEC_FAILED;
        }
        refused = seqr_refuse_if_too_large((uint64_t)frame->Width, (uint64_t)frame->Height, max_pixels, width, height, error, error_size);
        if (refused != SEQR_CODEC_OK) {
            libgif.DGifCloseFile(gif, &code);
            return refused;
        }
        // Mapped through the colour table once: gray per index, transparent as white paper.
        uint8_t gray[256];
        for (int i = 0; i < 256; ++i) {
            if (i >= colors->ColorCount || i == transparent) { gray[i] = 255; continue; }
            const GifColorType c = colors->Colors[i];
            gray[i] = seqr_luma(c.Red, c.Green, c.Blue);
        }
        buffer = malloc(w * h);
        line = malloc((size_t)frame->Width);
        if (buffer == NULL || line == NULL) {
            free(buffer);
            free(line);
            seqr_copy_error(error, error_size, "out of memory");
            libgif.DGifCloseFile(gif, &code);
            return SEQR_CODEC_FAILED;
        }
        memset(buffer, 255, w * h);
        // Interlaced frames arrive in four passes of rows.
        static const int starts[4] = {0, 4, 2, 1}, steps[4] = {8, 8, 4, 2};
        const int passes = frame->Interlace ? 4 : 1;
        for (int pass = 0; pass < passes; ++pass) {
            const int start = frame->Interlace ? starts[pass] : 0, step = frame->Interlace ? steps[pass] : 1;
            for (int row = start; row < frame->Height; row += step) {
                if (libgif.DGifGetLine(gif, line, frame->Width) == GIF_ERROR) return gif_failed(gif, gif->Error, buffer, line, error, error_size);
                const long y = (long)frame->Top + row;
                if (y < 0 || (size_t)y >= h) continue;
                for (int column = 0; column < frame->Width; ++column) {
                    const long x = (long)frame->Left + column;
                    if (x < 0 || (size_t)x >= w) continue;
                    buffer[(size_t)y * w + (size_t)x] = gray[line[column]];
                }
            }
        }
        free(line);
        libgif.DGifCloseFile(gif, &code);
        *pixels = buffer;
        *width = (int)w;
        *height = (int)h;
        return SEQR_CODEC_OK;
    }
}
