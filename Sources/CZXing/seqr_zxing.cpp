#include "seqr_zxing.h"

#include "Content.h"
#include "ReadBarcode.h"
#include "TextDecoder.h"

#include <algorithm>
#include <cstdint>
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

/// `body`'s status, or -1 and the message of a C++ exception it threw: every exception stays on
/// this side of the C boundary.
template <typename Body> static int without_exceptions(char *error, size_t error_size, Body body) {
    try {
        return body();
    } catch (const std::exception &e) {
        copy_string(error, error_size, e.what());
        return -1;
    } catch (...) {
        copy_string(error, error_size, "unknown zxing-cpp failure");
        return -1;
    }
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
    return seqr_zx_read_pixels(luminance, SEQR_ZX_PIXELS_LUMINANCE, width, height, stride, options, symbols, count, error, error_size);
}

extern "C" int seqr_zx_read_pixels(const uint8_t *pixels, seqr_zx_pixels layout, int width, int height, int row_bytes,
                                   const seqr_zx_options *options,
                                   seqr_zx_symbol **symbols, size_t *count,
                                   char *error, size_t error_size) {
    *symbols = nullptr;
    *count = 0;
    int pixel_bytes = layout == SEQR_ZX_PIXELS_RGBA ? 4 : 1;
    if (pixels == nullptr || options == nullptr || (layout != SEQR_ZX_PIXELS_LUMINANCE && layout != SEQR_ZX_PIXELS_RGBA)
        || width <= 0 || height <= 0 || width > INT32_MAX / pixel_bytes || row_bytes < width * pixel_bytes) {
        copy_string(error, error_size, "invalid image dimensions");
        return -1;
    }
    return without_exceptions(error, error_size, [&]() -> int {
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

        ImageView view(pixels, width, height, layout == SEQR_ZX_PIXELS_RGBA ? ImageFormat::RGBA : ImageFormat::Lum, row_bytes);
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
            const Content &content = r.content();
            s.has_eci = content.hasECI ? 1 : 0;
            s.encoding_count = content.encodings.size();
            if (!content.encodings.empty()) {
                s.encodings = static_cast<seqr_zx_encoding *>(std::calloc(content.encodings.size(), sizeof(seqr_zx_encoding)));
                if (s.encodings == nullptr) {
                    seqr_zx_free(out, i);
                    copy_string(error, error_size, "out of memory");
                    return -1;
                }
                for (size_t e = 0; e < content.encodings.size(); ++e)
                    s.encodings[e] = {static_cast<int32_t>(ToInt(content.encodings[e].eci)), static_cast<int32_t>(content.encodings[e].pos)};
            }
        }
        *symbols = out;
        *count = valid;
        return 0;
    });
}

extern "C" void seqr_zx_free(seqr_zx_symbol *symbols, size_t count) {
    if (symbols == nullptr) return;
    for (size_t i = 0; i < count; ++i) {
        std::free(symbols[i].bytes);
        std::free(symbols[i].encodings);
    }
    std::free(symbols);
}

// IANA's names where zxing-cpp's first name is another (SJIS, Cp1252).
static std::string encoding_name(ECI eci) {
    switch (eci) {
    case ECI::Shift_JIS: return "Shift_JIS";
    case ECI::Cp437: return "IBM437";
    case ECI::Cp1250: return "windows-1250";
    case ECI::Cp1251: return "windows-1251";
    case ECI::Cp1252: return "windows-1252";
    case ECI::Cp1256: return "windows-1256";
    default: break;
    }
    std::string name = ToString(ToCharacterSet(eci));
    return name.empty() ? "ECI " + std::to_string(ToInt(eci)) : name;
}

