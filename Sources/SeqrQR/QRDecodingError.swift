/// Why decoding failed (an image without a code is not a failure: it yields no symbols).
public enum QRDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case decoderFailure(String)
    /// A name in a list of formats that Seqr does not read.
    case unknownFormat(String)
    public var description: String {
        switch self {
        case .decoderFailure(let message): "the QR decoder failed: \(message)"
        case .unknownFormat(let name):
            "unknown barcode format '\(name)'; known: \(BarcodeFormat.allCases.map(\.rawValue).joined(separator: ", ")), or all"
        }
    }
}
