import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes every file the command line creates, atomically: the bytes go to a temporary file in
/// the same directory, created with O_EXCL and the final mode (so a private file is never
/// readable by others, even for a moment), synced, then moved into place — renamed over an old
/// file with `overwrite`, else linked, which fails if the file appeared meanwhile. A failed
/// write leaves neither half a file nor a temporary one, and never clobbers the old file.
/// The path `-` is standard output, in every command (docs/cli.md).
public enum FileWriter {
    /// The path that means standard output.
    public static let standardOutput = "-"

    public enum Mode: mode_t, Sendable {
        /// 0644: images, public keys, exports (the umask may narrow it).
        case shared = 0o644
        /// 0600: private keys and restored vault documents, whatever the umask.
        case ownerOnly = 0o600
    }

    public static func write(_ data: Data, to path: String, mode: Mode = .shared, overwrite: Bool = true) throws(CLIError) {
        if path == standardOutput {
            do { try FileHandle.standardOutput.write(contentsOf: data) } catch {
                throw CLIError("cannot write standard output: \(SystemErrorWords.writing(errno))", status: .cannotCreate)
            }
            return
        }
        try createLastFolder(of: path)
        // Split by hand: Foundation's NSString path methods trap on a one-character path ("-o a").
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        let random = (0..<8).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
        let temporary = directory + ".\(name).\(random).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, mode.rawValue)
        guard descriptor >= 0 else { throw failure(path) }
        var moved = false
        defer { if !moved { unlink(temporary) } }
        var failed = false
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Glibc.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failed = true
                    return
                }
                offset += written
            }
        }
        if failed || fsync(descriptor) != 0 {
            let error = failure(path)
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else { throw failure(path) }
        if overwrite {
            guard rename(temporary, path) == 0 else { throw failure(path) }
        } else {
            guard link(temporary, path) == 0 else {
                throw errno == EEXIST ? CLIError("\(path) exists; use --force to overwrite it", status: .cannotCreate) : failure(path)
            }
            unlink(temporary)
        }
        moved = true
    }

    /// Checks, before any long work, that `path` can be created: its directory exists and is writable.
    /// The write itself still reports whatever happens later.
    /// `replacing` false: an existing file is refused too (the one overwrite rule: `--force`).
    /// `makingFolder`: the path's missing last folder is made (``createLastFolder(of:)``); false
    /// for a caller that makes its own folders (`vault backup`'s page folder) and needs the strict check.
    public static func checkWritable(_ path: String, replacing: Bool = true, makingFolder: Bool = true) throws(CLIError) {
        if path == standardOutput { return }
        if !replacing && FileManager.default.fileExists(atPath: path) {
            throw CLIError("\(path) exists; use --force to overwrite it", status: .cannotCreate)
        }
        if makingFolder { try createLastFolder(of: path) }
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? "."
        var status = stat()
        guard stat(directory, &status) == 0 else { throw failure(path) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw CLIError("cannot write \(path): a part of the path is not a directory", status: .cannotCreate) }
        guard access(directory, W_OK) == 0 else { throw failure(path) }
    }

    /// The one folder rule for every file a command writes (docs/cli.md): a missing folder of the
    /// output path is made when its own parent exists (`-o new/b.png` makes `new/`, as `vault backup`
    /// does); a deeper missing folder is refused (73), so a mistyped path does not grow a tree.
    public static func createLastFolder(of path: String) throws(CLIError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let folder = String(path[..<slash])
        var status = stat()
        guard stat(folder, &status) != 0, errno == ENOENT else { return }  // there (or in the way: the write says so)
        let parent = folder.lastIndex(of: "/").map { $0 == folder.startIndex ? "/" : String(folder[..<$0]) } ?? "."
        guard stat(parent, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError("cannot write \(path): no such directory (\(parent) does not exist; only the last folder of an output path is made)", status: .cannotCreate)
        }
        guard mkdir(folder, 0o777) == 0 || errno == EEXIST else {
            throw CLIError("cannot create the folder \(folder): \(SystemErrorWords.writing(errno))", status: .cannotCreate)
        }
    }

    /// A directory for output files, with its parents; one clear line when that fails.
    public static func createDirectory(_ path: String) throws(CLIError) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += String(component) + "/"
            if mkdir(prefix, 0o777) != 0 && errno != EEXIST {
                throw CLIError("cannot create the directory \(path): \(SystemErrorWords.writing(errno))", status: .cannotCreate)
            }
        }
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw CLIError("cannot create the directory \(path): a file of that name is in the way", status: .cannotCreate)
        }
    }

    /// The one line for the `errno` of a failed write (read it before anything else can change it).
    static func failure(_ path: String) -> CLIError {
        CLIError("cannot write \(path): \(SystemErrorWords.writing(errno))", status: .cannotCreate)
    }
}
