import CQREncode
import Foundation
import SeqrCore

extension QREncoder {
    /// Micro QR symbol sizes: M1–M4.
    public static let microVersions: ClosedRange<Int> = 1...4

    /// Encodes a short payload as a Micro QR symbol (ISO/IEC 18004, M1–M4) with libqrencode,
    /// in the smallest version that holds it. Text uses the densest modes; other bytes one
    /// 8-bit segment. Micro QR has no level H, and Q only in M4.
    public static func encodeMicro(_ payload: Data, errorCorrection: QRErrorCorrectionLevel = .L) throws(QREncodingError) -> QRSymbol {
        guard errorCorrection != .H else { throw .microLevelUnsupported(errorCorrection) }
        guard !payload.isEmpty else { throw .microEmpty }
        let bytes = [UInt8](payload)
        let asText = !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
        let level = QRecLevel(rawValue: UInt32(errorCorrection.ordinal))
        for version in microVersions {
            errno = 0
            let code: UnsafeMutablePointer<QRcode>?
            if asText {
                let cString = bytes.map { CChar(bitPattern: $0) } + [0]
                code = QRcode_encodeStringMQR(cString, Int32(version), level, QR_MODE_8, 1)
            } else {
                code = QRcode_encodeDataMQR(Int32(bytes.count), bytes, Int32(version), level)
            }
            guard let code else {
                // ERANGE: too much for this version; EINVAL: this version has no such level. Try the next.
                if errno == ERANGE || errno == EINVAL { continue }
                throw .encoderFailure(errno: errno)
            }
            defer { QRcode_free(code) }
            let size = Int(code.pointee.width)
            let modules = (0..<(size * size)).map { code.pointee.data[$0] & 1 == 1 }
            // libqrencode may pick a larger version than asked for; it says which.
            return QRSymbol(version: Int(code.pointee.version), errorCorrection: errorCorrection, size: size, modules: modules, micro: true)
        }
        throw .microTooLarge(byteCount: bytes.count, level: errorCorrection)
    }
}
