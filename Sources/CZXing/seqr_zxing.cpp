#include "seqr_zxing.h"

#include <ZXing/ReadBarcode.h>

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

using namespace ZXing;

static void copy_error(char *error, size_t error_size, const char *message) {
    if (error == nullptr || error_size == 0) return;
    std::strncpy(error, message, error_size - 1);
    error[error_size - 1] = '\0';
}

static Binarizer to_binarizer(seqr_zx_binarizer b) {
    switch (b) {
    case SEQR_ZX_BINARIZER_GLOBAL_HISTOGRAM: return Binarizer::GlobalHistogram;
    case SEQR_ZX_BINARIZER_FIXED_THRESHOLD: return Binarizer::FixedThreshold;
    case SEQR_ZX_BINARIZER_LOCAL_AVERAGE:
    default: return Binarizer::LocalAverage;
    }
}

extern "C" int seqr_zx_read(const uint8_t *luminance, int width, int height, int stride,
                            const seqr_zx_options *options,
                            seqr_zx_symbol **symbols, size_t *count,
                            char *error, size_t error_size) {
    *symbols = nullptr;
    *count = 0;
    if (luminance == nullptr || width <= 0 || height <= 0 || stride < width) {
        copy_error(error, error_size, "invalid image dimensions");
        return -1;
    }
    // Every C++ exception stays on this side of the C boundary.
    try {
        DecodeHints hints;
        hints.setFormats(BarcodeFormat::QRCode);
        hints.setTryHarder(options->try_harder != 0);
        hints.setTryRotate(options->try_rotate != 0);
        hints.setTryDownscale(options->try_downscale != 0);
        hints.setBinarizer(to_binarizer(options->binarizer));
        hints.setIsPure(false);
        if (options->max_symbols > 0) hints.setMaxNumberOfSymbols(static_cast<uint8_t>(options->max_symbols));

        ImageView view(luminance, width, height, ImageFormat::Lum, stride);
        Results results = ReadBarcodes(view, hints);

        size_t valid = 0;
        for (const auto &r : results) if (r.isValid()) ++valid;
        if (valid == 0) return 0;

        auto *out = static_cast<seqr_zx_symbol *>(std::calloc(valid, sizeof(seqr_zx_symbol)));
        if (out == nullptr) {
            copy_error(error, error_size, "out of memory");
            return -1;
        }
        size_t i = 0;
        for (const auto &r : results) {
            if (!r.isValid()) continue;
            seqr_zx_symbol &s = out[i++];
            const ByteArray &bytes = r.bytes();
            s.length = bytes.size();
            s.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() > 0 ? bytes.size() : 1));
            if (s.bytes == nullptr) {
                seqr_zx_free(out, i);
                copy_error(error, error_size, "out of memory");
                return -1;
            }
            if (!bytes.empty()) std::memcpy(s.bytes, bytes.data(), bytes.size());
            const auto &p = r.position();
            for (int c = 0; c < 4; ++c) {
                s.corners[2 * c] = p[c].x;
                s.corners[2 * c + 1] = p[c].y;
            }
            std::string ec = r.ecLevel();
            s.ec_level = ec.empty() ? '?' : ec[0];
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
            s.data_codewords = r.numBits() / 8;
#pragma GCC diagnostic pop
            s.orientation = r.orientation();
            s.mirrored = r.isMirrored() ? 1 : 0;
        }
        *symbols = out;
        *count = valid;
        return 0;
    } catch (const std::exception &e) {
        copy_error(error, error_size, e.what());
        return -1;
    } catch (...) {
        copy_error(error, error_size, "unknown zxing-cpp failure");
        return -1;
    }
}

extern "C" void seqr_zx_free(seqr_zx_symbol *symbols, size_t count) {
    if (symbols == nullptr) return;
    for (size_t i = 0; i < count; ++i) std::free(symbols[i].bytes);
    std::free(symbols);
}
