/// An 8-bit gray image, one byte per pixel, rows top to bottom (0 is black, 255 white).
///
/// Every image Seqr reads is turned into this before QR detection, and every
/// raster it renders starts as one.
public struct GrayImage: Equatable, Sendable {
    /// Pixels across.
    public let width: Int
    /// Pixels down.
    public let height: Int
    /// The pixels, row by row, 0 black to 255 white.
    public var pixels: [UInt8]

    /// An image from its pixels, row by row; `pixels.count` must be `width × height`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height, "pixel count must be width × height")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image filled with one gray value.
    public init(width: Int, height: Int, fill: UInt8 = 255) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height))
    }

    /// The pixel at column `x`, row `y`.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The same image with light and dark swapped.
    public func inverted() -> GrayImage {
        GrayImage(width: width, height: height, pixels: pixels.map { 255 - $0 })
    }
}
