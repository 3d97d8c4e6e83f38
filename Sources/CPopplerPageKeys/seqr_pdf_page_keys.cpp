// poppler's core C++ API, reached through dlsym (see the header for why it is not linked).
//
// Options weighed (issue 47): poppler-glib has no page reference; qpdf copies a page object listed
// twice into a new object (so it hides the very repetition sought) and walks the tree with its own
// repairs; MuPDF would be a third parser with its own repairs; poppler-glib's private structures
// are no header. poppler's own Catalog, through Debian's libpoppler-private-dev headers, walks the
// page tree exactly as the drawing does. Only non-inline functions are looked up by name (four,
// below, their mangled names those of libpoppler.so.126); inline accessors (Page::getRef, the boxes)
// and the private members read (a page's dictionary and inherited attributes) are compiled from the
// headers of the same package version. Should a name be missing, the keys are
// unknown and every listing is drawn, still under the document's time limit.
#include "seqr_pdf_page_keys.h"

#include <dlfcn.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <new>
#include <optional>

#include "PDFDoc.h"
#include "Page.h"
#include "goo/GooString.h"

namespace {

// Member functions called as plain ones: on the Itanium C++ ABI `this` is the first argument and a
// reference is passed as a pointer.
struct PopplerCore {
    void (*construct)(PDFDoc *self, std::unique_ptr<GooString> *fileName, const std::optional<GooString> *ownerPassword,
                      const std::optional<GooString> *userPassword, void *guiData, const std::function<void()> *reconstructed);
    void (*destroy)(PDFDoc *self);
    int (*numberOfPages)(PDFDoc *self);
    Page *(*page)(PDFDoc *self, int number);
};

PopplerCore core;
bool loaded = false;
char loadError[200] = "poppler's core API was not looked up";

void copyError(char *error, size_t size, const char *message) {
    if (error == nullptr || size == 0) return;
    std::snprintf(error, size, "%s", message);
}

void load() {
    // libpoppler-glib.so.8 brought it in; RTLD_NOLOAD: never a second copy or another version.
    void *library = dlopen("libpoppler.so.126", RTLD_NOW | RTLD_LOCAL | RTLD_NOLOAD);
    if (library == nullptr) {
        std::snprintf(loadError, sizeof loadError, "libpoppler.so.126 is not loaded (%s)", dlerror());
        return;
    }
    struct Entry { void **slot; const char *name; };
    const Entry entries[] = {
        {reinterpret_cast<void **>(&core.construct),
         "_ZN6PDFDocC1EOSt10unique_ptrI9GooStringSt14default_deleteIS1_EERKSt8optionalIS1_ES9_PvRKSt8functionIFvvEE"},
        {reinterpret_cast<void **>(&core.destroy), "_ZN6PDFDocD1Ev"},
        {reinterpret_cast<void **>(&core.numberOfPages), "_ZN6PDFDoc11getNumPagesEv"},
        {reinterpret_cast<void **>(&core.page), "_ZN6PDFDoc7getPageEi"},
    };
    for (const Entry &entry : entries) {
        *entry.slot = dlsym(library, entry.name);
        if (*entry.slot == nullptr) {
            std::snprintf(loadError, sizeof loadError, "libpoppler lacks %s", entry.name);
            return;
        }
    }
    loaded = true;
}

/// A private memory file holding `data` (poppler opens documents from files or streams it builds
/// itself; its memory stream's constructor is inline and cannot be reached without linking it).
int memoryFile(const uint8_t *data, size_t size) {
    int fd = memfd_create("seqr-pdf", MFD_CLOEXEC);
    if (fd < 0) return -1;
    size_t written = 0;
    while (written < size) {
        ssize_t count = write(fd, data + written, size - written);
        if (count <= 0) {
            close(fd);
            return -1;
        }
        written += static_cast<size_t>(count);
    }
    return fd;
}

// Page keeps its dictionary and inherited attributes private, with no accessor for either, and
// Object's own accessors check the type through poppler's error(), which is not linked. An explicit
// instantiation may name a private member (C++ [temp.spec]): the standard way to read one without
// changing the class's layout or linking anything.
template <typename Tag, typename Tag::type Member> struct Exposed {
    friend typename Tag::type memberOf(Tag) { return Member; }
};
struct PageDictionary {
    using type = Object Page::*;
    friend type memberOf(PageDictionary);
};
struct PageAttributes {
    using type = PageAttrs *Page::*;
    friend type memberOf(PageAttributes);
};
struct ObjectKind {
    using type = ObjType Object::*;
    friend type memberOf(ObjectKind);
};
struct ObjectDictionary {
    using type = Dict *Object::*;
    friend type memberOf(ObjectDictionary);
};
template struct Exposed<PageDictionary, &Page::pageObj>;
template struct Exposed<PageAttributes, &Page::attrs>;
template struct Exposed<ObjectKind, &Object::type>;
template struct Exposed<ObjectDictionary, &Object::dict>;

ObjType kindOf(const Object &object) { return object.*memberOf(ObjectKind{}); }
Dict *dictionaryOf(const Object &object) { return kindOf(object) == objDict ? object.*memberOf(ObjectDictionary{}) : nullptr; }

/// Where a page's resources come from: 0 when its own dictionary names them (the page object
/// decides), else the address of the dictionary it inherits. poppler shares one inherited dictionary
/// among the pages listed under one parent, so listings under one parent are alike, and listings
/// under parents with resources of their own are not.
uintptr_t resourcesOrigin(Page *page) {
    if (Dict *entries = dictionaryOf(page->*memberOf(PageDictionary{}))) {
        for (int index = 0; index < entries->getLength(); ++index) {
            if (std::strcmp(entries->getKey(index), "Resources") == 0) {
                const Object &value = entries->getValNF(index);
                if (kindOf(value) == objDict || kindOf(value) == objRef) return 0;
            }
        }
    }
    PageAttrs *attributes = page->*memberOf(PageAttributes{});
    return attributes == nullptr ? 0 : reinterpret_cast<uintptr_t>(dictionaryOf(*attributes->getResourceDictObject()));
}

void copyBox(const PDFRectangle *box, double *into) {
    into[0] = box->x1;
    into[1] = box->y1;
    into[2] = box->x2;
    into[3] = box->y2;
}

int keys(const uint8_t *data, size_t size, int pages, seqr_pdf_page_key *keys, char *error, size_t errorSize) {
    int fd = memoryFile(data, size);
    if (fd < 0) {
        copyError(error, errorSize, "cannot make a memory file for the PDF");
        return -1;
    }
    char path[64];
    std::snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    auto fileName = std::make_unique<GooString>(path);
    const std::optional<GooString> noPassword;
    const std::function<void()> noCallback;
    void *memory = ::operator new(sizeof(PDFDoc), std::nothrow);
    if (memory == nullptr) {
        close(fd);
        copyError(error, errorSize, "out of memory");
        return -1;
    }
    auto *document = static_cast<PDFDoc *>(memory);
    core.construct(document, &fileName, &noPassword, &noPassword, nullptr, &noCallback);
    int result = -1;
    if (!document->isOk()) {
        copyError(error, errorSize, "poppler's core API cannot open the PDF");
    } else if (core.numberOfPages(document) != pages) {
        copyError(error, errorSize, "poppler's core API counts another number of pages");
    } else {
        result = 0;
        for (int index = 0; index < pages; ++index) {
            Page *page = core.page(document, index + 1);
            if (page == nullptr) {
                copyError(error, errorSize, "poppler's core API lacks a page");
                result = -1;
                break;
            }
            seqr_pdf_page_key &key = keys[index];
            std::memset(&key, 0, sizeof key);
            const Ref ref = page->getRef();
            key.number = ref.num;
            key.generation = ref.gen;
            copyBox(page->getMediaBox(), key.media_box);
            copyBox(page->getCropBox(), key.crop_box);
            key.rotate = page->getRotate();
            key.resources = resourcesOrigin(page);
        }
    }
    core.destroy(document);
    ::operator delete(memory);
    close(fd);
    return result;
}

} // namespace

extern "C" int seqr_pdf_page_keys_load(char *error, size_t error_size) {
    static const bool once = (load(), true);
    (void)once;
    if (!loaded) {
        copyError(error, error_size, loadError);
        return -1;
    }
    return 0;
}

extern "C" int seqr_pdf_page_keys(const uint8_t *data, size_t size, int pages, seqr_pdf_page_key *keys_,
                                  char *error, size_t error_size) {
    if (seqr_pdf_page_keys_load(error, error_size) != 0) return -1;
    if (pages <= 0) return 0;
    try {
        return keys(data, size, pages, keys_, error, error_size);
    } catch (...) {
        copyError(error, error_size, "poppler's core API failed");
        return -1;
    }
}

extern "C" int seqr_pdf_page_keys_equal(const seqr_pdf_page_key *a, const seqr_pdf_page_key *b) {
    if (a->number != b->number || a->generation != b->generation || a->rotate != b->rotate || a->resources != b->resources) return 0;
    for (int side = 0; side < 4; ++side) {
        if (a->media_box[side] != b->media_box[side] || a->crop_box[side] != b->crop_box[side]) return 0;
    }
    return 1;
}
