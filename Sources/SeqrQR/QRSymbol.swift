import SeqrCore

/// One encoded QR symbol: a square of dark and light modules, without quiet zone.
public struct QRSymbol: Equatable, Sendable {
    public let version: Int
    public let errorCorrection: QRErrorCorrectionLevel
    /// Modules along one side.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]

    public init(version: Int, errorCorrection: QRErrorCorrectionLevel, size: Int, modules: [Bool]) {
        precondition(modules.count == size * size, "modules must be size × size")
        self.version = version
        self.errorCorrection = errorCorrection
        self.size = size
        self.modules = modules
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }
}
