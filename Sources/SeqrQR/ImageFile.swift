import Foundation

/// Reading image files, with one precise error per failure. (The command line writes its
/// files with one atomic writer of its own, `FileWriter`.)
public enum ImageFile {
    /// Reads an image file (any `ImageCodec`, recognised by content, not by name) as gray pixels, upright.
    /// Files declaring more than `pixelLimit` pixels (at most ``ImageCodec/maximumPixels``) are refused before any is decoded.
    public static func read(_ path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(ImageFileError) -> GrayImage {
        try decode(readBytes(path), path: path, pixelLimit: pixelLimit)
    }

    /// Decodes image bytes already in memory; `path` only names them in errors. An SVG file is drawn
    /// in a child process allowed `svgTimeLimit` seconds of processor time (0: here, unbounded).
    public static func decode(_ data: Data, path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit,
                              svgTimeLimit: Int = SVGPicture.defaultTimeLimit) throws(ImageFileError) -> GrayImage {
        if data.isEmpty { throw .empty(path: path) }
        if SVGPicture.isSVG(data) {
            do { return try SVGPicture.render(data, pixelLimit: pixelLimit, timeLimit: svgTimeLimit) } catch {
                switch error {
                case .failed(let message): throw .corrupt(path: path, format: "SVG", detail: message)
                case .tooSlow(let seconds): throw .tooSlowToDraw(path: path, format: "SVG", page: 1, seconds: seconds)
                }
            }
        }
        guard let codec = ImageCodec.sniff(data) else { throw .unsupportedFormat(path: path) }
        return try decode(data, codec: codec, path: path, pixelLimit: pixelLimit)
    }

    /// The bytes of a file, with `notFound`, `empty` and `unreadable` told apart.
    public static func readBytes(_ path: String) throws(ImageFileError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw .notFound(path: path) }
        if isDirectory.boolValue { throw .unreadable(path: path, reason: "it is a directory") }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadable(path: path, reason: "permission denied or I/O error")
        }
        if data.isEmpty { throw .empty(path: path) }
        return data
    }

    private static func decode(_ data: Data, codec: ImageCodec, path: String, pixelLimit: Int) throws(ImageFileError) -> GrayImage {
        do {
            return try codec.decode(data, pixelLimit: pixelLimit)
        } catch {
            throw fileError(error, path: path, pixelLimit: pixelLimit)
        }
    }

    /// The file error a codec's failure on `path` is.
    static func fileError(_ error: ImageCodec.Failure, path: String, pixelLimit: Int) -> ImageFileError {
        let codec = error.codec
        switch error.kind {
        case .failed: return .corrupt(path: path, format: codec.rawValue, detail: error.message)
        case let .tooLarge(width, height):
            return .tooLarge(path: path, format: codec.rawValue, width: width, height: height, limit: min(pixelLimit, ImageCodec.maximumPixels))
        case .unsupportedColorSpace(let space): return .unsupportedColorSpace(path: path, format: codec.rawValue, colorSpace: space)
        case .malformedExif(let exif): return .corrupt(path: path, format: codec.rawValue, detail: exif.description)
        case .tooManyScans: return .tooManyScans(path: path, format: codec.rawValue)
        case .tooManyPages: return .tooManyPages(path: path, format: codec.rawValue)
        case let .tooManyPixelsInAll(pages, pixels): return .tooManyPixelsInAll(path: path, format: codec.rawValue, pages: pages, pixels: pixels)
        }
    }
}
