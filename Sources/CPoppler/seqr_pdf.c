#define _GNU_SOURCE  // pipe2
#include "seqr_pdf.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "seqr_cairo.h"
#include "seqr_child_drawing.h"
#include "seqr_pdf_page_keys.h"

// The few poppler-glib and GObject entry points used, declared with opaque pointers so
// that building needs no poppler or GLib headers (their C ABI is stable).
typedef struct {
    void *(*document_new_from_data)(char *data, int length, const char *password, void **error);
    int (*document_get_n_pages)(void *document);
    void *(*document_get_page)(void *document, int index);
    void (*page_get_size)(void *page, double *width, double *height);
    void (*page_render_for_printing)(void *page, cairo_t *cairo);
    void (*object_unref)(void *object);
    void (*error_free)(void *error);
} poppler_api;

static poppler_api poppler;
static int poppler_loaded = 0;
static char poppler_error[256];
static pthread_once_t poppler_once = PTHREAD_ONCE_INIT;
/// Pages poppler drew in this process (with cpu_seconds 0): what a test counts.
static _Atomic uint64_t seqr_pdf_pages_drawn_in_process;

static void load_poppler(void) {
    void *library = dlopen("libpoppler-glib.so.8", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(poppler_error, sizeof poppler_error, "cannot load libpoppler-glib.so.8 (%s); run scripts/setup", dlerror());
        return;
    }
    void *gobject = dlopen("libgobject-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
    if (gobject == NULL || glib == NULL) {
        snprintf(poppler_error, sizeof poppler_error, "cannot load GLib (%s)", dlerror());
        return;
    }
#define RESOLVE(field, from, name)                                                        \
    *(void **)&poppler.field = dlsym(from, name);                                         \
    if (poppler.field == NULL) {                                                          \
        snprintf(poppler_error, sizeof poppler_error, "poppler lacks %s", name);          \
        return;                                                                           \
    }
    RESOLVE(document_new_from_data, library, "poppler_document_new_from_data")
    RESOLVE(document_get_n_pages, library, "poppler_document_get_n_pages")
    RESOLVE(document_get_page, library, "poppler_document_get_page")
    RESOLVE(page_get_size, library, "poppler_page_get_size")
    RESOLVE(page_render_for_printing, library, "poppler_page_render_for_printing")
    RESOLVE(object_unref, gobject, "g_object_unref")
    RESOLVE(error_free, glib, "g_error_free")
#undef RESOLVE
    poppler_loaded = 1;
}

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

/// The scale (pixels per point) a page of `width_pt` × `height_pt` is drawn at: `dpi`, or less so
/// that it holds at most `max_pixels` pixels and 32,767 a side (cairo's largest surface).
static double page_scale(double width_pt, double height_pt, double dpi, size_t max_pixels) {
    double scale = dpi / 72.0;
    if (width_pt * scale * height_pt * scale > (double)max_pixels) scale = sqrt((double)max_pixels / (width_pt * height_pt));
    if (width_pt * scale > 32767.0) scale = 32767.0 / width_pt;
    if (height_pt * scale > 32767.0) scale = 32767.0 / height_pt;
    return scale;
}

/// The page's size in pixels at `scale`: rounded, or cut down where rounding would pass `max_pixels`.
static void page_pixels(double width_pt, double height_pt, double scale, size_t max_pixels, int *width, int *height) {
    *width = (int)(width_pt * scale + 0.5);
    *height = (int)(height_pt * scale + 0.5);
    if ((uint64_t)*width * (uint64_t)*height > max_pixels || *width > 32767 || *height > 32767) {
        *width = (int)(width_pt * scale);
        *height = (int)(height_pt * scale);
    }
}

/// Page `index` (NULL when it cannot be drawn: missing, or a size poppler reports as NaN or negative
/// for a damaged box), with the scale and size in pixels it is drawn at. The caller unrefs the page.
static void *drawable_page(void *document, int index, double dpi, size_t max_pixels, double *scale, int *width, int *height) {
    void *page = poppler.document_get_page(document, index);
    if (page == NULL) return NULL;
    double width_pt = 0, height_pt = 0;
    poppler.page_get_size(page, &width_pt, &height_pt);
    if (!(width_pt > 0 && height_pt > 0 && width_pt < 1e9 && height_pt < 1e9)) {
        poppler.object_unref(page);
        return NULL;
    }
    *scale = page_scale(width_pt, height_pt, dpi, max_pixels);
    page_pixels(width_pt, height_pt, *scale, max_pixels, width, height);
    if (*width <= 0 || *height <= 0) {
        poppler.object_unref(page);
        return NULL;
    }
    return page;
}

/// Listings of one page object (issue 47: a page tree may list one costly page 1,000 times): each
/// listing's first (`first[index]`, the index of the first listing with an equal key) and the last
/// listing of each first (`last[first]`). A later listing hands on the first one's drawing, kept in
/// memory until its last listing and only while the kept drawings hold at most `max_kept_bytes`
/// (one page at the pixel limit): beyond that, a listing is drawn again, under the same time limit.
/// The drawn picture is what is reused, not the codes read from it: every reader of pages
/// (PageDecodingPipeline, ImageFile.readPages, the vault's restore) sees one picture per listing, as
/// before, and the drawing — poppler's time, the cost issue 47 is about — happens once.
typedef struct {
    int pages;
    int *first;
    int *last;
    uint8_t **kept;
    int *kept_width;
    int *kept_height;
    size_t kept_bytes;
    size_t max_kept_bytes;
} repeated_pages;

static void repeated_pages_free(repeated_pages *repeated) {
    if (repeated->kept != NULL) {
        for (int index = 0; index < repeated->pages; ++index) free(repeated->kept[index]);
    }
    free(repeated->first);
    free(repeated->last);
    free(repeated->kept);
    free(repeated->kept_width);
    free(repeated->kept_height);
    memset(repeated, 0, sizeof *repeated);
}

/// Finds the repeated listings of the document in `data` (nothing found when poppler's core API
/// cannot say: every listing is then drawn, as it was).
static void repeated_pages_find(repeated_pages *repeated, const uint8_t *data, size_t size, int pages, size_t max_kept_bytes) {
    memset(repeated, 0, sizeof *repeated);
    if (pages < 2) return;
    seqr_pdf_page_key *keys = calloc((size_t)pages, sizeof *keys);
    repeated->pages = pages;
    repeated->first = calloc((size_t)pages, sizeof(int));
    repeated->last = calloc((size_t)pages, sizeof(int));
    repeated->kept = calloc((size_t)pages, sizeof(uint8_t *));
    repeated->kept_width = calloc((size_t)pages, sizeof(int));
    repeated->kept_height = calloc((size_t)pages, sizeof(int));
    repeated->max_kept_bytes = max_kept_bytes;
    char error[256];
    if (keys == NULL || repeated->first == NULL || repeated->last == NULL || repeated->kept == NULL ||
        repeated->kept_width == NULL || repeated->kept_height == NULL ||
        seqr_pdf_page_keys(data, size, pages, keys, error, sizeof error) != 0) {
        free(keys);
        repeated_pages_free(repeated);
        return;
    }
    // At most 1,000 pages: a million comparisons at worst.
    for (int index = 0; index < pages; ++index) {
        repeated->first[index] = index;
        for (int earlier = 0; earlier < index; ++earlier) {
            if (repeated->first[earlier] == earlier && seqr_pdf_page_keys_equal(&keys[earlier], &keys[index])) {
                repeated->first[index] = earlier;
                break;
            }
        }
        repeated->last[repeated->first[index]] = index;
    }
    free(keys);
}

/// The pages drawn in this process, each handed to `callback` before the next is drawn.
static int render_here(const uint8_t *data, size_t size, double dpi,
                       size_t max_page_pixels, int max_pages, uint64_t max_pixels_in_all,
                       seqr_pdf_page_callback callback, void *context,
                       int *pages_counted, uint64_t *pixels_counted,
                       char *error, size_t error_size) {
    *pages_counted = 0;
    *pixels_counted = 0;
    pthread_once(&poppler_once, load_poppler);
    if (!poppler_loaded) {
        copy_error(error, error_size, poppler_error);
        return -1;
    }
    char cairo_error[256];
    const seqr_cairo_api *cairo = seqr_cairo_load(cairo_error, sizeof cairo_error);
    if (cairo == NULL) {
        copy_error(error, error_size, cairo_error);
        return -1;
    }
    if (size > 0x7FFFFFFF) {
        copy_error(error, error_size, "PDF too large");
        return -1;
    }
    void *gerror = NULL;
    // poppler keeps a pointer to the bytes, not a copy; they outlive the document here.
    void *document = poppler.document_new_from_data((char *)data, (int)size, NULL, &gerror);
    if (document == NULL) {
        // GError's message is its third field (domain, code, message).
        const char *message = gerror ? *(const char **)((char *)gerror + sizeof(uint32_t) * 2) : "not a PDF";
        char text[256];
        snprintf(text, sizeof text, "%s", message ? message : "not a PDF");
        if (gerror) poppler.error_free(gerror);
        copy_error(error, error_size, text);
        return -1;
    }
    int pages = poppler.document_get_n_pages(document);
    if (pages > max_pages) {
        *pages_counted = pages;
        poppler.object_unref(document);
        copy_error(error, error_size, "too many pages");
        return SEQR_PDF_TOO_MANY_PAGES;
    }
    // Every page's size first (reading it draws nothing): the pixels of all pages are bounded
    // before the first is drawn.
    for (int index = 0; index < pages; ++index) {
        double scale = 0;
        int width = 0, height = 0;
        void *page = drawable_page(document, index, dpi, max_page_pixels, &scale, &width, &height);
        if (page == NULL) continue;
        poppler.object_unref(page);
        *pages_counted = index + 1;
        *pixels_counted += (uint64_t)width * (uint64_t)height;
        if (*pixels_counted > max_pixels_in_all) {
            poppler.object_unref(document);
            copy_error(error, error_size, "the pages hold too many pixels in all");
            return SEQR_PDF_TOO_MANY_PIXELS_IN_ALL;
        }
    }
    repeated_pages repeated;
    repeated_pages_find(&repeated, data, size, pages, max_page_pixels);
    for (int index = 0; index < pages; ++index) {
        const int first = repeated.first != NULL ? repeated.first[index] : index;
        if (first != index && repeated.kept[first] != NULL) {
            // The same page object, drawn the same way: its first drawing is handed on again.
            const int stop = callback(context, index, repeated.kept[first], repeated.kept_width[first], repeated.kept_height[first]);
            if (repeated.last[first] == index) {
                free(repeated.kept[first]);
                repeated.kept[first] = NULL;
                repeated.kept_bytes -= (size_t)repeated.kept_width[first] * (size_t)repeated.kept_height[first];
            }
            if (stop) break;
            continue;
        }
        double scale = 0;
        int width = 0, height = 0;
        void *page = drawable_page(document, index, dpi, max_page_pixels, &scale, &width, &height);
        if (page == NULL) continue;
        seqr_pdf_pages_drawn_in_process += 1;
        cairo_surface_t *surface = cairo->cairo_image_surface_create(CAIRO_FORMAT_RGB24, width, height);
        cairo_t *cr = cairo->cairo_create(surface);
        cairo->cairo_set_source_rgb(cr, 1, 1, 1);
        cairo->cairo_paint(cr);
        cairo->cairo_scale(cr, scale, scale);
        poppler.page_render_for_printing(page, cr);
        cairo->cairo_surface_flush(surface);
        uint8_t *gray = malloc((size_t)width * (size_t)height);
        int stop = 0;
        // cairo cannot make a surface over 32,767 pixels a side (a page 30 × 666,655 pt): it
        // returns an error surface without pixels. Such a page is skipped, like an oversized one.
        const unsigned char *pixels = cairo->cairo_image_surface_get_data(surface);
        if (pixels == NULL) {
            free(gray);
            cairo->cairo_destroy(cr);
            cairo->cairo_surface_destroy(surface);
            poppler.object_unref(page);
            continue;
        }
        if (gray != NULL) {
            const int stride = cairo->cairo_image_surface_get_stride(surface);
            for (int y = 0; y < height; ++y) {
                const uint32_t *row = (const uint32_t *)(pixels + (size_t)y * (size_t)stride);
                for (int x = 0; x < width; ++x) {
                    const uint32_t p = row[x];
                    const unsigned r = (p >> 16) & 0xFF, g = (p >> 8) & 0xFF, b = p & 0xFF;
                    gray[(size_t)y * (size_t)width + (size_t)x] = (uint8_t)((r * 77 + g * 150 + b * 29) >> 8);
                }
            }
            stop = callback(context, index, gray, width, height);
            const size_t bytes = (size_t)width * (size_t)height;
            if (repeated.first != NULL && repeated.last[first] > index && repeated.kept[first] == NULL &&
                repeated.kept_bytes + bytes <= repeated.max_kept_bytes) {
                repeated.kept[first] = gray;
                repeated.kept_width[first] = width;
                repeated.kept_height[first] = height;
                repeated.kept_bytes += bytes;
            } else {
                free(gray);
            }
        }
        cairo->cairo_destroy(cr);
        cairo->cairo_surface_destroy(surface);
        poppler.object_unref(page);
        if (gray == NULL) {
            repeated_pages_free(&repeated);
            poppler.object_unref(document);
            copy_error(error, error_size, "out of memory");
            return -1;
        }
        if (stop) break;
    }
    repeated_pages_free(&repeated);
    poppler.object_unref(document);
    return pages;
}

uint64_t seqr_pdf_pages_drawn_in_process_count(void) { return seqr_pdf_pages_drawn_in_process; }

/* ------------------------------------------------------- drawing in a child process */

typedef struct {
    const uint8_t *data;
    size_t size;
    double dpi;
    size_t max_page_pixels;
    int max_pages;
    uint64_t max_pixels_in_all;
} pdf_drawing;

/// In the child (seqr_child_drawing): every page, sent as it is drawn.
static int draw_pages(void *context, seqr_picture_callback send, void *channel, int *pages, uint64_t *pixels,
                      char *message, size_t message_size) {
    const pdf_drawing *pdf = context;
    return render_here(pdf->data, pdf->size, pdf->dpi, pdf->max_page_pixels, pdf->max_pages, pdf->max_pixels_in_all,
                       send, channel, pages, pixels, message, message_size);
}

int seqr_pdf_render(const uint8_t *data, size_t size, double dpi,
                    size_t max_page_pixels, int max_pages, uint64_t max_pixels_in_all, int cpu_seconds,
                    seqr_pdf_page_callback callback, void *context,
                    int *pages_counted, uint64_t *pixels_counted,
                    char *error, size_t error_size) {
    *pages_counted = 0;
    *pixels_counted = 0;
    if (error != NULL && error_size > 0) error[0] = '\0';
    // Loaded here, before any fork: the child only draws.
    pthread_once(&poppler_once, load_poppler);
    if (!poppler_loaded) {
        copy_error(error, error_size, poppler_error);
        return -1;
    }
    // poppler's core entry points too (not fatal when missing: every listing is then drawn).
    char keys_error[256];
    (void)seqr_pdf_page_keys_load(keys_error, sizeof keys_error);
    char cairo_error[256];
    if (seqr_cairo_load(cairo_error, sizeof cairo_error) == NULL) {
        copy_error(error, error_size, cairo_error);
        return -1;
    }
    if (cpu_seconds <= 0) {
        seqr_cairo_begin_drawing();
        int result = render_here(data, size, dpi, max_page_pixels, max_pages, max_pixels_in_all, callback, context,
                                 pages_counted, pixels_counted, error, error_size);
        seqr_cairo_end_drawing();
        return result;
    }
    pdf_drawing pdf = {data, size, dpi, max_page_pixels, max_pages, max_pixels_in_all};
    int slow_page = 0;
    int result = seqr_draw_in_child(cpu_seconds, max_page_pixels, "PDF renderer", draw_pages, &pdf, callback, context,
                                    pages_counted, pixels_counted, &slow_page, error, error_size);
    if (result == SEQR_CHILD_TOO_SLOW) {
        *pages_counted = slow_page;
        copy_error(error, error_size, "the pages take too long to draw (deeply nested forms?)");
        return SEQR_PDF_TOO_SLOW;
    }
    return result;
}
