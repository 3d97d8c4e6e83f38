import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes files only their owner may read (private keys, restored vault documents): mode 0600
/// from the first byte, never readable by others even for a moment. The bytes go to a temporary
/// file in the same directory, created with O_EXCL and mode 0600, synced, then moved into place
/// (renamed over an old file with `overwrite`, else linked, which fails if the file appeared).
enum PrivateFileWriter {
    static func write(_ data: Data, to path: String, overwrite: Bool) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let random = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(random).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else { throw failure(path, "cannot create") }
        var moved = false
        defer { if !moved { unlink(temporary) } }
        do {
            defer { close(descriptor) }
            try data.withUnsafeBytes { raw in
                var offset = 0
                while offset < raw.count {
                    let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        throw failure(path, "cannot write")
                    }
                    offset += written
                }
            }
            guard fsync(descriptor) == 0 else { throw failure(path, "cannot write") }
        }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw failure(path, "cannot write") }
        } else {
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST ? CLIError("\(path) exists; use --force to overwrite it") : failure(path, "cannot write")
            }
            unlink(temporary)
        }
        moved = true
    }

    static func failure(_ path: String, _ what: String) -> CLIError {
        CLIError("\(path): \(what) (\(String(cString: strerror(errno))))")
    }
}
