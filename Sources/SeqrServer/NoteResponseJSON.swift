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
        writeString(note.info.base64EncodedString(), to: &buffer)
        buffer.writeStaticString(",\"kdf\":{\"algorithm\":")
        writeString(note.kdf.algorithm, to: &buffer)
        buffer.writeStaticString(",\"iterations\":")
        buffer.writeString(String(note.kdf.iterations))
        if let salt = note.kdf.salt {
            buffer.writeStaticString(",\"salt\":")
            writeString(salt, to: &buffer)
        }
        buffer.writeStaticString("},\"title\":")
        writeString(note.title.base64EncodedString(), to: &buffer)
        buffer.writeStaticString(",\"updatedAt\":")
        writeDate(note.updatedAt, to: &buffer)
        buffer.writeStaticString(",\"version\":")
        buffer.writeString(String(note.version))
        buffer.writeStaticString("}")
        return buffer
    }

    /// A JSON string as `JSONEncoder` escapes it: quote, backslash, slash and control characters.
    /// Runs of bytes that need no escape are copied whole (base64 has only `/` to escape).
    static func writeString(_ text: String, to buffer: inout ByteBuffer) {
        var text = text
        buffer.writeInteger(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            var runStart = 0
            for (index, byte) in bytes.enumerated() {
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
                case 0..<0x20: escape = "\\u00"
                default: continue
                }
                buffer.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[runStart..<index])))
                buffer.writeStaticString(escape)
                if escape.utf8CodeUnitCount == 4 {  // "\u00": two hex digits follow
                    let hex: StaticString = "0123456789abcdef"
                    buffer.writeInteger(hex.utf8Start[Int(byte >> 4)])
                    buffer.writeInteger(hex.utf8Start[Int(byte & 0x0F)])
                }
                runStart = index + 1
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
