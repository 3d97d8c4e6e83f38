import SeqrCore

/// One encoded QR (or Micro QR) symbol: a square of dark and light modules, without quiet zone.
public struct QRSymbol: Equatable, Sendable {
    /// 1–40, or 1–4 (M1–M4) for a Micro QR symbol.
    public let version: Int
    /// The error-correction level.
    public let errorCorrection: QRErrorCorrectionLevel
    /// Modules along one side.
    public let size: Int
    /// Row-major, `true` for a dark module.
    public let modules: [Bool]
    /// A Micro QR symbol (one finder pattern, 11–17 modules a side).
    public let micro: Bool

    /// A symbol from its modules, row by row; `modules.count` must be `size × size`.
    public init(version: Int, errorCorrection: QRErrorCorrectionLevel, size: Int, modules: [Bool], micro: Bool = false) {
        precondition(modules.count == size * size, "modules must be size × size")
        self.version = version
        self.errorCorrection = errorCorrection
        self.size = size
        self.modules = modules
        self.micro = micro
    }

    /// Whether the module at column `x`, row `y` is dark; outside the symbol is light.
    public func isDark(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < size, y < size else { return false }
        return modules[y * size + x]
    }

    /// Horizontal runs of dark modules, row by row: what vector renderers draw.
    public var darkRuns: [(x: Int, y: Int, length: Int)] {
        var runs: [(x: Int, y: Int, length: Int)] = []
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else { x += 1; continue }
                let start = x
                while x < size, isDark(x: x, y: y) { x += 1 }
                runs.append((start, y, x - start))
            }
        }
        return runs
    }
}
