import Foundation

/// The process's soft limit on open descriptors (`RLIMIT_NOFILE`), which the default connection and
/// live-feed caps are fractions of: a server that runs out of descriptors can accept no one.
enum DescriptorLimit {
    static var soft: Int {
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        #else
        guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return 1024 }
        #endif
        return Int(min(limit.rlim_cur, 1 << 30))
    }
}
