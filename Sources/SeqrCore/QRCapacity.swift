/// How much a QR symbol holds, from the symbol tables of ISO/IEC 18004:2015
/// (Table 1: total codewords per version; Table 9: error-correction codewords).
///
/// Seqr uses it to explain a "too much data" error, to pick a version before
/// encoding (PaperVault pages) and to report the version of a decoded symbol.
/// The test suite checks every entry against libqrencode.
public enum QRCapacity {
    /// The smallest and largest QR versions.
    public static let versions: ClosedRange<Int> = 1...40

    /// The encoding modes whose capacity Seqr reports.
    public enum Mode: String, Sendable, CaseIterable {
        case numeric, alphanumeric, byte
    }

    /// Codewords in a symbol of each version (index 0 unused).
    private static let totalCodewords: [Int] = [
        0, 26, 44, 70, 100, 134, 172, 196, 242, 292, 346,
        404, 466, 532, 581, 655, 733, 815, 901, 991, 1085,
        1156, 1258, 1364, 1474, 1588, 1706, 1828, 1921, 2051, 2185,
        2323, 2465, 2611, 2761, 2876, 3034, 3196, 3362, 3532, 3706,
    ]

    /// Error-correction codewords per version for L, M, Q, H (index 0 unused).
    private static let errorCorrectionCodewords: [(Int, Int, Int, Int)] = [
        (0, 0, 0, 0),
        (7, 10, 13, 17), (10, 16, 22, 28), (15, 26, 36, 44), (20, 36, 52, 64),
        (26, 48, 72, 88), (36, 64, 96, 112), (40, 72, 108, 130), (48, 88, 132, 156),
        (60, 110, 160, 192), (72, 130, 192, 224), (80, 150, 224, 264), (96, 176, 260, 308),
        (104, 198, 288, 352), (120, 216, 320, 384), (132, 240, 360, 432), (144, 280, 408, 480),
        (168, 308, 448, 532), (180, 338, 504, 588), (196, 364, 546, 650), (224, 416, 600, 700),
        (224, 442, 644, 750), (252, 476, 690, 816), (270, 504, 750, 900), (300, 560, 810, 960),
        (312, 588, 870, 1050), (336, 644, 952, 1110), (360, 700, 1020, 1200), (390, 728, 1050, 1260),
        (420, 784, 1140, 1350), (450, 812, 1200, 1440), (480, 868, 1290, 1530), (510, 924, 1350, 1620),
        (540, 980, 1440, 1710), (570, 1036, 1530, 1800), (570, 1064, 1590, 1890), (600, 1120, 1680, 1980),
        (630, 1204, 1770, 2100), (660, 1260, 1860, 2220), (720, 1316, 1950, 2310), (750, 1372, 2040, 2430),
    ]

    /// Modules along one side of a symbol, without the quiet zone.
    public static func moduleCount(version: Int) -> Int {
        precondition(versions.contains(version), "QR version out of range")
        return 17 + 4 * version
    }

    /// Data codewords (bytes of bit stream) in a symbol of `version` at `level`.
    public static func dataCodewords(version: Int, level: QRErrorCorrectionLevel) -> Int {
        precondition(versions.contains(version), "QR version out of range")
        let ec = errorCorrectionCodewords[version]
        let ecCount = [ec.0, ec.1, ec.2, ec.3][level.ordinal]
        return totalCodewords[version] - ecCount
    }

    /// The version whose symbol at `level` has exactly `dataCodewords` data codewords.
    ///
    /// Data codewords grow strictly with the version at every level, so the
    /// answer is unique; `nil` means no version matches.
    public static func version(dataCodewords: Int, level: QRErrorCorrectionLevel) -> Int? {
        versions.first { self.dataCodewords(version: $0, level: level) == dataCodewords }
    }

    /// The most characters (bytes, for `.byte`) that one segment of `mode` can carry
    /// in a symbol of `version` at `level`.
    public static func capacity(version: Int, level: QRErrorCorrectionLevel, mode: Mode = .byte) -> Int {
        let bits = dataCodewords(version: version, level: level) * 8 - 4 - characterCountBits(version: version, mode: mode)
        switch mode {
        case .byte:
            return bits / 8
        case .alphanumeric:
            return (bits / 11) * 2 + (bits % 11 >= 6 ? 1 : 0)
        case .numeric:
            let remainder = bits % 10
            return (bits / 10) * 3 + (remainder >= 7 ? 2 : remainder >= 4 ? 1 : 0)
        }
    }

    /// The smallest version at or above `minimumVersion` whose symbol holds `count`
    /// characters of `mode` at `level`, or `nil` if none does.
    public static func smallestVersion(
        holding count: Int, level: QRErrorCorrectionLevel, mode: Mode = .byte, minimumVersion: Int = 1
    ) -> Int? {
        (max(1, minimumVersion)...40).first { capacity(version: $0, level: level, mode: mode) >= count }
    }

    /// Bits of the character-count indicator (ISO/IEC 18004 Table 3).
    private static func characterCountBits(version: Int, mode: Mode) -> Int {
        let column = version <= 9 ? 0 : version <= 26 ? 1 : 2
        switch mode {
        case .numeric: return [10, 12, 14][column]
        case .alphanumeric: return [9, 11, 13][column]
        case .byte: return [8, 16, 16][column]
        }
    }
}
