/// Every way the web app's files can be refused when the server starts.
public enum WebAppError: Error, Equatable, Sendable, CustomStringConvertible {
    /// node-qrcode-generator is not installed (or not at the path given).
    case qrcodeGeneratorMissing(path: String)
    /// The app's own files are not in this build's resource bundle.
    case resourcesMissing

    public var description: String {
        switch self {
        case .qrcodeGeneratorMissing(let path):
            "qrcode-generator is not at \(path): install Debian's node-qrcode-generator (scripts/setup does)"
        case .resourcesMissing:
            "the web app's files are missing from this build (Seqr_SeqrWebApp.resources beside the executable)"
        }
    }
}
