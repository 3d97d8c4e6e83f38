import SeqrCore

/// Options for ``QREncoder``.
public struct QREncodingOptions: Sendable, Equatable {
    public var errorCorrection: QRErrorCorrectionLevel
    /// The smallest version to use; a larger one is chosen when the data needs it.
    public var minimumVersion: Int
    public var segmentation: QRSegmentation

    /// Options: level M, the smallest version that fits, text segmented for density.
    public init(errorCorrection: QRErrorCorrectionLevel = .M, minimumVersion: Int = 1, segmentation: QRSegmentation = .automatic) {
        self.errorCorrection = errorCorrection
        self.minimumVersion = minimumVersion
        self.segmentation = segmentation
    }
}
