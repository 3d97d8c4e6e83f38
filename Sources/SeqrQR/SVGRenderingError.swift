/// Why an SVG file could not be drawn.
public enum SVGRenderingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// librsvg's own message (one line), or librsvg missing altogether.
    case failed(message: String)
    /// Parsing and drawing took more than `seconds` of processor time (``SVGPicture/defaultTimeLimit``).
    case tooSlow(seconds: Int)

    public var description: String {
        switch self {
        case .failed(let message): "SVG rendering failed: \(message)"
        case .tooSlow(let seconds): "SVG rendering takes more than \(seconds) s of processor time"
        }
    }
}