extern "C" int seqr_zx_read_text(const uint8_t *bytes, size_t length,
                                 const seqr_zx_encoding *encodings, size_t encoding_count, int has_eci,
                                 seqr_zx_text *result, char *error, size_t error_size) {
    *result = {};
    if ((bytes == nullptr && length > 0) || (encodings == nullptr && encoding_count > 0)) {
        copy_string(error, error_size, "invalid content");
        return -1;
    }
    return without_exceptions(error, error_size, [&]() -> int {
        Content content;
        if (length > 0) content.bytes.assign(bytes, bytes + length);
        content.hasECI = has_eci != 0;
        // zxing-cpp walks the blocks as ranges [position, next position): one out of order would
        // make a range of negative length, read far past the payload.
        for (size_t e = 0; e < encoding_count; ++e) {
            int position = encodings[e].position;
            int previous = e == 0 ? 0 : encodings[e - 1].position;
            if (position < previous || static_cast<size_t>(position) > length) {
                copy_string(error, error_size, "invalid encoding block");
                return -1;
            }
            content.encodings.push_back({static_cast<ECI>(encodings[e].eci), position});
        }
        int size = static_cast<int>(content.bytes.size());
        // Each block as Content::ForEachECIBlock walks them (private to it): before the first
        // designator ISO-8859-1 (with ECI) or unknown; an unknown block in zxing-cpp's one guess.
        ECI fallback = ECI::Unknown;
        auto each_block = [&](auto &&body) {
            auto visit = [&](ECI eci, int begin, int end) {
                if (begin >= end) return;
                bool guessed = eci == ECI::Unknown;
                if (guessed) {
                    if (fallback == ECI::Unknown) fallback = ToECI(content.guessEncoding());
                    eci = fallback;
                }
                body(eci, guessed, begin, end);
            };
            ECI before = content.hasECI ? ECI::ISO8859_1 : ECI::Unknown;
            visit(before, 0, content.encodings.empty() ? size : content.encodings.front().pos);
            for (size_t e = 0; e < content.encodings.size(); ++e)
                visit(content.encodings[e].eci, content.encodings[e].pos,
                      e + 1 == content.encodings.size() ? size : content.encodings[e + 1].pos);
        };

        // zxing-cpp's own verdict: text, or binary/mixed/an ECI it cannot read. Mixed is text too
        // when the symbol holds a Kanji or Hanzi mode segment (modes that encode a text character
        // set's characters alone, so the writer declared text) and every other block is in a text
        // encoding: zxing-cpp calls a block binary for one C0 control, and zxing's qrcode-2/33
        // (byte mode `01 10 AD:SUB:`, then 阿 in Hanzi mode) is text with controls, not bytes. Numeric
        // and alphanumeric segments do not count: encoders use them inside binary data too.
        ContentType type = content.type();
        if (type == ContentType::Binary || type == ContentType::UnknownECI) return 0;
        if (type == ContentType::Mixed) {
            bool everyBlockText = true, textMode = false;
            each_block([&](ECI eci, bool, int, int) { everyBlockText = everyBlockText && IsText(eci); });
            for (const auto &block : content.encodings)
                textMode = textMode || (!content.hasECI && (block.eci == ECI::Shift_JIS || block.eci == ECI::GB18030));
            if (!everyBlockText || !textMode) return 0;
        }
        // Each block read once, as Content::text(TextMode::Plain) would join them, naming the
        // encodings of the blocks that hold more than ASCII (every block's with ECI). zxing-cpp counts
        // every ECI up to 170 as text, but its decoder (libzueci) knows only the character sets among
        // them and reads a block in any other (14, 19, 36–169) as nothing: such a payload is shown
        // as its bytes (Base64) rather than as text with a block missing.
        std::string text;
        std::vector<std::string> names;
        bool guessed = false, unreadable = false;
        each_block([&](ECI eci, bool wasGuessed, int begin, int end) {
            std::string part = BytesToUtf8(content.bytes.asView(begin, end - begin), eci);
            unreadable = unreadable || part.empty();
            text += part;
            bool beyondASCII = std::any_of(content.bytes.begin() + begin, content.bytes.begin() + end, [](uint8_t b) { return b >= 0x80; });
            if (!beyondASCII && !content.hasECI) return;
            guessed = guessed || wasGuessed;
            std::string name = encoding_name(eci);
            if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
        });
        if (unreadable) return 0;

        result->text = static_cast<char *>(std::malloc(text.size() + 1));
        if (result->text == nullptr) {
            copy_string(error, error_size, "out of memory");
            return -1;
        }
        std::memcpy(result->text, text.c_str(), text.size() + 1);
        result->text_length = text.size();
        std::string joined;
        for (const auto &name : names) joined += (joined.empty() ? "" : ", ") + name;
        copy_string(result->encoding, sizeof result->encoding, joined.empty() ? "ASCII" : joined);
        result->guessed = guessed ? 1 : 0;
        return 0;
    });
}

extern "C" void seqr_zx_text_free(seqr_zx_text *result) {
    if (result == nullptr) return;
    std::free(result->text);
    result->text = nullptr;
}
