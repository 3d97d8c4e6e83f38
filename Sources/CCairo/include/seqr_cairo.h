// cairo, loaded on first use.
//
// cairo pulls in some twenty libraries (X11, xcb, fontconfig, freetype, pixman, …);
// linking it directly costs every `seqr` process about 2 ms of start-up, even when no
// PDF is drawn. Seqr therefore dlopen()s libcairo.so.2 the first time a PDF is made
// and calls it through this table, typed from cairo's own header.
#ifndef SEQR_CAIRO_H
#define SEQR_CAIRO_H

#include <stddef.h>

#include <cairo/cairo.h>
#include <cairo/cairo-pdf.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SEQR_CAIRO_FUNCTIONS(X)          \
    X(cairo_pdf_surface_create_for_stream) \
    X(cairo_pdf_surface_set_size)        \
    X(cairo_surface_finish)              \
    X(cairo_surface_status)              \
    X(cairo_surface_destroy)             \
    X(cairo_create)                      \
    X(cairo_destroy)                     \
    X(cairo_status)                      \
    X(cairo_status_to_string)            \
    X(cairo_set_source_rgb)              \
    X(cairo_paint)                       \
    X(cairo_rectangle)                   \
    X(cairo_fill)                        \
    X(cairo_show_page)                   \
    X(cairo_image_surface_create)        \
    X(cairo_image_surface_get_data)      \
    X(cairo_image_surface_get_stride)    \
    X(cairo_surface_flush)               \
    X(cairo_scale)                       \
    X(cairo_move_to)                     \
    X(cairo_select_font_face)            \
    X(cairo_set_font_size)               \
    X(cairo_show_text)                   \
    X(cairo_text_extents)                \
    X(cairo_surface_mark_dirty)          \
    X(cairo_pattern_create_for_surface)  \
    X(cairo_pattern_set_filter)          \
    X(cairo_pattern_set_matrix)          \
    X(cairo_pattern_destroy)             \
    X(cairo_matrix_init_scale)           \
    X(cairo_matrix_translate)            \
    X(cairo_set_source)

typedef struct {
#define SEQR_CAIRO_MEMBER(name) __typeof__(&name) _Nonnull name;
    SEQR_CAIRO_FUNCTIONS(SEQR_CAIRO_MEMBER)
#undef SEQR_CAIRO_MEMBER
} seqr_cairo_api;

/// The cairo functions, loaded once (thread-safe). Returns NULL when libcairo.so.2
/// cannot be loaded, with the reason in `error` (at most `error_size` bytes).
const seqr_cairo_api *_Nullable seqr_cairo_load(char *_Nullable error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
