import CQREncode
import Foundation
import SeqrCore

/// Turns bytes into a QR symbol with libqrencode.
public enum QREncoder {
    /// A symbol holding exactly `payload`, at the smallest version from `options.minimumVersion` that
    /// fits it; throws ``QREncodingError/dataTooLarge(byteCount:capacity:mode:level:)`` with the capacity when none does.
    public static func encode(_ payload: Data, options: QREncodingOptions = QREncodingOptions()) throws(QREncodingError) -> QRSymbol {
        guard QRCapacity.versions.contains(options.minimumVersion) else { throw .invalidVersion(options.minimumVersion) }
        let level = QRecLevel(rawValue: UInt32(options.errorCorrection.ordinal))
        let bytes = [UInt8](payload)
        let asText = options.segmentation == .automatic && !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil

        errno = 0
        let code: UnsafeMutablePointer<QRcode>?
        if bytes.isEmpty {
            // libqrencode refuses a zero-length segment; a symbol with no segment is valid.
            let input = QRinput_new2(Int32(options.minimumVersion), level)
            defer { QRinput_free(input) }
            code = input.flatMap { QRcode_encodeInput($0) }
        } else if asText {
            let cString = bytes.map { CChar(bitPattern: $0) } + [0]
            code = QRcode_encodeString(cString, Int32(options.minimumVersion), level, QR_MODE_8, 1)
        } else {
            code = QRcode_encodeData(Int32(bytes.count), bytes, Int32(options.minimumVersion), level)
        }
        guard let code else {
            let failure = errno
            if failure == ERANGE || failure == EINVAL {
                let mode = asText ? Self.densestMode(bytes) : .byte
                throw .dataTooLarge(
                    byteCount: bytes.count,
                    capacity: QRCapacity.capacity(version: 40, level: options.errorCorrection, mode: mode),
                    mode: mode, level: options.errorCorrection)
            }
            throw .encoderFailure(errno: failure)
        }
        defer { QRcode_free(code) }
        return symbol(code.pointee, errorCorrection: options.errorCorrection)
    }

    /// A libqrencode result as a symbol.
    static func symbol(_ code: QRcode, errorCorrection: QRErrorCorrectionLevel) -> QRSymbol {
        let size = Int(code.width)
        // Bit 0 of each libqrencode module byte is "dark"; the other bits describe its role.
        let modules = (0..<(size * size)).map { code.data[$0] & 1 == 1 }
        return QRSymbol(version: Int(code.version), errorCorrection: errorCorrection, size: size, modules: modules)
    }

    /// A symbol holding `text` as UTF-8.
    public static func encode(text: String, options: QREncodingOptions = QREncodingOptions()) throws(QREncodingError) -> QRSymbol {
        try encode(Data(text.utf8), options: options)
    }

    /// The mode that best describes text for a capacity message: numeric for digits only,
    /// alphanumeric for the QR alphanumeric set, byte otherwise.
    static func densestMode(_ bytes: [UInt8]) -> QRCapacity.Mode {
        if bytes.allSatisfy({ (0x30...0x39).contains($0) }) { return .numeric }
        let alphanumeric = Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".utf8)
        if bytes.allSatisfy({ alphanumeric.contains($0) }) { return .alphanumeric }
        return .byte
    }
}
