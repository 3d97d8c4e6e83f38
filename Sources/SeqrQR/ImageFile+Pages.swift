import Foundation

extension ImageFile {
    /// The pictures in a file: one for an image, one per page for PDF and TIFF (at least one).
    public static func readPages(_ path: String, pdfResolution: Double = 250,
                                 pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(ImageFileError) -> [GrayImage] {
        try pages(of: readImageBytes(path, pixelLimit: pixelLimit), path: path, pdfResolution: pdfResolution, pixelLimit: pixelLimit)
    }

    /// The pictures in bytes already read (standard input, say); `path` only names them in errors.
    public static func pages(of data: Data, path: String, pdfResolution: Double = 250,
                             pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(ImageFileError) -> [GrayImage] {
        var pages: [GrayImage] = []
        do {
            try forEachPage(of: data, path: path, pdfResolution: pdfResolution, pixelLimit: pixelLimit) { pages.append($0) }
        } catch let error as ImageFileError {
            throw error
        } catch {
            preconditionFailure("appending a page threw \(error)")
        }
        return pages
    }

    /// True when the file at `path` starts like a PDF (false when it cannot be read).
    public static func startsLikePDF(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        return (try? file.read(upToCount: 5)).map(PDFPages.isPDF) ?? false
    }

    /// The pictures in a file, each handed to `body` before the next PDF page is drawn: a reader
    /// holds one page at a time. Throws ``ImageFileError`` for the file, or what `body` throws.
    public static func forEachPage(ofFile path: String, pdfResolution: Double = 250, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                                   _ body: (GrayImage) throws -> Void) throws {
        try forEachPage(of: readImageBytes(path, pixelLimit: pixelLimit), path: path, pdfResolution: pdfResolution, pixelLimit: pixelLimit, body)
    }

    /// ``forEachPage(ofFile:pdfResolution:pixelLimit:_:)`` for bytes already read; `drawingTimeLimit`
    /// bounds a whole PDF as ``PDFPages/forEachPage(_:dpi:pixelLimit:timeLimit:_:)`` and an SVG file
    /// as ``SVGPicture/render(_:pixelLimit:timeLimit:)`` take it (nil: each one's default; 0: drawn here,
    /// unbounded — the fuzzer).
    public static func forEachPage(of data: Data, path: String, pdfResolution: Double = 250, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                                   drawingTimeLimit: Int? = nil, _ body: (GrayImage) throws -> Void) throws {
        if data.isEmpty { throw ImageFileError.empty(path: path) }
        if PDFPages.isPDF(data) {
            var count = 0
            do {
                try PDFPages.forEachPage(data, dpi: pdfResolution, pixelLimit: pixelLimit, timeLimit: drawingTimeLimit ?? PDFPages.defaultDocumentTimeLimit) { page in
                    count += 1
                    try body(page)
                }
            } catch let refusal as PDFPages.Refusal {
                switch refusal {
                case .tooManyPages: throw ImageFileError.tooManyPages(path: path, format: "PDF")
                case let .tooManyPixelsInAll(pages, pixels): throw ImageFileError.tooManyPixelsInAll(path: path, format: "PDF", pages: pages, pixels: pixels)
                case let .tooSlowToDraw(page, seconds): throw ImageFileError.tooSlowToDraw(path: path, format: "PDF", page: page, seconds: seconds)
                }
            } catch let error as PDFRenderingError {
                throw ImageFileError.corrupt(path: path, format: "PDF", detail: error.message)
            }
            // Callers may take the first page: a PDF without one is refused here.
            guard count > 0 else { throw ImageFileError.corrupt(path: path, format: "PDF", detail: "it has no pages") }
            return
        }
        if ImageCodec.sniff(data) == .tiff {
            let pages: [GrayImage]
            do { pages = try ImageCodec.tiffPages(data, firstOnly: false, pixelLimit: pixelLimit) } catch {
                throw fileError(error, path: path, pixelLimit: pixelLimit)
            }
            for page in pages { try body(page) }
            return
        }
        try body(try decode(data, path: path, pixelLimit: pixelLimit, svgTimeLimit: drawingTimeLimit ?? SVGPicture.defaultTimeLimit))
    }
}
