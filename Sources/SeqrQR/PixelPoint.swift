/// A point in image pixel coordinates.
public struct PixelPoint: Equatable, Sendable, Codable {
    /// Pixels from the left.
    public var x: Int
    /// Pixels from the top.
    public var y: Int
    /// A point in pixels, from the image's top left.
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}
