#include "seqr_svg.h"

#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seqr_cairo.h"
#include "seqr_child_drawing.h"

// librsvg's and GObject's few entry points, declared with opaque pointers so that building needs
// no librsvg or GLib headers (their C ABI is stable). RsvgRectangle is four doubles.
typedef struct {
    double x, y, width, height;
} rsvg_rectangle;

typedef struct {
    void *(*handle_new_from_data)(const uint8_t *data, size_t length, void **error);
    int (*get_intrinsic_size_in_pixels)(void *handle, double *width, double *height);
    void (*get_intrinsic_dimensions)(void *handle, int *has_width, void *width, int *has_height, void *height,
                                     int *has_viewbox, rsvg_rectangle *viewbox);
    int (*render_document)(void *handle, cairo_t *cairo, const rsvg_rectangle *viewport, void **error);
    void (*object_unref)(void *object);
    void (*error_free)(void *error);
} rsvg_api;

static rsvg_api rsvg;
static int rsvg_loaded = 0;
static char rsvg_error[256];
static pthread_once_t rsvg_once = PTHREAD_ONCE_INIT;

static void load_rsvg(void) {
    void *library = dlopen("librsvg-2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(rsvg_error, sizeof rsvg_error, "cannot load librsvg-2.so.2 (%s); run scripts/setup", dlerror());
        return;
    }
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (gobject == NULL || glib == NULL) {
        snprintf(rsvg_error, sizeof rsvg_error, "cannot load GLib (%s)", dlerror());
        return;
    }
#define RESOLVE(field, from, name)                                                        \
    *(void **)&rsvg.field = dlsym(from, name);                                            \
    if (rsvg.field == NULL) {                                                             \
        snprintf(rsvg_error, sizeof rsvg_error, "librsvg lacks %s", name);                \
        return;                                                                           \
    }
    RESOLVE(handle_new_from_data, library, "rsvg_handle_new_from_data")
    RESOLVE(get_intrinsic_size_in_pixels, library, "rsvg_handle_get_intrinsic_size_in_pixels")
    RESOLVE(get_intrinsic_dimensions, library, "rsvg_handle_get_intrinsic_dimensions")
    RESOLVE(render_document, library, "rsvg_handle_render_document")
    RESOLVE(object_unref, gobject, "g_object_unref")
    RESOLVE(error_free, glib, "g_error_free")
#undef RESOLVE
    rsvg_loaded = 1;
}

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

/// A GError's message (its third field: domain, code, message), then frees it.
static void take_gerror(void *gerror, const char *fallback, char *error, size_t error_size) {
    const char *message = gerror ? *(const char **)((char *)gerror + sizeof(uint32_t) * 2) : NULL;
    char text[256];
    snprintf(text, sizeof text, "%s", message ? message : fallback);
    if (gerror) rsvg.error_free(gerror);
    copy_error(error, error_size, text);
}

int seqr_svg_sniff(const uint8_t *data, size_t size) {
    size_t end = size < 4096 ? size : 4096;
    size_t at = 0;
    if (end >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF) at = 3;
    for (;;) {
        while (at < end && (data[at] == ' ' || data[at] == '\t' || data[at] == '\r' || data[at] == '\n')) ++at;
        if (at + 4 > end || data[at] != '<') return 0;
        if (memcmp(data + at, "<svg", 4) == 0) return 1;
        // An XML declaration, a processing instruction, a comment or a DOCTYPE: skip past its end. A
        // comment ends at "-->" and a DOCTYPE's internal subset (Illustrator writes entities there)
        // at "]>", whatever '>' they hold.
        if (data[at + 1] != '?' && data[at + 1] != '!') return 0;
        const uint8_t *close = memchr(data + at, '>', end - at);
        if (close == NULL) return 0;
        if (memcmp(data + at, "<!--", 4) == 0) {
            const uint8_t *from = data + at + 4;
            for (close = NULL; from + 3 <= data + end; ++from) {
                if (memcmp(from, "-->", 3) == 0) { close = from + 2; break; }
            }
        } else if (data[at + 1] == '!') {
            const uint8_t *subset = memchr(data + at, '[', end - at);
            if (subset != NULL && subset < close) {
                const uint8_t *from = subset + 1;
                for (close = NULL; from < data + end; ++from) {
                    if (*from != ']') continue;
                    const uint8_t *after = from + 1;
                    while (after < data + end && (*after == ' ' || *after == '\t' || *after == '\r' || *after == '\n')) ++after;
                    if (after < data + end && *after == '>') { close = after; break; }
                }
            }
        }
        if (close == NULL) return 0;
        at = (size_t)(close - data) + 1;
    }
}

