import Crypto
import Foundation

/// One file the web app is made of, as served under `/app/`.
public struct WebAppFile: Sendable, Equatable {
    /// The path below `/app/`, e.g. `app.css` or `js/note-field.js`.
    public let path: String
    public let contentType: String
    public let contents: Data
    /// A strong validator: the app is served `no-cache`, so a browser asks again each time and
    /// gets 304 while the file is unchanged.
    public let etag: String

    public init(path: String, contentType: String, contents: Data) {
        self.path = path
        self.contentType = contentType
        self.contents = contents
        etag = "\"" + SHA256.hash(data: contents).prefix(16).map { String(format: "%02x", $0) }.joined() + "\""
    }

    /// What each served extension is; a file with any other extension is not served. No `.json`
    /// or `.map` and no directory listings: only what a page, a module or a manifest needs.
    /// `application/wasm` lets a browser compile the QR decoder (`wasm/zxing.wasm`) while it streams.
    public static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "webmanifest": "application/manifest+json",
        "png": "image/png",
        "svg": "image/svg+xml",
        "txt": "text/plain; charset=utf-8",
        "wasm": "application/wasm",
    ]

    /// A path is a name made of letters, digits, `.`, `_` and `-` (not starting with a dot),
    /// optionally below one or more such folders; nothing else can name a file.
    public static func isServableName(_ path: Substring) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return !parts.isEmpty && parts.allSatisfy { part in
            guard let first = part.first, first != "." else { return false }
            return part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "_" || $0 == "-") }
        }
    }
}
