#include "seqr_zbar.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The ZBar entry points used, declared with opaque pointers; values from zbar.h.
enum { ZBAR_NONE = 0, ZBAR_QRCODE = 64, ZBAR_CFG_ENABLE = 0, ZBAR_CFG_BINARY = 4 };

static struct {
    void *(*scanner_create)(void);
    void (*scanner_destroy)(void *);
    int (*scanner_set_config)(void *, int symbology, int config, int value);
    void *(*image_create)(void);
    void (*image_destroy)(void *);
    void (*image_set_format)(void *, unsigned long fourcc);
    void (*image_set_size)(void *, unsigned width, unsigned height);
    void (*image_set_data)(void *, const void *data, unsigned long length, void *cleanup);
    int (*scan_image)(void *scanner, void *image);
    const void *(*image_first_symbol)(const void *image);
    const void *(*symbol_next)(const void *symbol);
    int (*symbol_get_type)(const void *symbol);
    const char *(*symbol_get_data)(const void *symbol);
    unsigned (*symbol_get_data_length)(const void *symbol);
    unsigned (*symbol_get_loc_size)(const void *symbol);
    int (*symbol_get_loc_x)(const void *symbol, unsigned index);
    int (*symbol_get_loc_y)(const void *symbol, unsigned index);
} zbar;

static int zbar_loaded = 0;
static char zbar_error[256];
static pthread_once_t zbar_once = PTHREAD_ONCE_INIT;

static void load_zbar(void) {
    void *library = dlopen("libzbar.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        snprintf(zbar_error, sizeof zbar_error, "cannot load libzbar.so.0 (%s); run scripts/setup", dlerror());
        return;
    }
#define RESOLVE(field, name)                                                               \
    *(void **)&zbar.field = dlsym(library, name);                                          \
    if (zbar.field == NULL) {                                                              \
        snprintf(zbar_error, sizeof zbar_error, "libzbar lacks %s", name);                 \
        return;                                                                            \
    }
    RESOLVE(scanner_create, "zbar_image_scanner_create")
    RESOLVE(scanner_destroy, "zbar_image_scanner_destroy")
    RESOLVE(scanner_set_config, "zbar_image_scanner_set_config")
    RESOLVE(image_create, "zbar_image_create")
    RESOLVE(image_destroy, "zbar_image_destroy")
    RESOLVE(image_set_format, "zbar_image_set_format")
    RESOLVE(image_set_size, "zbar_image_set_size")
    RESOLVE(image_set_data, "zbar_image_set_data")
    RESOLVE(scan_image, "zbar_scan_image")
    RESOLVE(image_first_symbol, "zbar_image_first_symbol")
    RESOLVE(symbol_next, "zbar_symbol_next")
    RESOLVE(symbol_get_type, "zbar_symbol_get_type")
    RESOLVE(symbol_get_data, "zbar_symbol_get_data")
    RESOLVE(symbol_get_data_length, "zbar_symbol_get_data_length")
    RESOLVE(symbol_get_loc_size, "zbar_symbol_get_loc_size")
    RESOLVE(symbol_get_loc_x, "zbar_symbol_get_loc_x")
    RESOLVE(symbol_get_loc_y, "zbar_symbol_get_loc_y")
#undef RESOLVE
    zbar_loaded = 1;
}

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == NULL || error_size == 0) return;
    strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

void seqr_zbar_free(seqr_zbar_symbol *symbols, size_t count) {
    if (symbols == NULL) return;
    for (size_t i = 0; i < count; ++i) free(symbols[i].bytes);
    free(symbols);
}

int seqr_zbar_read(const uint8_t *gray, int width, int height,
                   seqr_zbar_symbol **symbols, size_t *count,
                   char *error, size_t error_size) {
    *symbols = NULL;
    *count = 0;
    pthread_once(&zbar_once, load_zbar);
    if (!zbar_loaded) {
        copy_error(error, error_size, zbar_error);
        return -1;
    }
    if (width <= 0 || height <= 0) {
        copy_error(error, error_size, "invalid image dimensions");
        return -1;
    }
    void *scanner = zbar.scanner_create();
    void *image = zbar.image_create();
    if (scanner == NULL || image == NULL) {
        if (scanner) zbar.scanner_destroy(scanner);
        if (image) zbar.image_destroy(image);
        copy_error(error, error_size, "out of memory");
        return -1;
    }
    zbar.scanner_set_config(scanner, ZBAR_NONE, ZBAR_CFG_ENABLE, 0);
    zbar.scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_ENABLE, 1);
    zbar.scanner_set_config(scanner, ZBAR_QRCODE, ZBAR_CFG_BINARY, 1);
    zbar.image_set_format(image, 0x30303859UL);  // fourcc "Y800": 8-bit gray
    zbar.image_set_size(image, (unsigned)width, (unsigned)height);
    zbar.image_set_data(image, gray, (unsigned long)width * (unsigned long)height, NULL);
    int found = zbar.scan_image(scanner, image);
    int status = 0;
    if (found > 0) {
        seqr_zbar_symbol *out = calloc((size_t)found, sizeof *out);
        size_t n = 0;
        for (const void *s = zbar.image_first_symbol(image); s != NULL && out != NULL && n < (size_t)found; s = zbar.symbol_next(s)) {
            if (zbar.symbol_get_type(s) != ZBAR_QRCODE) continue;
            seqr_zbar_symbol *symbol = &out[n];
            symbol->length = zbar.symbol_get_data_length(s);
            symbol->bytes = malloc(symbol->length > 0 ? symbol->length : 1);
            if (symbol->bytes == NULL) break;
            memcpy(symbol->bytes, zbar.symbol_get_data(s), symbol->length);
            unsigned points = zbar.symbol_get_loc_size(s);
            for (unsigned i = 0; i < 4; ++i) {
                unsigned p = points ? (i < points ? i : points - 1) : 0;
                symbol->corners[2 * i] = points ? zbar.symbol_get_loc_x(s, p) : 0;
                symbol->corners[2 * i + 1] = points ? zbar.symbol_get_loc_y(s, p) : 0;
            }
            ++n;
        }
        if (out == NULL) {
            copy_error(error, error_size, "out of memory");
            status = -1;
        } else {
            *symbols = out;
            *count = n;
        }
    } else if (found < 0) {
        copy_error(error, error_size, "zbar failed to scan the image");
        status = -1;
    }
    zbar.image_destroy(image);
    zbar.scanner_destroy(scanner);
    return status;
}
