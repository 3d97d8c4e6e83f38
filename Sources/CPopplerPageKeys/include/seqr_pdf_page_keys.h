// Which pages of a PDF are one page object listed again (issue 47: a page tree may list one costly
// page object 1,000 times). poppler-glib exposes no page reference, so this C++ shim asks poppler's
// core API (Debian's libpoppler-private-dev headers) for each page's object number and generation.
//
// libpoppler is not linked: it is the library libpoppler-glib already loaded (CPoppler opens that
// on first use), reached with dlopen(RTLD_NOLOAD) and dlsym, so a command that reads no PDF still
// loads no poppler (LazyLibrariesCLITests). The document is opened a second time from the same
// bytes by the same libpoppler, so both walk the page tree the same way.
#ifndef SEQR_PDF_PAGE_KEYS_H
#define SEQR_PDF_PAGE_KEYS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What decides a page's drawing: its object number and generation (the indirect reference the page
/// tree lists), and what it may inherit from the path that listed it — its media box, crop box,
/// rotation and resources (`resources`: 0 when its own dictionary names them, else the address of
/// the dictionary inherited, valid only while the document is open: compared, never read). Two
/// listings with equal keys draw the same picture.
typedef struct {
    int32_t number;
    int32_t generation;
    double media_box[4];
    double crop_box[4];
    int32_t rotate;
    uintptr_t resources;
} seqr_pdf_page_key;

/// Finds poppler's entry points (libpoppler-glib must be loaded already). 0, or -1 with a message.
int seqr_pdf_page_keys_load(char *_Nullable error, size_t error_size);

/// The key of each of the `pages` pages of the PDF in `data`, in `keys[0..<pages]`. 0 when every page
/// has one; -1 (with a message) when poppler cannot say, or counts another number of pages: the caller
/// then draws every listing. Never throws; reads `data` only (a private memory file holds a copy
/// while the document is open).
int seqr_pdf_page_keys(const uint8_t *_Nonnull data, size_t size, int pages, seqr_pdf_page_key *_Nonnull keys,
                       char *_Nullable error, size_t error_size);

/// True when the two keys are the same page object drawn the same way.
int seqr_pdf_page_keys_equal(const seqr_pdf_page_key *_Nonnull a, const seqr_pdf_page_key *_Nonnull b);

#ifdef __cplusplus
}
#endif

#endif
