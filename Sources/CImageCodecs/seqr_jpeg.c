// JPEG through libjpeg(-turbo), decoded to gray and encoded from gray. libjpeg reports errors
// with longjmp, which Swift cannot cross: every setjmp stays here.
#include "seqr_image_codecs.h"
#include "internal/codec_support.h"
#include "internal/lazy_library.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>

#include <jpeglib.h>
#include <jerror.h>

// libjpeg, opened the first time a JPEG is read or written (internal/lazy_library.h says why).
// jpeg_create_(de)compress are macros over jpeg_Create(De)compress, called by that name.
#define SEQR_LIBJPEG "libjpeg.so.62"
#define SEQR_JPEG_FUNCTIONS(X)               \
    X(jpeg_std_error)                    \
    X(jpeg_CreateDecompress)             \
    X(jpeg_destroy_decompress)           \
    X(jpeg_mem_src)                      \
    X(jpeg_read_header)                  \
    X(jpeg_start_decompress)             \
    X(jpeg_read_scanlines)               \
    X(jpeg_finish_decompress)            \
    X(jpeg_CreateCompress)               \
    X(jpeg_destroy_compress)             \
    X(jpeg_mem_dest)                     \
    X(jpeg_set_defaults)                 \
    X(jpeg_set_quality)                  \
    X(jpeg_start_compress)               \
    X(jpeg_write_scanlines)              \
    X(jpeg_finish_compress)

SEQR_LAZY_LIBRARY(libjpeg, SEQR_LIBJPEG, SEQR_JPEG_FUNCTIONS)

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char *error;
    size_t error_size;
    int truncated; ///< libjpeg only warns about missing data and pads with gray
    int too_many_scans;
} jpeg_error_target;

/// Refuses a JPEG once it has more scans than SEQR_MAX_JPEG_SCANS (as djpeg -maxscans does):
/// every scan of a progressive JPEG costs a pass over the whole image, so a small file of
/// thousands of scans would hold a processor for minutes.
typedef struct {
    struct jpeg_progress_mgr manager;
    jpeg_error_target *target;
} jpeg_scan_limit;

static void jpeg_on_progress(j_common_ptr cinfo) {
    jpeg_scan_limit *limit = (jpeg_scan_limit *)cinfo->progress;
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > SEQR_MAX_JPEG_SCANS) {
        limit->target->too_many_scans = 1;
        seqr_copy_error(limit->target->error, limit->target->error_size, "too many scans");
        longjmp(limit->target->jump, 1);
    }
}

static void jpeg_on_error(j_common_ptr cinfo) {
    jpeg_error_target *target = (jpeg_error_target *)cinfo->err;
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    seqr_copy_error(target->error, target->error_size, message);
    longjmp(target->jump, 1);
}

static void jpeg_on_message(j_common_ptr cinfo) { (void)cinfo; }

static void jpeg_on_emit(j_common_ptr cinfo, int level) {
    jpeg_error_target *target = (jpeg_error_target *)cinfo->err;
    if (level < 0 && cinfo->err->msg_code == JWRN_JPEG_EOF) target->truncated = 1;
}

static struct jpeg_error_mgr *jpeg_error_target_init(jpeg_error_target *target, char *error, size_t error_size) {
    struct jpeg_error_mgr *manager = libjpeg.jpeg_std_error(&target->manager);
    manager->error_exit = jpeg_on_error;
    manager->output_message = jpeg_on_message;
    manager->emit_message = jpeg_on_emit;
    target->error = error;
    target->error_size = error_size;
    target->truncated = 0;
    target->too_many_scans = 0;
    return manager;
}

