import Foundation
import NIOCore
import SeqrCore

/// A note as a JSON response body, byte for byte what `JSONEncoder` with sorted keys and
/// ISO 8601 dates writes (a test checks it on random notes), written straight into a
/// `ByteBuffer`. A note read is seqr-server's hottest request, and `JSONEncoder` — generic
/// boxing, `uuidString`, ISO 8601 through `Calendar` — was a fifth of its time.
enum NoteResponseJSON {
    static func encode(_ note: NotesAPI.Note) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(256 + (note.title.count + note.info.count) * 4 / 3)
        buffer.writeStaticString("{\"createdAt\":")
        writeDate(note.createdAt, to: &buffer)
        buffer.writeStaticString(",\"format\":")
        writeString(note.format.rawValue, to: &buffer)
        buffer.writeStaticString(",\"id\":\"")
        buffer.writeString(UUIDText.uppercase(note.id))
        buffer.writeStaticString("\",\"info\":")
        writeBase64(note.info, to: &buffer)
        buffer.writeStaticString(",\"kdf\":{\"algorithm\":")
        writeString(note.kdf.algorithm, to: &buffer)
        buffer.writeStaticString(",\"iterations\":")
        buffer.writeString(String(note.kdf.iterations))
        if let salt = note.kdf.salt {
            buffer.writeStaticString(",\"salt\":")
            writeString(salt, to: &buffer)
        }
        buffer.writeStaticString("},\"title\":")
        writeBase64(note.title, to: &buffer)
        buffer.writeStaticString(",\"updatedAt\":")
        writeDate(note.updatedAt, to: &buffer)
        buffer.writeStaticString(",\"version\":")
        buffer.writeString(String(note.version))
        buffer.writeStaticString("}")
        return buffer
    }

    /// `data` as a JSON string of standard padded base64, as `JSONEncoder` writes `Data`: its
    /// `/` escaped as `\/`. Encoded straight into the buffer, without the intermediate
    /// `String` and second escaping pass that were a twentieth of a note read.
    static func writeBase64(_ data: Data, to buffer: inout ByteBuffer) {
        let alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
        let symbols = alphabet.utf8Start
        buffer.writeInteger(UInt8(ascii: "\""))
        // At most 4 symbols per 3 bytes, each `/` taking 2 bytes.
        buffer.reserveCapacity(minimumWritableBytes: (data.count + 2) / 3 * 8 + 1)
        data.withUnsafeBytes { bytes in
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { out in
                var written = 0
                func put(_ index: UInt8) {
                    let symbol = symbols[Int(index)]
                    if symbol == UInt8(ascii: "/") {
                        out[written] = UInt8(ascii: "\\")
                        written += 1
                    }
                    out[written] = symbol
                    written += 1
                }
                var index = 0
                while index + 3 <= bytes.count {
                    let b0 = bytes[index], b1 = bytes[index + 1], b2 = bytes[index + 2]
                    put(b0 >> 2)
                    put((b0 & 0x03) << 4 | b1 >> 4)
                    put((b1 & 0x0F) << 2 | b2 >> 6)
                    put(b2 & 0x3F)
                    index += 3
                }
                let left = bytes.count - index
                if left > 0 {
                    let b0 = bytes[index], b1 = left == 2 ? bytes[index + 1] : 0
                    put(b0 >> 2)
                    put((b0 & 0x03) << 4 | b1 >> 4)
                    if left == 2 { put((b1 & 0x0F) << 2) } else { out[written] = UInt8(ascii: "="); written += 1 }
                    out[written] = UInt8(ascii: "=")
                    written += 1
                }
                return written
            }
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    /// A JSON string as `JSONEncoder` escapes it: quote, backslash, slash and control characters.
    /// Runs of bytes that need no escape are copied whole (base64 has only `/` to escape).
    static func writeString(_ text: String, to buffer: inout ByteBuffer) {
        var text = text
        buffer.writeInteger(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var runStart = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                // Most bytes need no escape: one range test and three compares, then on.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "/") {
                    index += 1
                    continue
                }
                let escape: StaticString
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "/"): escape = "\\/"
                case 0x08: escape = "\\b"
                case 0x0C: escape = "\\f"
                case 0x0A: escape = "\\n"
                case 0x0D: escape = "\\r"
                case 0x09: escape = "\\t"
                default: escape = "\\u00"
                }
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                buffer.writeStaticString(escape)
                if escape.utf8CodeUnitCount == 4 {  // "\u00": two hex digits follow
                    let hex: StaticString = "0123456789abcdef"
                    buffer.writeInteger(hex.utf8Start[Int(byte >> 4)])
                    buffer.writeInteger(hex.utf8Start[Int(byte & 0x0F)])
                }
                index += 1
                runStart = index
            }
            buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
    }

    /// `"yyyy-MM-ddTHH:mm:ssZ"` in UTC, whole seconds, as the `.iso8601` date strategy writes.
    static func writeDate(_ date: Date, to buffer: inout ByteBuffer) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) {
            buffer.writeInteger(UInt8(ascii: "0") + UInt8(value / 10))
            buffer.writeInteger(UInt8(ascii: "0") + UInt8(value % 10))
        }
        buffer.writeInteger(UInt8(ascii: "\""))
        let year = parts.tm_year + 1900
        two(year / 100)
        two(year % 100)
        buffer.writeInteger(UInt8(ascii: "-"))
        two(parts.tm_mon + 1)
        buffer.writeInteger(UInt8(ascii: "-"))
        two(parts.tm_mday)
        buffer.writeInteger(UInt8(ascii: "T"))
        two(parts.tm_hour)
        buffer.writeInteger(UInt8(ascii: ":"))
        two(parts.tm_min)
        buffer.writeInteger(UInt8(ascii: ":"))
        two(parts.tm_sec)
        buffer.writeStaticString("Z\"")
    }
}
