import CQREncode
import Foundation
import SeqrCore

extension QREncoder {
    /// The most symbols a QR structured-append sequence has (its count is 4 bits).
    public static let maximumSequenceCount = 16

    /// The bytes symbol `index` of `count` holds, of a payload of `byteCount` bytes: near-equal runs.
    public static func sequencePart(_ index: Int, of count: Int, in byteCount: Int) -> Range<Int> {
        byteCount * index / count..<byteCount * (index + 1) / count
    }

    /// `payload` split over `count` symbols (2–16) of a structured-append sequence, by libqrencode:
    /// near-equal runs of bytes, each in one 8-bit segment, each symbol saying its index, the count and
    /// the parity (the XOR of every byte), so a reader joins them byte for byte (`seqr decode` does).
    /// Each symbol is the smallest version at or above `options.minimumVersion` its part fits.
    public static func encodeStructuredAppend(_ payload: Data, count: Int, options: QREncodingOptions = QREncodingOptions()) throws(QREncodingError) -> [QRSymbol] {
        guard (2...maximumSequenceCount).contains(count) else { throw .invalidSequenceCount(count) }
        guard payload.count >= count else { throw .sequenceTooShort(byteCount: payload.count, count: count) }
        guard QRCapacity.versions.contains(options.minimumVersion) else { throw .invalidVersion(options.minimumVersion) }
        let level = QRecLevel(rawValue: UInt32(options.errorCorrection.ordinal))
        let bytes = [UInt8](payload)
        errno = 0
        guard let sequence = QRinput_Struct_new() else { throw .encoderFailure(errno: errno) }
        defer { QRinput_Struct_free(sequence) }
        for index in 0..<count {
            let part = Array(bytes[sequencePart(index, of: count, in: bytes.count)])
            guard let input = QRinput_new2(Int32(options.minimumVersion), level) else { throw .encoderFailure(errno: errno) }
            guard QRinput_append(input, QR_MODE_8, Int32(part.count), part) == 0, QRinput_Struct_appendInput(sequence, input) > 0 else {
                QRinput_free(input)
                throw .encoderFailure(errno: errno)
            }
        }
        guard QRinput_Struct_insertStructuredAppendHeaders(sequence) == 0 else { throw .encoderFailure(errno: errno) }
        guard let list = QRcode_encodeInputStructured(sequence) else {
            let failure = errno
            if failure == ERANGE || failure == EINVAL {
                throw .sequenceTooLarge(byteCount: bytes.count, count: count, level: options.errorCorrection)
            }
            throw .encoderFailure(errno: failure)
        }
        defer { QRcode_List_free(list) }
        var symbols: [QRSymbol] = []
        var entry: UnsafeMutablePointer<QRcode_List>? = list
        while let current = entry {
            if let code = current.pointee.code { symbols.append(symbol(code.pointee, errorCorrection: options.errorCorrection)) }
            entry = current.pointee.next
        }
        return symbols
    }
}
