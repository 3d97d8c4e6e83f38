// swift-tools-version: 6.0
import PackageDescription

// Layering, one direction only:
//   SeqrCore (formats and crypto, no I/O) ← SeqrQR (symbols, images, rendering) ← seqr
//   SeqrCore ← SeqrStore (local SQLite), SeqrURLSafety, SeqrCloudClient (HTTP client) ← seqr
//   SeqrQR ← SeqrCorpus (generated photo corpus) ← seqr-bench (benchmarks; not shipped in seqr)
//   SeqrCore ← SeqrCLISupport (one-line errors, streams, JSON, file writer) ← seqr, seqr-bench, seqr-server
//   SeqrCore ← SeqrServer (Hummingbird, SQLite or PostgreSQL) ← seqr-server
//   SeqrCore ← SeqrLocationViewer (the web viewer's page, script, style) ← SeqrServer, seqr
//   SeqrLocationViewer ← SeqrWebApp (the installable web app's files and CSP) ← SeqrServer
// C libraries come from Debian's -dev packages, installed by scripts/setup, except zxing-cpp (vendored).
let package = Package(
    name: "Seqr",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SeqrCore", targets: ["SeqrCore"]),
        .library(name: "SeqrQR", targets: ["SeqrQR"]),
        .library(name: "SeqrStore", targets: ["SeqrStore"]),
        .library(name: "SeqrServer", targets: ["SeqrServer"]),
        .library(name: "SeqrCloudClient", targets: ["SeqrCloudClient"]),
        .executable(name: "seqr", targets: ["seqr"]),
        .executable(name: "seqr-server", targets: ["seqr-server"]),
        .executable(name: "seqr-bench", targets: ["seqr-bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.27.0"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-nio-extras", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.4.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.5.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.21.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.4.0"),
        // `make docs` (scripts/docs): the DocC catalogs of SeqrCore, SeqrQR and SeqrCloudClient, warnings as errors.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: C libraries
        .systemLibrary(
            name: "CBrotli", pkgConfig: "libbrotlienc",
            providers: [.apt(["libbrotli-dev"])]),
        .systemLibrary(
            name: "CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(
            name: "CISAL", pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]),
        .systemLibrary(
            name: "CArgon2", pkgConfig: "libargon2",
            providers: [.apt(["libargon2-dev"])]),
        // The Swift runtime's global-enqueue hook, linked by name: seqr-server runs Swift concurrency's
        // jobs on NIO's event loops (ConcurrencyOnEventLoops), also in --static-swift-stdlib builds.
        .target(name: "CSwiftConcurrencyHook"),
        // SQLite's C API, for seqr-server's one hot read (SQLiteNoteReader); all else goes through GRDB.
        .systemLibrary(
            name: "CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(
            name: "CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // cairo is loaded with dlopen on first use (see its header): only its headers are needed to build.
        .target(name: "CCairo"),
        // poppler, also loaded on first use, to read PDF pages back as images.
        .target(name: "CPoppler", dependencies: ["CCairo", "CPopplerPageKeys"]),
        // Which pages are one page object listed again: poppler's core C++ API (Debian's
        // libpoppler-private-dev headers), reached through the libpoppler that CPoppler loaded; not linked.
        .target(
            name: "CPopplerPageKeys",
            cxxSettings: [.unsafeFlags(["-I/usr/include/poppler"])],
            linkerSettings: [.linkedLibrary("stdc++")]),
        // librsvg, also loaded on first use, to read SVG files (what `seqr encode --format svg` writes).
        .target(name: "CRsvg", dependencies: ["CCairo"]),
        // ZBar, the second QR reader for thorough decoding, also loaded on first use.
        .target(name: "CZBar"),
        // libpng and libjpeg report errors with longjmp, which Swift cannot cross;
        // this small C target keeps every setjmp on the C side. The read-only formats
        // (WebP, HEIC/HEIF, TIFF, GIF) are decoded here too, behind the same convention; every codec
        // library but libpng is opened on first use, like cairo (internal/lazy_library.h says why).
        .target(
            name: "CImageCodecs",
            linkerSettings: [
                // libpng only: PNG is the common case; the rest are opened on first use.
                .linkedLibrary("png16"),
            ]),
        // zxing-cpp's readers, vendored from source (scripts/vendor-zxing, version in
        // vendor/zxing-cpp/VENDORED), behind a plain C header so no C++ interop is needed in Swift.
        // Optimised even in debug builds: at -O0 the tests' decoding is several times slower.
        .target(
            name: "CZXing",
            exclude: ["vendor/zxing-cpp/LICENSE", "vendor/zxing-cpp/VENDORED"],
            cSettings: [.define("ZUECI_EMBED_NO_TO_ECI"), .unsafeFlags(["-O3", "-g0"])],
            cxxSettings: [
                // NDEBUG as in zxing-cpp's release builds (and its Python wheels): its asserts are
                // debugging aids, and one fires on a degraded photo in debug builds (RegressionLine.h).
                .headerSearchPath("vendor/zxing-cpp/src"), .define("ZXING_INTERNAL"), .define("NDEBUG"),
                .unsafeFlags(["-O3", "-g0", "-Wno-deprecated-declarations"]),
            ],
            linkerSettings: [.linkedLibrary("stdc++")]),

        // MARK: Seqr
        .target(
            name: "SeqrCore",
            dependencies: [
                "CBrotli",
                "CISAL",
                "CZlib",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .target(name: "SeqrQR", dependencies: ["SeqrCore", "CQREncode", "CCairo", "CPoppler", "CRsvg", "CImageCodecs", "CZXing", "CZBar"]),
        .target(name: "SeqrCorpus", dependencies: ["SeqrQR"]),
        .target(
            name: "SeqrURLSafety",
            dependencies: [
                "SeqrCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .target(
            name: "SeqrStore",
            dependencies: ["SeqrCore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")]),
        .target(
            name: "SeqrCloudClient",
            dependencies: [
                "SeqrCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOFoundationCompat", package: "swift-nio"),
                // TLS: the trust roots SSL_CERT_FILE/SSL_CERT_DIR name, and which certificate problem a refusal was.
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOTLS", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
            ]),
        // The location web viewer (/l/<share id>) and the self-contained track file: static page,
        // script and style, no build step, no CDN; Leaflet read from Debian's libjs-leaflet.
        .target(
            name: "SeqrLocationViewer",
            dependencies: ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")],
            resources: [
                .copy("Resources/location-viewer.html"),
                .copy("Resources/location-viewer.js"),
                .copy("Resources/location-viewer.css"),
                .copy("Resources/leaflet-LICENSE.txt"),
            ]),
        // The web app seqr-server serves at /app/: every file in Resources as it is in git (no build
        // step), served by extension; qrcode-generator read from Debian's node-qrcode-generator.
        .target(
            name: "SeqrWebApp",
            dependencies: ["SeqrLocationViewer", .product(name: "Crypto", package: "swift-crypto")],
            resources: [.copy("Resources")]),
        .target(
            name: "SeqrServer",
            dependencies: [
                "SeqrCore", "SeqrLocationViewer", "SeqrWebApp", "CArgon2", "CSQLite", "CSwiftConcurrencyHook",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                // The HTTP/1 channel's configuration and its request parts: connection timeouts (ConnectionLimits).
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [
                .copy("Resources/openapi.yaml"),
            ]),
        .executableTarget(
            name: "seqr-server",
            dependencies: [
                "SeqrServer", "SeqrLocationViewer", "SeqrWebApp", "SeqrCLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // A bare Hummingbird hello-world, the baseline `scripts/bench-server` measures beside seqr-server.
        .executableTarget(
            name: "seqr-bench-hello",
            dependencies: [.product(name: "Hummingbird", package: "hummingbird")],
            path: "Benchmarks/HelloServer"),
        // What the command-line executables share: one error type, one JSON printer, one file writer.
        .target(
            name: "SeqrCLISupport",
            dependencies: ["SeqrCore", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .executableTarget(
            name: "seqr",
            dependencies: [
                "SeqrCore", "SeqrQR", "SeqrStore", "SeqrURLSafety", "SeqrCloudClient", "SeqrCLISupport", "SeqrLocationViewer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            // Swift links executables with --export-dynamic: every public symbol of every module
            // (41,000 here) goes into the dynamic symbol table, which the dynamic loader and the
            // runtime's dladdr() then walk at each start. Nothing looks seqr's symbols up by name.
            linkerSettings: [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]),
        // Benchmarks and the corpus generator, out of the shipped binary.
        .executableTarget(
            name: "seqr-bench",
            dependencies: [
                "SeqrCore", "SeqrQR", "SeqrCorpus", "SeqrCLISupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: Tests
        .target(name: "SeqrTestSupport", path: "Tests/SeqrTestSupport"),
        .testTarget(
            name: "SeqrCoreTests",
            dependencies: [
                "SeqrCore", "SeqrTestSupport",
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ]),
        .testTarget(name: "SeqrQRTests", dependencies: ["SeqrQR", "SeqrCorpus", "SeqrTestSupport"]),
        .testTarget(name: "SeqrCorpusTests", dependencies: ["SeqrCorpus", "SeqrTestSupport"]),
        .testTarget(name: "SeqrStoreTests", dependencies: ["SeqrStore", "SeqrTestSupport"]),
        .testTarget(name: "SeqrURLSafetyTests", dependencies: ["SeqrURLSafety", "SeqrTestSupport"]),
        .testTarget(
            name: "SeqrServerTests",
            dependencies: [
                "SeqrServer", "SeqrLocationViewer", "SeqrWebApp", "SeqrCloudClient", "SeqrTestSupport",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                // RepositoryContractTests write rows no server writes (a newer format, an unreadable id) straight into each database.
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            // The browser tests' loopback tile server, run with python3.
            exclude: ["Fixtures"]),
        .testTarget(name: "SeqrCLITests", dependencies: ["seqr", "seqr-bench", "seqr-server", "SeqrQR", "SeqrCorpus", "SeqrCloudClient", "SeqrTestSupport"]),
    ],
    // zxing-cpp 3 needs C++20 (concepts, <span>); CZXing is the only C++ target.
    cxxLanguageStandard: .cxx20
)

// MARK: Start-up of `seqr`
// A concrete generic type (a Set of our enum, a Dictionary keyed by our struct, an Encodable's
// coding keys) is by default found at run time from its mangled name, and each one's conformance
// (BarcodeFormat: Hashable, …) is then looked up by a linear scan of the binary's 10,744
// conformance records: about 30 µs each, paid at every start. Direct metadata accessors cost a
// few bytes of code instead. Only the modules a `seqr decode` runs through (docs/benchmarks.md),
// and not SeqrCore: unsafe flags would keep another package from depending on it by version.
for target in package.targets where ["SeqrQR", "SeqrCLISupport", "seqr"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .unsafeFlags(["-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors"]),
    ]
}

// MARK: Fuzzing (scripts/fuzz)
// libFuzzer targets exist only when SEQR_FUZZ is set, built into their own scratch path
// (.build-fuzz), so `swift build` and `make test` never see them. Our own code is compiled
// with coverage and AddressSanitizer, and so is CZXing (the vendored zxing-cpp and our shim);
// the system C libraries underneath (BoringSSL, libpng, libjpeg, poppler, librsvg) are not
// instrumented, but ASan still catches our misuse of what they return.
if Context.environment["SEQR_FUZZ"] != nil {
    let instrumented = ["SeqrCore", "SeqrQR", "CImageCodecs", "CPoppler", "CPopplerPageKeys", "CRsvg", "CZXing"]
    for target in package.targets where instrumented.contains(target.name) {
        if target.name.hasPrefix("C") {
            let flags: [String] = ["-fsanitize=fuzzer-no-link,address"]
            target.cSettings = (target.cSettings ?? []) + [.unsafeFlags(flags)]
            target.cxxSettings = (target.cxxSettings ?? []) + [.unsafeFlags(flags)]
        } else {
            target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-sanitize=fuzzer,address"])]
        }
    }
    let fuzzTargets: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzVault", ["SeqrCore"]),
        ("FuzzJWS", ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")]),
        ("FuzzChannels", ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")]),
        ("FuzzNoteFormats", ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")]),
        ("FuzzGPSLogs", ["SeqrCore"]),
        ("FuzzIdentityBackup", ["SeqrCore"]),
        ("FuzzImage", ["SeqrQR"]),
        // A payload read as text with the encoding blocks a symbol states (CZXing's seqr_zx_read_text).
        ("FuzzText", ["SeqrQR", "CZXing"]),
        // seqr-server's note JSON writer, compiled in from Sources/SeqrServer (symlinks): the
        // whole server under the sanitizer would cost minutes of build for two files.
        ("FuzzJSONWriter", ["SeqrCore", .product(name: "NIOCore", package: "swift-nio")]),
        // The live-feed client's event-stream parser and event decoding, compiled in from
        // Sources/SeqrCloudClient (symlinks), without the client's HTTP stack.
        ("FuzzEventStream", ["SeqrCore"]),
        // seqr-server's X-Forwarded-For reading (TrustedProxies), compiled in from Sources/SeqrServer
        // (a symlink), against glibc's inet_pton/inet_ntop.
        ("FuzzForwardedFor", [.product(name: "NIOCore", package: "swift-nio")]),
        // What seqr-server reads of a passkey's registration and sign-in: CBOR, authenticator data,
        // COSE keys, attestation objects, clientDataJSON (SeqrCore/WebAuthn).
        ("FuzzWebAuthn", ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")]),
        // A notes kit's account code (NotesKitAccountCode), read off the sheets by `seqr notes recover`.
        ("FuzzNotesKit", ["SeqrCore", .product(name: "Crypto", package: "swift-crypto")]),
        // The `seqr location follow --people FILE` list (LocationPeopleList) and the links on its lines.
        ("FuzzPeopleList", ["SeqrCore"]),
        // Not a fuzzer: writes the seed corpora in Tests/Fuzz/ with Seqr's own encoders.
        ("FuzzSeeds", ["SeqrQR", .product(name: "Crypto", package: "swift-crypto")]),
    ]
    package.targets.append(.target(
        name: "FuzzSupport", path: "Fuzz/FuzzSupport", swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])]))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(
            name: name, dependencies: ["FuzzSupport"] + dependencies, path: "Fuzz/\(name)",
            swiftSettings: [.unsafeFlags(["-sanitize=fuzzer,address"])],
            linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])]))
        package.products.append(.executable(name: name, targets: [name]))
    }
}
