/// Why an image file could not be read. Each case names the file, so that the
/// command line can print exactly one line about it.
public enum ImageFileError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case unreadable(path: String, reason: String)
    case empty(path: String)
    /// Neither PNG nor JPEG (nor, where accepted, PDF).
    case unsupportedFormat(path: String)
    /// The file starts like a PNG or JPEG but cannot be decoded (truncated, corrupt).
    case corrupt(path: String, format: String, detail: String)

    public var description: String {
        switch self {
        case .notFound(let path): "\(path): no such file"
        case .unreadable(let path, let reason): "\(path): cannot be read (\(reason))"
        case .empty(let path): "\(path): the file is empty"
        case .unsupportedFormat(let path): "\(path): not a PNG or JPEG image"
        case .corrupt(let path, let format, let detail): "\(path): truncated or corrupt \(format) image (\(detail))"
        }
    }
}
