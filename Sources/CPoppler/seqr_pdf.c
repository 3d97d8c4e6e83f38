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
    for (int index = 0; index < pages; ++index) {
        double scale = 0;
        int width = 0, height = 0;
        void *page = drawable_page(document, index, dpi, max_page_pixels, &scale, &width, &height);
        if (page == NULL) continue;
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
            free(gray);
        }
        cairo->cairo_destroy(cr);
        cairo->cairo_surface_destroy(surface);
        poppler.object_unref(page);
        if (gray == NULL) {
            poppler.object_unref(document);
            copy_error(error, error_size, "out of memory");
            return -1;
        }
        if (stop) break;
    }
    poppler.object_unref(document);
    return pages;
}

/* ------------------------------------------------------- drawing in a child process */

static int write_all(int fd, const void *bytes, size_t count) {
    const uint8_t *at = bytes;
    while (count > 0) {
        ssize_t written = write(fd, at, count);
        if (written < 0 && errno == EINTR) continue;
        if (written <= 0) return 0;
        at += written;
        count -= (size_t)written;
    }
    return 1;
}

/// Reads `count` bytes, waiting at most `timeout_ms` for each part: 1, 0 on end of file or an error, -1 on a timeout.
static int read_all(int fd, void *bytes, size_t count, int timeout_ms) {
    uint8_t *at = bytes;
    while (count > 0) {
        struct pollfd ready = {fd, POLLIN, 0};
        int polled = poll(&ready, 1, timeout_ms);
        if (polled < 0 && errno == EINTR) continue;
        if (polled == 0) return -1;
        if (polled < 0) return 0;
        ssize_t got = read(fd, at, count);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return 0;
        at += got;
        count -= (size_t)got;
    }
    return 1;
}

/// Allows the child `seconds` more of processor time from now (SIGXCPU, which ends it, after that).
static void allow_cpu_seconds(int seconds) {
    struct rusage usage;
    struct rlimit limit;
    if (getrusage(RUSAGE_SELF, &usage) != 0 || getrlimit(RLIMIT_CPU, &limit) != 0) _exit(4);
    rlim_t used = (rlim_t)usage.ru_utime.tv_sec + (rlim_t)usage.ru_stime.tv_sec + 1;
    limit.rlim_cur = used + (rlim_t)seconds;
    if (limit.rlim_max != RLIM_INFINITY && limit.rlim_cur > limit.rlim_max) limit.rlim_cur = limit.rlim_max;
    if (setrlimit(RLIMIT_CPU, &limit) != 0) _exit(4);
}

typedef struct {
    int fd;
    int cpu_seconds;
} child_pipe;

/// In the child: a page's header (index, width, height) and pixels down the pipe, then the next page's budget.
static int send_page(void *context, int index, const uint8_t *gray, int width, int height) {
    child_pipe *pipe_end = context;
    const int32_t header[3] = {index, width, height};
    if (!write_all(pipe_end->fd, header, sizeof header) || !write_all(pipe_end->fd, gray, (size_t)width * (size_t)height)) _exit(3);
    allow_cpu_seconds(pipe_end->cpu_seconds);
    return 0;
}

/// What the child sends after its last page.
typedef struct {
    int32_t status;
    int32_t pages;
    uint64_t pixels;
    char message[256];
} child_trailer;

