/// The four QR error-correction levels of ISO/IEC 18004.
///
/// A higher level survives more damage (dirt, blur, a lost corner) at the cost of
/// capacity: at `H` roughly 30% of the codewords can be restored, at `L` about 7%.
public enum QRErrorCorrectionLevel: String, CaseIterable, Sendable, Codable, Comparable {
    case L, M, Q, H

    /// The approximate share of codewords that can be recovered, in percent.
    public var recoveryPercent: Int {
        switch self {
        case .L: 7
        case .M: 15
        case .Q: 25
        case .H: 30
        }
    }

    /// Position in the order L < M < Q < H; also the index used by libqrencode.
    public var ordinal: Int {
        switch self {
        case .L: 0
        case .M: 1
        case .Q: 2
        case .H: 3
        }
    }

    /// L < M < Q < H: ordered by how much of a symbol may be damaged.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.ordinal < rhs.ordinal }
}
