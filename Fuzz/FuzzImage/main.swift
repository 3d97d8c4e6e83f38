import Foundation
import FuzzSupport
import SeqrQR

// Image files to QR payloads: PNG, JPEG (with its EXIF orientation and scan limit), WebP, HEIF,
// TIFF (every page, each with its Orientation tag) and GIF through their C libraries
// (CImageCodecs), BMP in Swift, PDF pages through poppler, then the decoder. The C libraries are not instrumented; the glue, the
// pixel handling and QRDecoder's Swift passes are. Decoded images are bounded in area so a
// run stays fast (the codecs' own limit is SEQR_MAX_PIXELS).
// Every default pass, also after a find (as `scan` and vault pages read), so the fuzzer reaches them.
let decoder: QRDecoder = {
    var decoder = QRDecoder()
    decoder.endsAtFirstFind = false
    return decoder
}()

runFuzzer { bytes in
    let data = Data(bytes)
    let images: [GrayImage]
    if PDFPages.isPDF(data) {
        guard let pages = try? PDFPages.render(data, dpi: 24) else { return }
        images = pages
    } else {
        guard let pages = try? ImageFile.pages(of: data, path: "fuzz") else { return }
        images = pages
    }
    for image in images.prefix(2) where image.width * image.height <= 512 * 512 {
        fuzzCheck(image.pixels.count == image.width * image.height, "pixel count matches the size")
        _ = try? decoder.decode(image)
    }
}
