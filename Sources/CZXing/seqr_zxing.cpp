#include "seqr_zxing.h"

#include "ReadBarcode.h"

#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <vector>

using namespace ZXing;

static void copy_string(char *target, size_t size, const std::string &value) {
    if (target == nullptr || size == 0) return;
    std::strncpy(target, value.c_str(), size - 1);
    target[size - 1] = '\0';
}

static Binarizer to_binarizer(seqr_zx_binarizer b) {
    switch (b) {
    case SEQR_ZX_BINARIZER_GLOBAL_HISTOGRAM: return Binarizer::GlobalHistogram;
    case SEQR_ZX_BINARIZER_FIXED_THRESHOLD: return Binarizer::FixedThreshold;
    case SEQR_ZX_BINARIZER_LOCAL_AVERAGE:
    default: return Binarizer::LocalAverage;
    }
}

static BarcodeFormats to_formats(const seqr_zx_options *options) {
    if (options->formats == nullptr || options->format_count == 0)
        return BarcodeFormat::QRCode; // the symbology: QR Code (models 1 and 2), Micro QR and rMQR
    std::vector<BarcodeFormat> formats;
    for (size_t i = 0; i < options->format_count; ++i) formats.push_back(static_cast<BarcodeFormat>(options->formats[i]));
    return BarcodeFormats(std::move(formats));
}

extern "C" int seqr_zx_read(const uint8_t *luminance, int width, int height, int stride,
                            const seqr_zx_options *options,
                            seqr_zx_symbol **symbols, size_t *count,
                            char *error, size_t error_size) {
    *symbols = nullptr;
    *count = 0;
    if (luminance == nullptr || options == nullptr || width <= 0 || height <= 0 || stride < width) {
        copy_string(error, error_size, "invalid image dimensions");
        return -1;
    }
    // Every C++ exception stays on this side of the C boundary.
    try {
        ReaderOptions hints;
        hints.setFormats(to_formats(options));
        hints.setTryHarder(options->try_harder != 0);
        hints.setTryRotate(options->try_rotate != 0);
        hints.setTryInvert(options->try_invert != 0);
        hints.setTryDownscale(options->try_downscale != 0);
        hints.setTryDenoise(options->try_denoise != 0);
        hints.setBinarizer(to_binarizer(options->binarizer));
        hints.setIsPure(false);
        if (options->max_symbols > 0) hints.setMaxNumberOfSymbols(static_cast<uint8_t>(options->max_symbols > 255 ? 255 : options->max_symbols));

        ImageView view(luminance, width, height, ImageFormat::Lum, stride);
        Barcodes results = ReadBarcodes(view, hints);

        size_t valid = 0;
        for (const auto &r : results) if (r.isValid()) ++valid;
        if (valid == 0) return 0;

        auto *out = static_cast<seqr_zx_symbol *>(std::calloc(valid, sizeof(seqr_zx_symbol)));
        if (out == nullptr) {
            copy_string(error, error_size, "out of memory");
            return -1;
        }
        size_t i = 0;
        for (const auto &r : results) {
            if (!r.isValid()) continue;
            seqr_zx_symbol &s = out[i++];
            const auto &bytes = r.bytes();
            s.length = bytes.size();
            s.bytes = static_cast<uint8_t *>(std::malloc(bytes.size() > 0 ? bytes.size() : 1));
            if (s.bytes == nullptr) {
                seqr_zx_free(out, i);
                copy_string(error, error_size, "out of memory");
                return -1;
            }
            if (!bytes.empty()) std::memcpy(s.bytes, bytes.data(), bytes.size());
            const auto &p = r.position();
            for (int c = 0; c < 4; ++c) {
                s.corners[2 * c] = p[c].x;
                s.corners[2 * c + 1] = p[c].y;
            }
            s.format = static_cast<seqr_zx_format>(r.format());
            copy_string(s.ec_level, sizeof s.ec_level, r.ecLevel());
            copy_string(s.version, sizeof s.version, r.version());
            s.orientation = r.orientation();
            s.mirrored = r.isMirrored() ? 1 : 0;
            s.inverted = r.isInverted() ? 1 : 0;
            s.sequence_size = r.sequenceSize();
            s.sequence_index = r.sequenceIndex();
            copy_string(s.sequence_id, sizeof s.sequence_id, r.sequenceId());
        }
        *symbols = out;
        *count = valid;
        return 0;
    } catch (const std::exception &e) {
        copy_string(error, error_size, e.what());
        return -1;
    } catch (...) {
        copy_string(error, error_size, "unknown zxing-cpp failure");
        return -1;
    }
}

extern "C" void seqr_zx_free(seqr_zx_symbol *symbols, size_t count) {
    if (symbols == nullptr) return;
    for (size_t i = 0; i < count; ++i) std::free(symbols[i].bytes);
    std::free(symbols);
}
