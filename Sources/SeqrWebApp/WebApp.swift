import Foundation
import SeqrLocationViewer

/// The installable web app as seqr-server serves it at `/app/`: every file in this target's
/// `Resources` folder (by extension, `WebAppFile.contentTypes`), `index.html` at `/app/` itself,
/// and Debian's qrcode-generator at `/app/vendor/qrcode-generator.js`. All files are read once,
/// when the server starts; a request can only name one of them (no file system path is built
/// from a URL).
public struct WebApp: Sendable {
    /// The operator's tile server, the only other origin the page may load (images) from.
    public let tiles: MapTileSource?
    /// Keyed by the path below `/app/`; the index is also under the empty path.
    public let files: [String: WebAppFile]
    /// Files in Resources with an extension that is not served (a test keeps this empty).
    public let unservedFiles: [String]

    public enum Path {
        public static let root = "/app/"
        public static let qrcodeGenerator = "vendor/qrcode-generator.js"
        /// The `--map-tiles` server as the People map needs it (absent without one: a 404, and the page draws its grid).
        public static let mapTiles = "map-tiles.json"
    }

    public init(tiles: MapTileSource?, qrcodeGenerator: QRCodeGeneratorFile?) throws(WebAppError) {
        guard let resources = Bundle.module.url(forResource: "Resources", withExtension: nil),
              let names = FileManager.default.subpaths(atPath: resources.path)
        else { throw .resourcesMissing }
        var files: [String: WebAppFile] = [:]
        var unserved: [String] = []
        for name in names.sorted() {
            var isDirectory: ObjCBool = false
            let url = resources.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            guard let type = WebAppFile.contentTypes[url.pathExtension], WebAppFile.isServableName(name[...]),
                  let contents = FileManager.default.contents(atPath: url.path)
            else { unserved.append(name); continue }
            files[name] = WebAppFile(path: name, contentType: type, contents: contents)
        }
        guard let index = files["index.html"] else { throw .resourcesMissing }
        files[""] = index
        if let qrcodeGenerator {
            files[Path.qrcodeGenerator] = WebAppFile(path: Path.qrcodeGenerator, contentType: WebAppFile.contentTypes["js"]!,
                                                     contents: qrcodeGenerator.script)
        }
        if let tiles { files[Path.mapTiles] = Self.mapTilesFile(tiles) }
        self.tiles = tiles
        self.files = files
        unservedFiles = unserved
    }

    /// `{"attribution":…,"host":…,"template":…}`: what the People map draws tiles with. Nothing secret: the
    /// viewer's page carries the same in its meta tags.
    static func mapTilesFile(_ tiles: MapTileSource) -> WebAppFile {
        struct Description: Encodable { let attribution, host, template: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Three strings always encode.
        let json = (try? encoder.encode(Description(attribution: tiles.attribution, host: tiles.host, template: tiles.template))) ?? Data()
        return WebAppFile(path: Path.mapTiles, contentType: "application/json", contents: json)
    }

    /// Where the scanner's QR decoder is, when this build has it (scripts/build-wasm writes it before
    /// `swift build` copies the resources; without it the app works, the scanner says it is unavailable).
    public static let qrDecoderPath = "wasm/zxing.wasm"
    public var hasQRDecoder: Bool { files[Self.qrDecoderPath] != nil }

    /// The paper vault's modules (ChaCha20-Poly1305, the brotli decoder, ISA-L's erasure code, and the
    /// brotli encoder a backup compresses with), which scripts/build-wasm writes beside the QR decoder;
    /// without them the page cannot restore or back up a vault.
    public static let vaultModulePaths = ["wasm/chacha20poly1305.wasm", "wasm/brotli-dec.wasm", "wasm/isal-ec.wasm", "wasm/brotli-enc.wasm"]
    public var hasVaultModules: Bool { Self.vaultModulePaths.allSatisfy { files[$0] != nil } }

    /// The file a request path below `/app/` names, or nil (404).
    public func file(at path: Substring) -> WebAppFile? {
        guard path.isEmpty || WebAppFile.isServableName(path) else { return nil }
        return files[String(path)]
    }

    /// On every app response. Scripts, styles, the API, the manifest and the service worker from
    /// this origin only, never inline or eval'd (`'wasm-unsafe-eval'` lets a script compile
    /// WebAssembly, this origin's QR decoder, and allows no JavaScript eval); images from this origin
    /// and the operator's tile server only (QR codes are inline SVG, a PNG to save is a download link:
    /// neither loads an image from blob: or data:); the page cannot be framed or post elsewhere.
    public var contentSecurityPolicy: String {
        "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; connect-src 'self'; "
            + "img-src 'self'\(tiles.map { " " + $0.origin } ?? ""); manifest-src 'self'; worker-src 'self'; "
            + "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    }
}
