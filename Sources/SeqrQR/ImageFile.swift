import Foundation
import Glibc

/// Reading image files, with one precise error per failure. (The command line writes its
/// files with one atomic writer of its own, `FileWriter`.)
public enum ImageFile {
    /// Reads an image file (any `ImageCodec`, recognised by content, not by name) as gray pixels, upright.
    /// Files declaring more than `pixelLimit` pixels (at most ``ImageCodec/maximumPixels``) are refused before any is decoded.
    public static func read(_ path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(ImageFileError) -> GrayImage {
        try decode(readImageBytes(path, pixelLimit: pixelLimit), path: path, pixelLimit: pixelLimit)
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

    /// The bytes of a regular file, with `notFound`, `empty` and `unreadable` told apart.
    ///
    /// Plain open, fstat and read: FileManager and `Data(contentsOf:)` answer the same but set up
    /// Foundation's URL and file-manager machinery first, which a one-picture `seqr decode` would
    /// pay at every start (docs/benchmarks.md). Only regular files are read, as before: a device
    /// such as /dev/zero would never end, and a FIFO is opened without waiting for a writer
    /// (`O_NONBLOCK`) and refused (`-` reads standard input where a command takes it).
    public static func readBytes(_ path: String) throws(ImageFileError) -> Data {
        try readBytes(path, checkingHead: nil)
    }

    /// How much of a file is read to recognise its format before deciding to read the rest: what
    /// ``SVGPicture/isSVG(_:)`` looks through (PDF and the image codecs need fewer).
    public static let headBytes = 4_096

    /// The bytes of an image file (``readBytes(_:)``), its format recognised first from its first
    /// ``headBytes`` and its size checked against that format's limit (``ImageFileFormat``) before the
    /// rest is read: a file that is no image is refused after 4 KiB, and a 1 GiB "PNG" is refused from
    /// its size (it was read whole first, 1.07 GB of memory, to be refused as corrupt).
    public static func readImageBytes(_ path: String, pixelLimit: Int = ImageCodec.defaultPixelLimit) throws(ImageFileError) -> Data {
        try readBytes(path) { head, size throws(ImageFileError) in
            guard let format = ImageFileFormat(sniffing: head) else { throw .unsupportedFormat(path: path) }
            let limit = format.maximumFileBytes(pixelLimit: pixelLimit)
            guard size <= limit else { throw .tooManyBytes(path: path, format: format.name, bytes: size, limit: limit) }
            return (limit, format.name)
        }
    }

    /// Reads a regular file; with `checkingHead`, its first ``headBytes`` (or all of a smaller file) and its
    /// size as fstat gives it are handed over first, and what it returns bounds the rest (a file growing
    /// past it while read is refused too).
    private static func readBytes(
        _ path: String, checkingHead: ((Data, Int) throws(ImageFileError) -> (limit: Int, format: String))?
    ) throws(ImageFileError) -> Data {
        let failed = ImageFileError.unreadable(path: path, reason: "permission denied or I/O error")
        var descriptor: Int32
        repeat { descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK) } while descriptor < 0 && errno == EINTR
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR, ELOOP, ENAMETOOLONG: throw .notFound(path: path)
            default: throw failed
            }
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failed }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw .unreadable(path: path, reason: "it is a directory")
        default: throw .unreadable(path: path, reason: "it is not a regular file")
        }
        // One buffer of the size fstat gave and a byte more, so that the read finding the end needs
        // no other; grown if the file grew since, cut if it shrank.
        let size = Int(clamping: status.st_size)
        var data: Data
        var filled = 0
        var bound = Int.max, format = ""
        if let checkingHead {
            // The head first, into a buffer of its own size; the rest only once the format allows the size.
            data = Data(count: min(size, headBytes) + 1)
            while filled < min(size, headBytes) {
                let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, min(size, headBytes) - filled) }
                if count > 0 { filled += count } else if count == 0 { break } else if errno != EINTR { throw failed }
            }
            if filled == 0 { throw .empty(path: path) }
            (bound, format) = try checkingHead(data.prefix(filled), size)
            data.count = min(size, bound) + 1
        } else {
            data = Data(count: size + 1)
        }
        while true {
            if filled == data.count {
                guard filled <= bound else { throw .tooManyBytes(path: path, format: format, bytes: filled, limit: bound) }
                data.count += 65_536
            }
            let count = data.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count > 0 {
                filled += count
            } else if count == 0 {
                break
            } else if errno != EINTR {
                throw failed
            }
        }
        data.count = filled
        if data.isEmpty { throw .empty(path: path) }
        if filled > bound { throw .tooManyBytes(path: path, format: format, bytes: filled, limit: bound) }
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
