// Rasterising PDF pages with poppler (through its GLib interface) onto cairo image
// surfaces, for restoring paper vaults from scanned or generated PDFs.
//
// Like cairo, poppler is loaded with dlopen on first use: it brings GLib, NSS and a
// dozen more libraries that no other command needs.
#ifndef SEQR_PDF_H
#define SEQR_PDF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Receives one rendered page as gray pixels (width*height bytes, owned by the caller
/// of the callback only for its duration). Returns 0 to continue, non-zero to stop.
typedef int (*seqr_pdf_page_callback)(void *_Nullable context, int page, const uint8_t *_Nonnull gray, int width, int height);

/// Why seqr_pdf_render refused a document before drawing any page (besides -1, any other failure).
enum {
    SEQR_PDF_TOO_MANY_PAGES = -2,
    SEQR_PDF_TOO_MANY_PIXELS_IN_ALL = -3,
    /// The pages took more than `cpu_seconds` of processor time in all to draw (or more than ten times that
    /// of waiting, on a machine too busy to give it the time); `*pages` is the page being drawn (from 1).
    SEQR_PDF_TOO_SLOW = -4,
};

/// Renders the pages of the PDF in `data` one at a time at `dpi`, calling `callback` per page
/// before the next is drawn. A page is drawn at a lower resolution when `dpi` would give it more
/// than `max_page_pixels` pixels or more than cairo's 32,767 a side, so its size in points cannot
/// make it cost more. A document of more than `max_pages` pages, or whose pages would hold more
/// than `max_pixels_in_all` pixels together, is refused from its page sizes before any is drawn
/// (`*pages` and `*pixels` say how far counting got).
///
/// With `cpu_seconds` > 0 the pages are drawn in a child process (fork) whose processor
/// time is limited to that many seconds for the whole document (RLIMIT_CPU, not renewed per page), and
/// sent back over a pipe: poppler has no way to stop a page, nested form XObjects make its work grow
/// exponentially (depth 8 in 2 KB: minutes), and a page tree may list one costly page 1,000 times.
/// Drawing past the limit ends the child and is SEQR_PDF_TOO_SLOW. A page object the page tree lists
/// again (the same object number and generation, the same boxes and rotation) is drawn once: its later
/// listings are handed the same pixels (seqr_pdf_page_keys.h), found where the pages are drawn. With 0
/// the pages are drawn in this process without a limit (the fuzzer: coverage of the child is lost).
/// Returns the number of pages, or -1 (or a SEQR_PDF_ status) with a message in `error`.
int seqr_pdf_render(const uint8_t *_Nonnull data, size_t size, double dpi,
                    size_t max_page_pixels, int max_pages, uint64_t max_pixels_in_all, int cpu_seconds,
                    seqr_pdf_page_callback _Nonnull callback, void *_Nullable context,
                    int *_Nonnull pages, uint64_t *_Nonnull pixels,
                    char *_Nullable error, size_t error_size);

/// How many pages poppler drew in this process (seqr_pdf_render with cpu_seconds 0) since it started:
/// a page object listed again is not drawn again (what the tests count).
uint64_t seqr_pdf_pages_drawn_in_process_count(void);

#ifdef __cplusplus
}
#endif

#endif
