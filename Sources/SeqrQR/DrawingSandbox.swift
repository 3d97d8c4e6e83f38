import CCairo

/// The child process that draws untrusted PDFs and SVGs is confined once its libraries are loaded
/// (CCairo's `seqr_drawing_sandbox.h`): a seccomp filter refuses every socket and connection, every open
/// that writes or creates, every new or changed file, every new program. Only the test looks in.
enum DrawingSandbox {
    /// What a drawing child may do, in words ("socket refused, create refused, read allowed"), trying
    /// a TCP socket, creating `path` and reading a file; nil when the child reported nothing.
    static func probe(creating path: String) -> String? {
        var report = [CChar](repeating: 0, count: 256)
        guard seqr_child_drawing_probe_sandbox(path, &report, report.count) == 0 else { return nil }
        return String(decoding: report.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
