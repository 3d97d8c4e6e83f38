// swift-tools-version: 6.0
import PackageDescription

// Layering, one direction only:
//   SeqrCore (formats and crypto, no I/O) ← SeqrQR (symbols, images, rendering) ← SeqrCorpus ← seqr
// C libraries come from Debian's -dev packages, installed by scripts/setup.
let package = Package(
    name: "Seqr",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "SeqrCore", targets: ["SeqrCore"]),
        .library(name: "SeqrQR", targets: ["SeqrQR"]),
        .library(name: "SeqrStore", targets: ["SeqrStore"]),
        .executable(name: "seqr", targets: ["seqr"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.0.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.20.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.60.0"),
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
            name: "CQREncode", pkgConfig: "libqrencode",
            providers: [.apt(["libqrencode-dev"])]),
        // cairo is loaded with dlopen on first use (see its header): only its headers are needed to build.
        .target(name: "CCairo"),
        // poppler, also loaded on first use, to read PDF pages back as images.
        .target(name: "CPoppler", dependencies: ["CCairo"]),
        // ZBar, the second QR reader for thorough decoding, also loaded on first use.
        .target(name: "CZBar"),
        // libpng and libjpeg report errors with longjmp, which Swift cannot cross;
        // this small C target keeps every setjmp on the C side.
        .target(
            name: "CImageCodecs",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("jpeg")]),
        // zxing-cpp behind a plain C header, so no C++ interop is needed in Swift.
        .target(
            name: "CZXing",
            cxxSettings: [.define("ZX_USE_UTF8")],
            linkerSettings: [.linkedLibrary("ZXing"), .linkedLibrary("stdc++")]),

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
        .target(name: "SeqrQR", dependencies: ["SeqrCore", "CQREncode", "CCairo", "CPoppler", "CImageCodecs", "CZXing", "CZBar"]),
        .target(name: "SeqrCorpus", dependencies: ["SeqrQR"]),
        .target(
            name: "SeqrURLSafety",
            dependencies: [
                "SeqrCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        .target(
            name: "SeqrStore",
            dependencies: ["SeqrCore", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Crypto", package: "swift-crypto")]),
        .executableTarget(
            name: "seqr",
            dependencies: [
                "SeqrCore", "SeqrQR", "SeqrCorpus", "SeqrStore", "SeqrURLSafety",
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
        .testTarget(name: "SeqrCLITests", dependencies: ["seqr", "SeqrQR", "SeqrCorpus", "SeqrTestSupport"]),
    ],
    cxxLanguageStandard: .cxx17
)