int seqr_jpeg_decode_gray(const uint8_t *data, size_t size, size_t max_pixels,
                          uint8_t **pixels, int *width, int *height,
                          char *error, size_t error_size) {
    *pixels = NULL;
    if (!libjpeg_ready(error, error_size)) return SEQR_CODEC_FAILED;
    struct jpeg_decompress_struct cinfo;
    jpeg_error_target target;
    uint8_t *volatile buffer = NULL;
    jpeg_scan_limit limit = {.target = &target};
    limit.manager.progress_monitor = jpeg_on_progress;
    cinfo.err = jpeg_error_target_init(&target, error, error_size);
    if (setjmp(target.jump)) {
        libjpeg.jpeg_destroy_decompress(&cinfo);
        free(buffer);
        return target.too_many_scans ? SEQR_CODEC_TOO_MANY_SCANS : SEQR_CODEC_FAILED;
    }
    libjpeg.jpeg_CreateDecompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    cinfo.progress = &limit.manager;
    libjpeg.jpeg_mem_src(&cinfo, data, (unsigned long)size);
    libjpeg.jpeg_read_header(&cinfo, TRUE);
    if (cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK) {
        seqr_copy_error(error, error_size, cinfo.jpeg_color_space == JCS_CMYK ? "CMYK" : "YCCK");
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return SEQR_CODEC_UNSUPPORTED_COLOR_SPACE;
    }
    // Checked before jpeg_start_decompress, which already allocates for the whole width.
    int refused = seqr_refuse_if_too_large(cinfo.image_width, cinfo.image_height, max_pixels, width, height, error, error_size);
    if (refused != SEQR_CODEC_OK) {
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return refused;
    }
    cinfo.out_color_space = JCS_GRAYSCALE;
    libjpeg.jpeg_start_decompress(&cinfo);
    size_t w = cinfo.output_width, h = cinfo.output_height;
    buffer = malloc(w * h > 0 ? w * h : 1);
    if (buffer == NULL) {
        seqr_copy_error(error, error_size, "out of memory");
        libjpeg.jpeg_destroy_decompress(&cinfo);
        return -1;
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = buffer + (size_t)cinfo.output_scanline * w;
        libjpeg.jpeg_read_scanlines(&cinfo, &row, 1);
    }
    libjpeg.jpeg_finish_decompress(&cinfo);
    libjpeg.jpeg_destroy_decompress(&cinfo);
    if (target.truncated) {
        seqr_copy_error(error, error_size, "premature end of JPEG data");
        free(buffer);
        return -1;
    }
    *pixels = buffer;
    *width = (int)w;
    *height = (int)h;
    return 0;
}

int seqr_jpeg_encode_gray(const uint8_t *pixels, int width, int height, int quality,
                          uint8_t **out, size_t *out_size,
                          char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    if (!libjpeg_ready(error, error_size)) return SEQR_CODEC_FAILED;
    if (width <= 0 || height <= 0) {
        seqr_copy_error(error, error_size, "invalid image dimensions");
        return -1;
    }
    struct jpeg_compress_struct cinfo;
    jpeg_error_target target;
    unsigned char *volatile buffer = NULL;
    unsigned long buffer_size = 0;
    cinfo.err = jpeg_error_target_init(&target, error, error_size);
    if (setjmp(target.jump)) {
        libjpeg.jpeg_destroy_compress(&cinfo);
        free(buffer);
        return -1;
    }
    libjpeg.jpeg_CreateCompress(&cinfo, JPEG_LIB_VERSION, sizeof cinfo);
    libjpeg.jpeg_mem_dest(&cinfo, (unsigned char **)&buffer, &buffer_size);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 1;
    cinfo.in_color_space = JCS_GRAYSCALE;
    libjpeg.jpeg_set_defaults(&cinfo);
    libjpeg.jpeg_set_quality(&cinfo, quality < 1 ? 1 : (quality > 100 ? 100 : quality), TRUE);
    libjpeg.jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)cinfo.next_scanline * (size_t)width);
        libjpeg.jpeg_write_scanlines(&cinfo, &row, 1);
    }
    libjpeg.jpeg_finish_compress(&cinfo);
    libjpeg.jpeg_destroy_compress(&cinfo);
    *out = buffer;
    *out_size = buffer_size;
    return 0;
}
