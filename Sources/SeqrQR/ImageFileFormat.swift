import Foundation

/// The kind of file a picture is, told from its first bytes alone (``ImageFile/headBytes``), and how
/// large a file of that kind may be: checked before the file is read whole, so that a large file that
/// is no picture, or larger than any picture Seqr reads could be, costs 4 KiB to refuse.
public enum ImageFileFormat: Equatable, Sendable {
    case pdf
    case svg
    case image(ImageCodec)

    /// Bytes a PDF may have: a thousand scanned pages at 300 dpi fit in far less.
    public static let maximumPDFBytes = 512 << 20
    /// Bytes an SVG file may have: what `seqr encode` writes is kilobytes.
    public static let maximumSVGBytes = 64 << 20
    /// Bytes a raster image may have beyond 8 a pixel (16-bit RGBA, stored uncompressed): its metadata.
    public static let rasterMetadataBytes = 16 << 20

    /// The format `head` (a file's first bytes) starts like, or nil for none Seqr reads.
    public init?(sniffing head: Data) {
        if PDFPages.isPDF(head) { self = .pdf
        } else if let codec = ImageCodec.sniff(head) { self = .image(codec)
        } else if SVGPicture.isSVG(head) { self = .svg
        } else { return nil }
    }

    /// Its name in errors.
    public var name: String {
        switch self {
        case .pdf: "PDF"
        case .svg: "SVG"
        case .image(let codec): codec.rawValue
        }
    }

    /// The most bytes a file of this format may have when at most `pixelLimit` pixels are read: for a
    /// raster image 8 bytes a pixel (the widest samples, uncompressed) and its metadata; no image
    /// within the pixel limit needs more, so a larger file is refused before it is read.
    public func maximumFileBytes(pixelLimit: Int = ImageCodec.defaultPixelLimit) -> Int {
        switch self {
        case .pdf: Self.maximumPDFBytes
        case .svg: Self.maximumSVGBytes
        case .image: max(1, min(pixelLimit, ImageCodec.maximumPixels)) * 8 + Self.rasterMetadataBytes
        }
    }
}
