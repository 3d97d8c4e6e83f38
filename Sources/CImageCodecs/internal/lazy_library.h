// Libraries opened on first use (dlopen), as cairo, poppler and ZBar already are.
//
// libheif brings libde265, x265, aom and dav1d (libde265 alone fills tables at load time), and
// libtiff brings LERC, JBIG, zstd, lzma and libdeflate: linked directly they cost every `seqr`
// process about 4 and 1.3 ms of start-up, even `seqr --version`, although few pictures are HEIC
// or TIFF. libjpeg, libwebp, libwebpdemux and giflib cost less each, but every process paid to
// map them and bind their symbols; only libpng, the common case, stays linked. Each decoder
// calls its library through a table typed from the library's own header (`__typeof__`), filled
// by `dlsym` the first time a picture of that kind is read.
#ifndef SEQR_LAZY_LIBRARY_H
#define SEQR_LAZY_LIBRARY_H

#include <stddef.h>

#include <pthread.h>

#include "codec_support.h"

/// One entry of a library's function table, typed from its header: `X(name)` → `name`'s pointer.
#define SEQR_LIBRARY_ENTRY(name) __typeof__(&name) name;

/// One entry resolved, inside a `resolve` function of SEQR_LAZY_LIBRARY (its `table` and arguments).
#define SEQR_LIBRARY_RESOLVE(name)                                                   \
    *(void **)&table->name = seqr_library_symbol(library, soname, #name, error, error_size); \
    if (table->name == NULL) return 0;

/// Declares `api`, a table of the entry points FUNCTIONS lists (X-macro), and
/// `int api##_ready(char *error, size_t error_size)`: 1 once `soname` is opened and every entry
/// resolved (on the first call only, thread-safe), else 0 with the reason in `error`.
#define SEQR_LAZY_LIBRARY(api, soname_, FUNCTIONS)                                              \
    static struct { FUNCTIONS(SEQR_LIBRARY_ENTRY) } api;                                        \
    static int api##_loaded = 0;                                                                \
    static char api##_error[256];                                                               \
    static pthread_once_t api##_once = PTHREAD_ONCE_INIT;                                       \
    static int api##_resolve(void *library, const char *soname, char *error, size_t error_size) { \
        __typeof__(&api) table = &api;                                                          \
        FUNCTIONS(SEQR_LIBRARY_RESOLVE)                                                         \
        return 1;                                                                               \
    }                                                                                           \
    static void api##_load(void) {                                                              \
        void *library = seqr_open_library(soname_, api##_error, sizeof api##_error);            \
        api##_loaded = library != NULL && api##_resolve(library, soname_, api##_error, sizeof api##_error); \
    }                                                                                           \
    static int api##_ready(char *error, size_t error_size) {                                    \
        pthread_once(&api##_once, api##_load);                                                  \
        if (!api##_loaded) seqr_copy_error(error, error_size, api##_error);                     \
        return api##_loaded;                                                                    \
    }

/// `dlopen(soname)`, or NULL with a message naming the library and what to run.
void *seqr_open_library(const char *soname, char *error, size_t error_size);

/// `name` from an opened library, or NULL with a message naming both.
void *seqr_library_symbol(void *library, const char *soname, const char *name, char *error, size_t error_size);

#endif
