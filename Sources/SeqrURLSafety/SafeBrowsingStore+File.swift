import Foundation

extension SafeBrowsingStore {
    /// The store at `path`, nil when there is no file yet.
    static func load(from path: String) throws(URLSafetyError) -> SafeBrowsingStore? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else { throw .storeTruncated }
        return try SafeBrowsingStore(parsing: Array(data))
    }

    /// Writes the store so that a crash leaves either the old file or the new one, never a mix:
    /// a temporary file beside it, flushed to disk, renamed over it, and the directory flushed.
    func save(to path: String) throws(URLSafetyError) {
        let bytes = serialized()
        let directory = (path as NSString).deletingLastPathComponent
        let temporary = path + ".tmp-\(UInt64.random(in: 0...UInt64.max))"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .storeWriteFailed(path: path, reason: String(cString: strerror(errno))) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = write(fd, buffer.baseAddress! + written, buffer.count - written)
                if result < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                written += result
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temporary, path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temporary)
            throw .storeWriteFailed(path: path, reason: failure)
        }
        let directoryFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            fsync(directoryFD)
            close(directoryFD)
        }
    }
}
