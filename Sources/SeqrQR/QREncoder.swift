import CQREncode
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

/// How the payload's bytes are put into segments.
public enum QRSegmentation: String, Sendable, CaseIterable {
    /// Text (valid UTF-8 without NUL) may use numeric and alphanumeric segments,
    /// which are smaller; anything else is 8-bit. The decoded bytes are the same either way.
    case automatic
    /// A single 8-bit segment, byte for byte.
    case binary
}

/// Options for ``QREncoder``.
public struct QREncodingOptions: Sendable, Equatable {
    public var errorCorrection: QRErrorCorrectionLevel
    /// The smallest version to use; a larger one is chosen when the data needs it.
    public var minimumVersion: Int
    public var segmentation: QRSegmentation

    public init(errorCorrection: QRErrorCorrectionLevel = .M, minimumVersion: Int = 1, segmentation: QRSegmentation = .automatic) {
        self.errorCorrection = errorCorrection
        self.minimumVersion = minimumVersion
        self.segmentation = segmentation
    }
}

/// Turns bytes into a QR symbol with libqrencode.
public enum QREncoder {
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
        let size = Int(code.pointee.width)
        // Bit 0 of each libqrencode module byte is "dark"; the other bits describe its role.
        let modules = (0..<(size * size)).map { code.pointee.data[$0] & 1 == 1 }
        return QRSymbol(version: Int(code.pointee.version), errorCorrection: options.errorCorrection, size: size, modules: modules)
    }

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
