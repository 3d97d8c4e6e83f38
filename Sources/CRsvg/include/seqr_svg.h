// Drawing an SVG file (what `seqr encode --format svg` writes) as gray pixels with librsvg, on a
// cairo image surface, so that it can be decoded like any picture.
//
// Like cairo and poppler, librsvg is loaded with dlopen on first use: it brings GLib, pango and a
// dozen more libraries that no other command needs.
#ifndef SEQR_SVG_H
#define SEQR_SVG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// True when `data` looks like an SVG document: an `<svg` element among its first 4 KiB, after
/// at most an XML declaration, comments and a DOCTYPE.
int seqr_svg_sniff(const uint8_t *_Nonnull data, size_t size);

/// The drawing took more than `cpu_seconds` of processor time (or ten times that of waiting).
#define SEQR_SVG_TOO_SLOW (-4)

/// Draws the SVG in `data` on white, its longer side `min_side` pixels or more (its own size when
/// larger, at most `max_side`), and at most `max_pixels` pixels. On success returns 0 and sets
/// `*gray` (free with `free`), `*width` and `*height`; on failure -1 (or SEQR_SVG_TOO_SLOW) with a
/// message in `error`. External resources are not loaded: without a base file librsvg reads none.
///
/// With `cpu_seconds` > 0 it is parsed and drawn in a child process allowed that much processor
/// time (seqr_child_drawing.h): a 1 KB document of filtered <use> chains draws for minutes. With 0
/// it is drawn in this process without a limit (the fuzzer).
int seqr_svg_render(const uint8_t *_Nonnull data, size_t size, int min_side, int max_side, size_t max_pixels, int cpu_seconds,
                    uint8_t *_Nullable *_Nonnull gray, int *_Nonnull width, int *_Nonnull height,
                    char *_Nullable error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
