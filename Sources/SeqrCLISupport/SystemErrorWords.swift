import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What an `errno` means, in the words Seqr's one-line errors use ("cannot write out/x.sqnx: no such
/// directory") rather than the C library's or Foundation's multi-line descriptions.
public enum SystemErrorWords {
    /// The words for `code` when a file at a path was being written (ENOENT then means its directory is missing).
    public static func writing(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such directory"
        case ENOTDIR: "a part of the path is not a directory"
        default: common(code)
        }
    }

    /// The words for `code` when a file was being read.
    public static func reading(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case ENOTDIR: "a part of the path is not a directory"
        default: common(code)
        }
    }

    /// The words for `code` when a server socket was being opened on an address.
    public static func listening(_ code: Int32) -> String {
        switch code {
        case EADDRINUSE: "the address is already in use (is another server running on that port?)"
        case EADDRNOTAVAIL: "no network interface of this machine has that address"
        case EACCES, EPERM: "permission denied (ports below 1024 need privileges)"
        default: common(code)
        }
    }

    private static func common(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case EROFS: "the file system is read-only"
        case ENOSPC: "no space left on the device"
        case EDQUOT: "the disk quota is exceeded"
        case EISDIR: "it is a directory"
        case EEXIST: "the file exists"
        case ELOOP: "it is a symbolic link"
        case ENAMETOOLONG: "the name is too long"
        case EMFILE, ENFILE: "too many open files"
        case EIO: "an input/output error"
        case EFBIG: "the file is too large"
        case EXDEV: "the directory is on another file system"
        case EBUSY, ETXTBSY: "the file is busy"
        default: "system error \(code)"
        }
    }
}
