import SeqrCore

/// Options for ``QREncoder``.
public struct QREncodingOptions: Sendable, Equatable {
    /// The error-correction level: L, M (the default), Q or H.
    public var errorCorrection: QRErrorCorrectionLevel
    /// The smallest version to use; a larger one is chosen when the data needs it.
    public var minimumVersion: Int
    /// Whether text is segmented for density or everything is written in byte mode.
    public var segmentation: QRSegmentation

    /// Options: level M, the smallest version that fits, text segmented for density.
    public init(errorCorrection: QRErrorCorrectionLevel = .M, minimumVersion: Int = 1, segmentation: QRSegmentation = .automatic) {
        self.errorCorrection = errorCorrection
        self.minimumVersion = minimumVersion
        self.segmentation = segmentation
    }
}
