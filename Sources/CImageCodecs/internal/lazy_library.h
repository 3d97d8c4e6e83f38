// Libraries opened on first use (dlopen), as cairo, poppler and ZBar already are.
//
// libheif brings libde265, x265, aom and dav1d (libde265 alone fills tables at load time), and
// libtiff brings LERC, JBIG, zstd, lzma and libdeflate: linked directly they cost every `seqr`
// process about 4 and 1.3 ms of start-up, even `seqr --version`, although few pictures are HEIC
// or TIFF. Each decoder calls its library through a table typed from the library's own header
// (`__typeof__`), filled by `dlsym` the first time a picture of that kind is read.
#ifndef SEQR_LAZY_LIBRARY_H
#define SEQR_LAZY_LIBRARY_H

#include <stddef.h>

/// One entry of a library's function table, typed from its header: `X(name)` → `name`'s pointer.
#define SEQR_LIBRARY_ENTRY(name) __typeof__(&name) name;

/// `dlopen(soname)`, or NULL with a message naming the library and what to run.
void *seqr_open_library(const char *soname, char *error, size_t error_size);

/// `name` from an opened library, or NULL with a message naming both.
void *seqr_library_symbol(void *library, const char *soname, const char *name, char *error, size_t error_size);

#endif
