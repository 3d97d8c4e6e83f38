import Foundation
import SeqrCore

/// Why a payload could not become a QR symbol.
public enum QREncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The payload does not fit the largest symbol (version 40) at this level.
    case dataTooLarge(byteCount: Int, capacity: Int, mode: QRCapacity.Mode, level: QRErrorCorrectionLevel)
    /// The payload fits no symbol between the requested minimum version and 40.
    case invalidVersion(Int)
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
        case .encoderFailure(let code):
            return "the QR encoder failed (\(String(cString: strerror(code))))"
        }
    }
}
