import Foundation

/// What every renderer shares: module size, quiet zone and colours (PNG, SVG and PDF).
public struct QRRenderStyle: Sendable, Equatable {
    /// Pixels (PNG), user units (SVG) or points (PDF) per module.
    public var scale: Int
    /// Quiet-zone width in modules; the standard asks for 4.
    public var margin: Int
    /// The dark modules' colour and the light modules' (and quiet zone's).
    public var foreground: RGBColor
    public var background: RGBColor

    /// The least WCAG contrast ratio between the colours that `seqr encode` draws: below it a
    /// phone's camera, under uneven light, no longer tells the modules apart reliably.
    public static let minimumContrastRatio = 3.0

    /// `scale` per module (at least 1), a quiet zone of `margin` modules, and the two colours.
    public init(scale: Int = 8, margin: Int = 4, foreground: RGBColor = .black, background: RGBColor = .white) {
        precondition(scale >= 1 && margin >= 0, "scale must be at least 1 and margin not negative")
        self.scale = scale
        self.margin = margin
        self.foreground = foreground
        self.background = background
    }

    /// Black on white, the only colours the terminal renderers draw.
    public var isBlackOnWhite: Bool { foreground == .black && background == .white }

    /// Modules along one side including the quiet zone on both sides.
    public func totalModules(_ symbol: QRSymbol) -> Int { symbol.size + 2 * margin }
}
