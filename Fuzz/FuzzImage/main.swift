import Foundation
import FuzzSupport
import SeqrQR

// Image files to QR payloads: PNG, JPEG (with its EXIF orientation and scan limit), WebP, HEIF,
// TIFF (every page, each with its Orientation tag) and GIF through their C libraries
// (CImageCodecs), BMP in Swift, PDF pages through poppler, SVG through librsvg, then the decoder. The C libraries are not instrumented; the glue, the
// pixel handling and QRDecoder's Swift passes are. Decoded images are bounded in area so a
// run stays fast (the codecs' own limit is the pixel limit given, at most SEQR_MAX_PIXELS). PDF
// pages go through ImageFile.forEachPage as the command line reads them: page count, pixels in
// all and each page's scale bounded, one page at a time.
// Every default pass, also after a find (as `scan` and vault pages read), so the fuzzer reaches them.
let decoder: QRDecoder = {
    var decoder = QRDecoder()
    decoder.endsAtFirstFind = false
    return decoder
}()

runFuzzer { bytes in
    let data = Data(bytes)
    let pixelLimit = 4 * 512 * 512
    var pages = 0
    // PDF pages and SVG drawn in this process (no child, whose coverage the fuzzer would not see).
    try? ImageFile.forEachPage(of: data, path: "fuzz", pdfResolution: 24, pixelLimit: pixelLimit, drawingTimeLimit: 0) { image in
        pages += 1
        fuzzCheck(image.pixels.count == image.width * image.height, "pixel count matches the size")
        fuzzCheck(image.width * image.height <= pixelLimit, "no page beyond the pixel limit")
        if pages <= 2, image.width * image.height <= 512 * 512 { _ = try? decoder.decode(image) }
    }
}
