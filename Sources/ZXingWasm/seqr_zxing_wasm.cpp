// The WebAssembly module's C API (scripts/build-wasm → Sources/SeqrWebApp/Resources/wasm/zxing.wasm):
// Seqr's own zxing-cpp shim (Sources/CZXing/seqr_zxing.cpp, the one `seqr decode` uses) behind
// one convention for JavaScript: pointers and lengths in, a status out (-1: read the message with
// seqr_wasm_error), the result as one JSON text to read from seqr_wasm_output. js/zxing-wasm.js is
// its only caller.
//
// Security contract: every input is bytes from a camera or a picked file. Lengths are checked
// before zxing-cpp sees the pixels (seqr_zx_read_pixels), every C++ exception stays on this side
// (the shim catches them), and the output is JSON with every string escaped, so nothing a code
// holds can change the shape of what JavaScript parses.
#include "seqr_zxing.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#define EXPORT(name) extern "C" __attribute__((export_name(name)))

static std::string g_output;
static char g_error[256];

static void append_string(std::string &out, const char *text, size_t length) {
    static const char hex[] = "0123456789abcdef";
    out += '"';
    for (size_t i = 0; i < length; ++i) {
        unsigned char c = static_cast<unsigned char>(text[i]);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (c < 0x20) {
            out += "\\u00";
            out += hex[c >> 4];
            out += hex[c & 15];
        } else {
            out += static_cast<char>(c); // UTF-8 as zxing-cpp wrote it
        }
    }
    out += '"';
}

static void append_string(std::string &out, const char *text) { append_string(out, text, std::strlen(text)); }

static void append_base64(std::string &out, const uint8_t *bytes, size_t length) {
    static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    out += '"';
    for (size_t i = 0; i < length; i += 3) {
        uint32_t n = static_cast<uint32_t>(bytes[i]) << 16;
        if (i + 1 < length) n |= static_cast<uint32_t>(bytes[i + 1]) << 8;
        if (i + 2 < length) n |= bytes[i + 2];
        out += alphabet[(n >> 18) & 63];
        out += alphabet[(n >> 12) & 63];
        out += i + 1 < length ? alphabet[(n >> 6) & 63] : '=';
        out += i + 2 < length ? alphabet[n & 63] : '=';
    }
    out += '"';
}

static void append_int(std::string &out, long long value) { out += std::to_string(value); }

/// The text of a payload as `seqr decode` reads it (seqr_zx_read_text), as a JSON object, or null.
static int append_text(std::string &out, const uint8_t *bytes, size_t length, const seqr_zx_encoding *encodings,
                       size_t encoding_count, int has_eci) {
    seqr_zx_text text;
    if (seqr_zx_read_text(bytes, length, encodings, encoding_count, has_eci, &text, g_error, sizeof g_error) != 0) return -1;
    if (text.text == nullptr) {
        out += "null";
    } else {
        out += "{\"text\":";
        append_string(out, text.text, text.text_length);
        out += ",\"encoding\":";
        append_string(out, text.encoding);
        out += ",\"guessed\":";
        out += text.guessed ? "true" : "false";
        out += '}';
    }
    seqr_zx_text_free(&text);
    return 0;
}

