/// Why a JPEG's EXIF block (APP1) gives no orientation. Only the path to the one tag is parsed.
public enum ExifOrientationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A marker segment's length runs past the end of the file.
    case truncatedSegment
    /// The TIFF header inside the EXIF block has neither "II" nor "MM" byte order, or not 42.
    case invalidHeader
    /// An IFD offset or entry count points outside the EXIF block.
    case outOfBounds
    /// The Orientation tag (0x0112) is not one SHORT.
    case invalidTagType
    /// An orientation outside 1–8.
    case invalidValue(Int)

    public var description: String {
        switch self {
        case .truncatedSegment: "malformed EXIF: a JPEG segment runs past the end of the file"
        case .invalidHeader: "malformed EXIF: no valid TIFF header in the EXIF block"
        case .outOfBounds: "malformed EXIF: a directory points outside the EXIF block"
        case .invalidTagType: "malformed EXIF: the orientation tag is not a single number"
        case .invalidValue(let value): "malformed EXIF: orientation \(value) (valid: 1 to 8)"
        }
    }
}
