import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reading and writing image files, with one precise error per failure.
public enum ImageFile {
    /// Reads a PNG or JPEG file (recognised by content, not by name) as gray pixels.
    public static func read(_ path: String) throws(ImageFileError) -> GrayImage {
        let data = try readBytes(path)
        guard let codec = ImageCodec.sniff(data) else { throw .unsupportedFormat(path: path) }
        return try decode(data, codec: codec, path: path)
    }

    /// Decodes image bytes already in memory; `path` only names them in errors.
    public static func decode(_ data: Data, path: String) throws(ImageFileError) -> GrayImage {
        if data.isEmpty { throw .empty(path: path) }
        guard let codec = ImageCodec.sniff(data) else { throw .unsupportedFormat(path: path) }
        return try decode(data, codec: codec, path: path)
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

    /// Writes `data` to `path` atomically (a temporary file beside it, then a rename),
    /// so a failed write never leaves half a file and never clobbers the old one.
    public static func write(_ data: Data, to path: String) throws(ImageFileError) {
        let temporary = path + ".seqr-\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if close(descriptor) != 0 && failure == 0 { failure = errno }
        if failure == 0 && rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw .unwritable(path: path, reason: String(cString: strerror(failure)))
        }
    }

    private static func decode(_ data: Data, codec: ImageCodec, path: String) throws(ImageFileError) -> GrayImage {
        do {
            return try codec.decode(data)
        } catch {
            throw .corrupt(path: path, format: codec.rawValue, detail: error.message)
        }
    }
}