static int render_in_child(const uint8_t *data, size_t size, double dpi,
                           size_t max_page_pixels, int max_pages, uint64_t max_pixels_in_all, int cpu_seconds,
                           seqr_pdf_page_callback callback, void *context,
                           int *pages_counted, uint64_t *pixels_counted,
                           char *error, size_t error_size) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        copy_error(error, error_size, "cannot make a pipe for the PDF renderer");
        return -1;
    }
    // No other thread draws with cairo while the child is made: it never starts with a lock held.
    seqr_cairo_begin_fork();
    pid_t child = fork();
    if (child == 0) {
        close(fds[0]);
        // Ended by a signal, the child leaves no core file and runs none of this process's crash handlers.
        const struct rlimit no_core = {0, 0};
        setrlimit(RLIMIT_CORE, &no_core);
        const int crashes[] = {SIGPIPE, SIGXCPU, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP};
        for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; ++i) signal(crashes[i], SIG_DFL);
        child_pipe pipe_end = {fds[1], cpu_seconds};
        child_trailer trailer;
        memset(&trailer, 0, sizeof trailer);
        allow_cpu_seconds(cpu_seconds);
        int pages = 0;
        uint64_t pixels = 0;
        trailer.status = render_here(data, size, dpi, max_page_pixels, max_pages, max_pixels_in_all, send_page, &pipe_end,
                                     &pages, &pixels, trailer.message, sizeof trailer.message);
        trailer.pages = pages;
        trailer.pixels = pixels;
        const int32_t end[3] = {-1, 0, 0};
        _exit(write_all(fds[1], end, sizeof end) && write_all(fds[1], &trailer, sizeof trailer) ? 0 : 3);
    }
    seqr_cairo_end_fork();
    close(fds[1]);
    if (child < 0) {
        close(fds[0]);
        copy_error(error, error_size, "cannot start the PDF renderer");
        return -1;
    }
    // A generous wall-clock bound besides the processor-time limit, for a child that waits for ever.
    const int timeout_ms = cpu_seconds * 10 * 1000;
    int result = -1, next_page = 1, finished = 0, last_read = 0;
    for (;;) {
        int32_t header[3];
        if ((last_read = read_all(fds[0], header, sizeof header, timeout_ms)) != 1) break;
        if (header[0] < 0) {
            child_trailer trailer;
            if ((last_read = read_all(fds[0], &trailer, sizeof trailer, timeout_ms)) == 1) {
                finished = 1;
                result = trailer.status;
                *pages_counted = trailer.pages;
                *pixels_counted = trailer.pixels;
                trailer.message[sizeof trailer.message - 1] = '\0';
                if (result < 0) copy_error(error, error_size, trailer.message);
            }
            break;
        }
        const int width = header[1], height = header[2];
        if (width <= 0 || height <= 0 || (uint64_t)width * (uint64_t)height > max_page_pixels) break;
        uint8_t *gray = malloc((size_t)width * (size_t)height);
        if (gray == NULL || (last_read = read_all(fds[0], gray, (size_t)width * (size_t)height, timeout_ms)) != 1) {
            free(gray);
            break;
        }
        next_page = header[0] + 2;
        int stop = callback(context, header[0], gray, width, height);
        free(gray);
        if (stop) {
            finished = 1;
            result = 0;
            break;
        }
    }
    close(fds[0]);
    int status = 0;
    // Stopped early, timed out or sent a broken page: the child may still be drawing.
    if (result == 0 || !finished) kill(child, SIGKILL);
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
    if (!finished) {
        char message[256];
        // Past its processor time, or (on a machine too busy to give it that) ten times as long waited for.
        if ((WIFSIGNALED(status) && WTERMSIG(status) == SIGXCPU) || last_read == -1) {
            *pages_counted = next_page;
            snprintf(message, sizeof message, "page %d takes more than %d s of processor time to draw (deeply nested forms?)",
                     next_page, cpu_seconds);
            copy_error(error, error_size, message);
            return SEQR_PDF_TOO_SLOW;
        }
        snprintf(message, sizeof message, "the PDF renderer stopped at page %d (%s %d)", next_page,
                 WIFSIGNALED(status) ? "signal" : "status", WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
        copy_error(error, error_size, message);
    }
    return result;
}

int seqr_pdf_render(const uint8_t *data, size_t size, double dpi,
                    size_t max_page_pixels, int max_pages, uint64_t max_pixels_in_all, int cpu_seconds_per_page,
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
    char cairo_error[256];
    if (seqr_cairo_load(cairo_error, sizeof cairo_error) == NULL) {
        copy_error(error, error_size, cairo_error);
        return -1;
    }
    if (cpu_seconds_per_page <= 0) {
        seqr_cairo_begin_drawing();
        int result = render_here(data, size, dpi, max_page_pixels, max_pages, max_pixels_in_all, callback, context,
                                 pages_counted, pixels_counted, error, error_size);
        seqr_cairo_end_drawing();
        return result;
    }
    return render_in_child(data, size, dpi, max_page_pixels, max_pages, max_pixels_in_all, cpu_seconds_per_page,
                           callback, context, pages_counted, pixels_counted, error, error_size);
}
