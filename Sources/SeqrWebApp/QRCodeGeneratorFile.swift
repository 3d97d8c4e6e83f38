import Foundation

/// Kazuhiko Arase's qrcode-generator as Debian's node-qrcode-generator installs it for browsers,
/// read once when the server starts (as Leaflet is): nothing of it is copied into this repository,
/// and Debian's updates reach the app with the next restart. The file carries its MIT licence
/// in its own header comment.
public struct QRCodeGeneratorFile: Sendable {
    public static let defaultPath = "/usr/share/javascript/qrcode-generator/qrcode.js"

    public let script: Data

    public init(path: String = Self.defaultPath) throws(WebAppError) {
        guard let script = FileManager.default.contents(atPath: path) else { throw .qrcodeGeneratorMissing(path: path) }
        self.script = script
    }
}
