import Foundation

extension ImageFile {
    /// The pictures in a file: one for an image, one per page for PDF and TIFF (at least one).
    public static func readPages(_ path: String, pdfResolution: Double = 250) throws(ImageFileError) -> [GrayImage] {
        try pages(of: readBytes(path), path: path, pdfResolution: pdfResolution)
    }

    /// The pictures in bytes already read (standard input, say); `path` only names them in errors.
    public static func pages(of data: Data, path: String, pdfResolution: Double = 250) throws(ImageFileError) -> [GrayImage] {
        if data.isEmpty { throw .empty(path: path) }
        if PDFPages.isPDF(data) {
            let pages: [GrayImage]
            do {
                pages = try PDFPages.render(data, dpi: pdfResolution)
            } catch {
                throw .corrupt(path: path, format: "PDF", detail: error.message)
            }
            // Callers may take the first page: a PDF without one is refused here.
            guard !pages.isEmpty else { throw .corrupt(path: path, format: "PDF", detail: "it has no pages") }
            return pages
        }
        if ImageCodec.sniff(data) == .tiff {
            do { return try ImageCodec.tiffPages(data, firstOnly: false) } catch { throw fileError(error, path: path) }
        }
        return [try decode(data, path: path)]
    }
}
