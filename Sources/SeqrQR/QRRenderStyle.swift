import Foundation

/// The geometry shared by every renderer: module size and quiet zone.
public struct QRRenderStyle: Sendable, Equatable {
    /// Pixels (PNG), user units (SVG) or points (PDF) per module.
    public var scale: Int
    /// Quiet-zone width in modules; the standard asks for 4.
    public var margin: Int

    /// `scale` per module (at least 1) and a quiet zone of `margin` modules.
    public init(scale: Int = 8, margin: Int = 4) {
        precondition(scale >= 1 && margin >= 0, "scale must be at least 1 and margin not negative")
        self.scale = scale
        self.margin = margin
    }

    /// Modules along one side including the quiet zone on both sides.
    public func totalModules(_ symbol: QRSymbol) -> Int { symbol.size + 2 * margin }
}
