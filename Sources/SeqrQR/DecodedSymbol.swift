import Foundation
import SeqrCore

/// A symbol (a QR code, or another barcode when asked for) found in an image.
public struct DecodedSymbol: Equatable, Sendable {
    /// The payload exactly as stored in the symbol.
    public let payload: Data
    /// Top-left, top-right, bottom-right, bottom-left corners, in the symbol's own orientation.
    public let corners: [PixelPoint]
    /// The QR version (1–40); `nil` for other formats, Micro QR and rMQR.
    public let version: Int?
    /// The QR error-correction level; nil for other formats.
    public let errorCorrection: QRErrorCorrectionLevel?
    /// Whether the symbol was found in the inverted image (light modules on dark).
    public let inverted: Bool
    /// The symbology: QR, Micro QR, rMQR or another barcode when asked for.
    public let format: BarcodeFormat
    /// Where the symbol stands in a structured-append sequence; `nil` when it stands alone.
    public let sequence: StructuredAppend?
    /// For a structured-append sequence joined into one payload (`joiningStructuredAppend`), how
    /// many symbols it was read from; the corners and version are the first symbol's.
    public let joinedParts: Int?
    /// How the payload's bytes are to be read as text (`text`), as the symbol states it.
    public let encodingBlocks: TextEncodingBlocks

    /// A decoded symbol from its parts.
    public init(payload: Data, corners: [PixelPoint], version: Int?, errorCorrection: QRErrorCorrectionLevel?,
                inverted: Bool, format: BarcodeFormat = .qr, sequence: StructuredAppend? = nil, joinedParts: Int? = nil,
                encodingBlocks: TextEncodingBlocks = .unstated) {
        self.joinedParts = joinedParts
        self.encodingBlocks = encodingBlocks
        self.payload = payload
        self.corners = corners
        self.version = version
        self.errorCorrection = errorCorrection
        self.inverted = inverted
        self.format = format
        self.sequence = sequence
    }

    /// Approximate pixels per module, from the corners and the version.
    public var moduleSize: Double {
        guard let version, corners.count == 4 else { return .infinity }
        let top = hypot(Double(corners[1].x - corners[0].x), Double(corners[1].y - corners[0].y))
        let left = hypot(Double(corners[3].x - corners[0].x), Double(corners[3].y - corners[0].y))
        return (top + left) / 2 / Double(QRCapacity.moduleCount(version: version))
    }

    /// The middle of the four corners.
    public var center: PixelPoint {
        PixelPoint(x: corners.map(\.x).reduce(0, +) / max(corners.count, 1),
                   y: corners.map(\.y).reduce(0, +) / max(corners.count, 1))
    }
}
