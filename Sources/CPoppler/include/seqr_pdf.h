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

/// Renders every page of the PDF in `data` at `dpi`, calling `callback` per page.
/// Returns the number of pages, or -1 with a message in `error`.
int seqr_pdf_render(const uint8_t *_Nonnull data, size_t size, double dpi,
                    seqr_pdf_page_callback _Nonnull callback, void *_Nullable context,
                    char *_Nullable error, size_t error_size);

#ifdef __cplusplus
}
#endif

#endif