extern "C" {

EXPORT("seqr_wasm_alloc") void *seqr_wasm_alloc(size_t size) { return std::malloc(size); }
EXPORT("seqr_wasm_free") void seqr_wasm_free(void *pointer) { std::free(pointer); }
/// The message of the last call that returned -1 (NUL-terminated).
EXPORT("seqr_wasm_error") const char *seqr_wasm_error() { return g_error; }
/// The JSON the last successful call wrote, and its length in bytes.
EXPORT("seqr_wasm_output") const char *seqr_wasm_output() { return g_output.data(); }
EXPORT("seqr_wasm_output_length") size_t seqr_wasm_output_length() { return g_output.size(); }

/// Reads every symbol of the QR family in `pixels` (`layout`: 0 luminance, 1 RGBA; `row_bytes`
/// per row, `length` bytes in all). `flags`: bit 0 try harder, 1 try rotate, 2 try invert,
/// 3 try downscale, 4 try denoise; `binarizer` as seqr_zx_binarizer; `max_symbols` 0 for any.
/// Returns the number of symbols, their JSON array in seqr_wasm_output; -1 on an error.
EXPORT("seqr_wasm_read")
int seqr_wasm_read(const uint8_t *pixels, size_t length, int layout, int width, int height, int row_bytes, int flags,
                   int binarizer, int max_symbols) {
    g_error[0] = '\0';
    g_output.clear();
    if (width <= 0 || height <= 0 || row_bytes <= 0 || static_cast<unsigned long long>(row_bytes) * height > length) {
        std::snprintf(g_error, sizeof g_error, "invalid image dimensions");
        return -1;
    }
    seqr_zx_options options = {};
    options.binarizer = static_cast<seqr_zx_binarizer>(binarizer);
    options.try_harder = flags & 1;
    options.try_rotate = (flags >> 1) & 1;
    options.try_invert = (flags >> 2) & 1;
    options.try_downscale = (flags >> 3) & 1;
    options.try_denoise = (flags >> 4) & 1;
    options.max_symbols = max_symbols;
    // The QR family, as `seqr decode` reads by default (the module is built with no other format).
    const seqr_zx_format formats[] = {SEQR_ZX_FORMAT('Q', '2'), SEQR_ZX_FORMAT('Q', 'm'), SEQR_ZX_FORMAT('Q', 'r')};
    options.formats = formats;
    options.format_count = 3;
    seqr_zx_symbol *symbols = nullptr;
    size_t count = 0;
    if (seqr_zx_read_pixels(pixels, static_cast<seqr_zx_pixels>(layout), width, height, row_bytes, &options, &symbols,
                            &count, g_error, sizeof g_error) != 0)
        return -1;
    g_output += '[';
    for (size_t i = 0; i < count; ++i) {
        const seqr_zx_symbol &s = symbols[i];
        if (i > 0) g_output += ',';
        g_output += "{\"payload\":";
        append_base64(g_output, s.bytes, s.length);
        g_output += ",\"text\":";
        if (append_text(g_output, s.bytes, s.length, s.encodings, s.encoding_count, s.has_eci) != 0) {
            seqr_zx_free(symbols, count);
            g_output.clear();
            return -1;
        }
        g_output += ",\"corners\":[";
        for (int c = 0; c < 8; ++c) {
            if (c > 0) g_output += ',';
            append_int(g_output, s.corners[c]);
        }
        g_output += "],\"format\":";
        append_int(g_output, s.format);
        g_output += ",\"version\":";
        append_string(g_output, s.version);
        g_output += ",\"errorCorrection\":";
        append_string(g_output, s.ec_level);
        g_output += ",\"orientation\":";
        append_int(g_output, s.orientation);
        g_output += ",\"mirrored\":";
        g_output += s.mirrored ? "true" : "false";
        g_output += ",\"inverted\":";
        g_output += s.inverted ? "true" : "false";
        g_output += ",\"sequenceSize\":";
        append_int(g_output, s.sequence_size);
        g_output += ",\"sequenceIndex\":";
        append_int(g_output, s.sequence_index);
        g_output += ",\"sequenceId\":";
        append_string(g_output, s.sequence_id);
        g_output += ",\"hasECI\":";
        g_output += s.has_eci ? "true" : "false";
        g_output += ",\"encodings\":[";
        for (size_t e = 0; e < s.encoding_count; ++e) {
            if (e > 0) g_output += ',';
            g_output += '[';
            append_int(g_output, s.encodings[e].eci);
            g_output += ',';
            append_int(g_output, s.encodings[e].position);
            g_output += ']';
        }
        g_output += "]}";
    }
    g_output += ']';
    seqr_zx_free(symbols, count);
    return static_cast<int>(count);
}

/// The text of `bytes` (`length`) with `block_count` encoding blocks (pairs of int32: ECI, position)
/// as seqr_zx_read_text reads it: a joined structured-append payload is read this way. Returns 0,
/// with the JSON object {text, encoding, guessed} or null in seqr_wasm_output; -1 on an error.
EXPORT("seqr_wasm_read_text")
int seqr_wasm_read_text(const uint8_t *bytes, size_t length, const int32_t *blocks, size_t block_count, int has_eci) {
    g_error[0] = '\0';
    g_output.clear();
    auto *encodings = static_cast<seqr_zx_encoding *>(std::calloc(block_count > 0 ? block_count : 1, sizeof(seqr_zx_encoding)));
    if (encodings == nullptr) {
        std::snprintf(g_error, sizeof g_error, "out of memory");
        return -1;
    }
    for (size_t e = 0; e < block_count; ++e) encodings[e] = {blocks[2 * e], blocks[2 * e + 1]};
    int status = append_text(g_output, bytes, length, encodings, block_count, has_eci);
    std::free(encodings);
    if (status != 0) g_output.clear();
    return status;
}

/// One thread: zxing-cpp's thread_local buffers are destroyed at exit like any static (LLVM's
/// cxa_thread_atexit.cpp needs threads, and wasi-libc has no __cxa_thread_atexit_impl).
int __cxa_atexit(void (*destructor)(void *), void *object, void *dso);
int __cxa_thread_atexit(void (*destructor)(void *), void *object, void *dso) { return __cxa_atexit(destructor, object, dso); }
}
