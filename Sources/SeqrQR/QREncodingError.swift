import Foundation
import SeqrCore

/// Why a payload could not become a QR symbol.
public enum QREncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payload does not fit the largest symbol (version 40) at this level.
    case dataTooLarge(byteCount: Int, capacity: Int, mode: QRCapacity.Mode, level: QRErrorCorrectionLevel)
    /// The payload fits no symbol between the requested minimum version and 40.
    case invalidVersion(Int)
    /// The payload does not fit the largest Micro QR symbol (M4) at this level.
    case microTooLarge(byteCount: Int, level: QRErrorCorrectionLevel)
    /// Micro QR has no such error-correction level (H).
    case microLevelUnsupported(QRErrorCorrectionLevel)
    /// libqrencode makes no empty Micro QR symbol.
    case microEmpty
    /// A structured-append sequence has 2 to 16 symbols.
    case invalidSequenceCount(Int)
    /// Fewer bytes than symbols: each symbol of a sequence holds at least one.
    case sequenceTooShort(byteCount: Int, count: Int)
    /// A part does not fit the largest symbol (version 40) at this level.
    case sequenceTooLarge(byteCount: Int, count: Int, level: QRErrorCorrectionLevel)
    /// libqrencode failed for another reason (out of memory, internal error).
    case encoderFailure(errno: Int32)

    public var description: String {
        switch self {
        case let .dataTooLarge(count, capacity, mode, level):
            let unit = mode == .byte ? "bytes" : "\(mode.rawValue) characters"
            let others = QRErrorCorrectionLevel.allCases.filter { $0 != level }
                .map { "\($0): \(QRCapacity.capacity(version: 40, level: $0, mode: mode))" }
                .joined(separator: ", ")
            return "too much data for one QR code: \(count) \(mode == .byte ? "bytes" : "characters"), "
                + "but a QR code holds at most \(capacity) \(unit) at error correction \(level.rawValue) (\(others))"
        case .invalidVersion(let version):
            return "QR version must be between 1 and 40, not \(version)"
        case let .microTooLarge(count, level):
            return "too much data for a Micro QR code: \(count) bytes at error correction \(level.rawValue), but the largest (M4) "
                + "holds at most 15 bytes at L, 13 at M and 9 at Q (35, 30 and 21 digits); use a regular QR code"
        case .microLevelUnsupported(let level):
            return "Micro QR has no error correction \(level.rawValue): use L, M or Q (Q only fits M4)"
        case .microEmpty:
            return "a Micro QR code needs at least one byte of data"
        case .invalidSequenceCount(let count):
            return "a structured-append sequence has 2 to 16 QR codes, not \(count)"
        case let .sequenceTooShort(count, parts):
            return "\(count) bytes cannot be split over \(parts) QR codes: each holds at least one byte"
        case let .sequenceTooLarge(count, parts, level):
            // Each part carries a 20-bit structured-append header besides its one 8-bit segment.
            let perCode = QRCapacity.capacity(version: 40, level: level, mode: .byte) - 3
            return "too much data for \(parts) QR codes: \(count) bytes, but each holds at most about \(perCode) bytes at error "
                + "correction \(level.rawValue) (\(perCode * parts) in all); use more codes (at most 16) or a lower --ec"
        case .encoderFailure(let code):
            return "the QR encoder failed (\(String(cString: strerror(code))))"
        }
    }
}