/// Parses and draws the document in this process (librsvg and cairo loaded; the caller holds cairo's
/// drawing lock, or is the child process, which no other thread shares).
static int draw_here(const uint8_t *data, size_t size, int min_side, int max_side, size_t max_pixels,
                     uint8_t **gray, int *width, int *height, char *error, size_t error_size) {
    *gray = NULL;
    *width = 0;
    *height = 0;
    const seqr_cairo_api *cairo = seqr_cairo_load(NULL, 0);
    void *gerror = NULL;
    void *handle = rsvg.handle_new_from_data(data, size, &gerror);
    if (handle == NULL) {
        take_gerror(gerror, "not an SVG document", error, error_size);
        return -1;
    }
    // Its own size in pixels (width and height in absolute units), else its viewBox's proportions.
    double w = 0, h = 0;
    if (!rsvg.get_intrinsic_size_in_pixels(handle, &w, &h) || !(w > 0 && h > 0)) {
        int has_width = 0, has_height = 0, has_viewbox = 0;
        double length[4]; // RsvgLength: a double and an enum, padded
        rsvg_rectangle viewbox = {0, 0, 0, 0};
        rsvg.get_intrinsic_dimensions(handle, &has_width, length, &has_height, length + 2, &has_viewbox, &viewbox);
        if (has_viewbox && viewbox.width > 0 && viewbox.height > 0) {
            w = viewbox.width;
            h = viewbox.height;
        } else {
            w = h = min_side;
        }
    }
    if (!(w > 0 && h > 0 && isfinite(w) && isfinite(h))) {
        rsvg.object_unref(handle);
        copy_error(error, error_size, "the SVG has no usable size");
        return -1;
    }
    double longer = w > h ? w : h;
    double scale = longer < min_side ? min_side / longer : longer > max_side ? max_side / longer : 1.0;
    if (w * scale * h * scale > (double)max_pixels) scale = sqrt((double)max_pixels / (w * h));
    int pw = (int)(w * scale), ph = (int)(h * scale);
    if (pw < 1 || ph < 1) {
        rsvg.object_unref(handle);
        copy_error(error, error_size, "the SVG is too narrow to draw");
        return -1;
    }
    cairo_surface_t *surface = cairo->cairo_image_surface_create(CAIRO_FORMAT_RGB24, pw, ph);
    cairo_t *cr = cairo->cairo_create(surface);
    cairo->cairo_set_source_rgb(cr, 1, 1, 1);
    cairo->cairo_paint(cr);
    rsvg_rectangle viewport = {0, 0, pw, ph};
    int drawn = rsvg.render_document(handle, cr, &viewport, &gerror);
    cairo->cairo_surface_flush(surface);
    const unsigned char *pixels = cairo->cairo_image_surface_get_data(surface);
    int result = -1;
    if (!drawn) {
        take_gerror(gerror, "librsvg could not draw it", error, error_size);
    } else if (pixels == NULL) {
        copy_error(error, error_size, "cannot make a surface to draw on");
    } else if ((*gray = malloc((size_t)pw * (size_t)ph)) == NULL) {
        copy_error(error, error_size, "out of memory");
    } else {
        const int stride = cairo->cairo_image_surface_get_stride(surface);
        for (int y = 0; y < ph; ++y) {
            const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
            for (int x = 0; x < pw; ++x) {
                const uint32_t p = row[x];
                const unsigned r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
                (*gray)[(size_t)y * (size_t)pw + (size_t)x] = (uint8_t)((r * 77 + g * 150 + b * 29) >> 8);
            }
        }
        *width = pw;
        *height = ph;
        result = 0;
    }
    cairo->cairo_destroy(cr);
    cairo->cairo_surface_destroy(surface);
    rsvg.object_unref(handle);
    return result;
}

typedef struct {
    const uint8_t *data;
    size_t size;
    int min_side, max_side;
    size_t max_pixels;
} svg_drawing;

/// In the child (seqr_child_drawing): the one picture, sent when drawn.
static int draw_in_child(void *context, seqr_picture_callback send, void *channel, int *count, uint64_t *total,
                         char *message, size_t message_size) {
    const svg_drawing *svg = context;
    uint8_t *gray = NULL;
    int width = 0, height = 0;
    int result = draw_here(svg->data, svg->size, svg->min_side, svg->max_side, svg->max_pixels, &gray, &width, &height,
                           message, message_size);
    if (result == 0) {
        send(channel, 0, gray, width, height);
        *count = 1;
        *total = (uint64_t)width * (uint64_t)height;
    }
    free(gray);
    return result;
}

typedef struct {
    uint8_t *gray;
    int width, height;
} svg_received;

/// In this process: keeps a copy of the picture the child drew.
static int receive_picture(void *context, int index, const uint8_t *gray, int width, int height) {
    (void)index;
    svg_received *received = context;
    free(received->gray);
    received->gray = malloc((size_t)width * (size_t)height);
    if (received->gray == NULL) return 1;
    memcpy(received->gray, gray, (size_t)width * (size_t)height);
    received->width = width;
    received->height = height;
    return 0;
}

int seqr_svg_render(const uint8_t *data, size_t size, int min_side, int max_side, size_t max_pixels, int cpu_seconds,
                    uint8_t **gray, int *width, int *height, char *error, size_t error_size) {
    *gray = NULL;
    *width = 0;
    *height = 0;
    // Loaded here, before any fork: the child only draws.
    pthread_once(&rsvg_once, load_rsvg);
    if (!rsvg_loaded) {
        copy_error(error, error_size, rsvg_error);
        return -1;
    }
    char cairo_error[256];
    if (seqr_cairo_load(cairo_error, sizeof cairo_error) == NULL) {
        copy_error(error, error_size, cairo_error);
        return -1;
    }
    if (cpu_seconds <= 0) {
        seqr_cairo_begin_drawing();
        int result = draw_here(data, size, min_side, max_side, max_pixels, gray, width, height, error, error_size);
        seqr_cairo_end_drawing();
        return result;
    }
    svg_drawing svg = {data, size, min_side, max_side, max_pixels};
    svg_received received = {NULL, 0, 0};
    int count = 0, slow = 0;
    uint64_t total = 0;
    int result = seqr_draw_in_child(cpu_seconds, max_pixels, "SVG renderer", draw_in_child, &svg, receive_picture, &received,
                                    &count, &total, &slow, error, error_size);
    if (result == SEQR_CHILD_TOO_SLOW) {
        free(received.gray);
        copy_error(error, error_size, "the SVG takes too long to draw");
        return SEQR_SVG_TOO_SLOW;
    }
    if (result != 0 || count != 1 || received.gray == NULL) {
        free(received.gray);
        if (result == 0) copy_error(error, error_size, "the SVG renderer sent no picture");
        return -1;
    }
    *gray = received.gray;
    *width = received.width;
    *height = received.height;
    return 0;
}
