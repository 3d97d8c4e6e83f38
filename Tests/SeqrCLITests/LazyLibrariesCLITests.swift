import Foundation
import SeqrTestSupport
import Testing

/// The libraries that cost start-up time (cairo, poppler, ZBar, the codec libraries but libpng, and
/// what they pull in) are opened the first time a command needs them, never when `seqr` starts: every
/// `seqr` process would otherwise pay for them (libheif alone about 4 ms). The dynamic loader
/// itself says what it opened (`LD_DEBUG=files`).
@Suite("seqr opens its heavy libraries only when a command needs them")
struct LazyLibrariesCLITests {
    static let lazyLibraries = [
        "libheif.so", "libde265.so", "libtiff.so", "libcairo.so", "libpoppler", "libzbar.so",
        "libjpeg.so", "libwebp.so", "libwebpdemux.so", "libgif.so",
    ]

    /// What the dynamic loader opened while `seqr` ran `arguments`, as the names after `file=`.
    func librariesOpened(_ arguments: [String]) throws -> (outcome: ExternalTool.Outcome, opened: [String]) {
        var environment = ProcessInfo.processInfo.environment
        environment["LD_DEBUG"] = "files"
        let outcome = try SeqrBinary.tool.run(arguments, environment: environment)
        let opened = outcome.stderr.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: "file=") else { return nil }
            return String(line[start.upperBound...].prefix { $0 != " " && $0 != "\t" })
        }
        return (outcome, opened)
    }

    @Test("seqr --version opens none of them")
    func versionOpensNone() throws {
        let (outcome, opened) = try librariesOpened(["--version"])
        #expect(outcome.status == 0)
        #expect(!opened.isEmpty, "LD_DEBUG=files reported nothing: the check would prove nothing")
        let heavy = opened.filter { name in Self.lazyLibraries.contains { name.hasPrefix($0) } }
        #expect(heavy.isEmpty, "opened at start-up: \(heavy)")
    }

    @Test("decoding a HEIC opens libheif, a TIFF libtiff, and each only then")
    func pictureOpensItsLibrary() throws {
        let directory = try TemporaryDirectory()
        let files = try ForeignImageFiles(payload: "opened on first use", in: directory)
        for (kind, library, other) in [(ForeignImageFiles.Kind.heic, "libheif.so", "libtiff.so"), (.tiff, "libtiff.so", "libheif.so")] {
            let (outcome, opened) = try librariesOpened(["decode", try files.make(kind)])
            #expect(outcome.status == 0, "\(kind): \(outcome.stderr.suffix(500))")
            #expect(outcome.stdoutText.hasSuffix("opened on first use\n"))
            #expect(opened.contains { $0.hasPrefix(library) }, "\(kind) did not open \(library)")
            #expect(!opened.contains { $0.hasPrefix(other) }, "\(kind) opened \(other) too")
        }
    }

    @Test("decoding a JPEG opens libjpeg, a WebP libwebp, a GIF giflib, and each only then")
    func codecOpensItsLibrary() throws {
        let directory = try TemporaryDirectory()
        let files = try ForeignImageFiles(payload: "opened on first use", in: directory)
        let libraries: [(ForeignImageFiles.Kind, String)] = [(.jpeg, "libjpeg.so"), (.webp, "libwebp.so"), (.gif, "libgif.so")]
        for (kind, library) in libraries {
            let (outcome, opened) = try librariesOpened(["decode", try files.make(kind)])
            #expect(outcome.status == 0, "\(kind): \(outcome.stderr.suffix(500))")
            #expect(outcome.stdoutText.hasSuffix("opened on first use\n"))
            #expect(opened.contains { $0.hasPrefix(library) }, "\(kind) did not open \(library)")
            let others = libraries.map(\.1).filter { $0 != library } + ["libwebpdemux.so"]
            let alsoOpened = others.filter { other in opened.contains { $0.hasPrefix(other) } }
            #expect(alsoOpened.isEmpty, "\(kind) opened \(alsoOpened) too")
        }
    }
}
