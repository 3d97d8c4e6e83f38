/// A failure reported by cairo while drawing a PDF (or cairo missing altogether).
public struct PDFRenderingError: Error, Sendable, CustomStringConvertible {
    /// What poppler or cairo said.
    public let message: String
    public var description: String { "PDF rendering failed: \(message)" }
}
