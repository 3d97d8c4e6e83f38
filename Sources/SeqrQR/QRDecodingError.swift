/// Why decoding failed (an image without a QR code is not a failure: it yields no symbols).
public enum QRDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    case decoderFailure(String)
    public var description: String {
        switch self {
        case .decoderFailure(let message): "the QR decoder failed: \(message)"
        }
    }
}
