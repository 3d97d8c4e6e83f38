#include "internal/lazy_library.h"

#include <dlfcn.h>
#include <stdio.h>

void *seqr_open_library(const char *soname, char *error, size_t error_size) {
    // RTLD_LOCAL: the library's symbols stay out of the process's namespace.
    void *library = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) snprintf(error, error_size, "cannot load %s (%s); run scripts/setup", soname, dlerror());
    return library;
}

void *seqr_library_symbol(void *library, const char *soname, const char *name, char *error, size_t error_size) {
    void *symbol = dlsym(library, name);
    if (symbol == NULL) snprintf(error, error_size, "%s lacks %s", soname, name);
    return symbol;
}
