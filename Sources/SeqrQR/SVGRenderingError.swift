/// Why librsvg could not draw an SVG file (its own message), or librsvg missing altogether.
public struct SVGRenderingError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { "SVG rendering failed: \(message)" }
}
