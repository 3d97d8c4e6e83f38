#include "seqr_cairo.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static seqr_cairo_api api;
static const seqr_cairo_api *loaded = NULL;
static char load_error[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcairo.so.2", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "cannot load libcairo.so.2 (%s); run scripts/setup", dlerror());
        return;
    }
#define SEQR_CAIRO_RESOLVE(name)                                                              \
    api.name = (__typeof__(&name))dlsym(library, #name);                                      \
    if (api.name == NULL) {                                                                   \
        snprintf(load_error, sizeof load_error, "libcairo.so.2 lacks %s", #name);             \
        return;                                                                               \
    }
    SEQR_CAIRO_FUNCTIONS(SEQR_CAIRO_RESOLVE)
#undef SEQR_CAIRO_RESOLVE
    loaded = &api;
}

static pthread_rwlock_t drawing = PTHREAD_RWLOCK_INITIALIZER;

void seqr_cairo_begin_drawing(void) { pthread_rwlock_rdlock(&drawing); }
void seqr_cairo_end_drawing(void) { pthread_rwlock_unlock(&drawing); }
void seqr_cairo_begin_fork(void) { pthread_rwlock_wrlock(&drawing); }
void seqr_cairo_end_fork(void) { pthread_rwlock_unlock(&drawing); }

const seqr_cairo_api *seqr_cairo_load(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (loaded == NULL && error != NULL && error_size > 0) {
        strncpy(error, load_error, error_size - 1);
        error[error_size - 1] = '\0';
    }
    return loaded;
}
