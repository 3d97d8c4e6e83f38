import Foundation
import SeqrCore

/// Writes JSON tokens into memory the caller has sized (``NoteResponseJSON/worstCaseSize(of:)``).
/// Only for that one-pass use: it does not check bounds beyond Swift's debug checks.
struct JSONBytesWriter {
    private let out: UnsafeMutableRawBufferPointer
    private(set) var count = 0

    init(_ out: UnsafeMutableRawBufferPointer) { self.out = out }

    mutating func byte(_ value: UInt8) {
        out[count] = value
        count += 1
    }

    /// Punctuation and keys, copied as they are.
    mutating func write(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        UnsafeMutableRawBufferPointer(rebasing: out[count..<count + length]).copyMemory(from: UnsafeRawBufferPointer(start: text.utf8Start, count: length))
        count += length
    }

    /// A JSON string as `JSONEncoder` escapes it: quote, backslash, slash and control characters.
    mutating func writeString(_ text: String) {
        var text = text
        byte(UInt8(ascii: "\""))
        text.withUTF8 { bytes in
            for byte in bytes {
                // Most bytes need no escape: one range test and three compares, then on.
                if byte >= 0x20, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\"), byte != UInt8(ascii: "/") {
                    self.byte(byte)
                    continue
                }
                self.byte(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): self.byte(byte)
                case 0x08: self.byte(UInt8(ascii: "b"))
                case 0x0C: self.byte(UInt8(ascii: "f"))
                case 0x0A: self.byte(UInt8(ascii: "n"))
                case 0x0D: self.byte(UInt8(ascii: "r"))
                case 0x09: self.byte(UInt8(ascii: "t"))
                default:
                    write("u00")
                    self.byte(Self.lowerHex[Int(byte >> 4)])
                    self.byte(Self.lowerHex[Int(byte & 0x0F)])
                }
            }
        }
        byte(UInt8(ascii: "\""))
    }

    /// `data` as a JSON string of standard padded base64, as `JSONEncoder` writes `Data`: its
    /// `/` escaped as `\/`. The hottest loop of a note read, so it keeps its position in a
    /// local and writes through the base pointer.
    mutating func writeBase64(_ data: Data) {
        byte(UInt8(ascii: "\""))
        guard let base = out.baseAddress else { return }
        let symbols = Self.base64Alphabet.utf8Start
        var at = count
        @inline(__always) func put(_ sextet: UInt32) {
            let symbol = symbols[Int(sextet & 0x3F)]
            if symbol == UInt8(ascii: "/") {
                base.storeBytes(of: UInt8(ascii: "\\"), toByteOffset: at, as: UInt8.self)
                at += 1
            }
            base.storeBytes(of: symbol, toByteOffset: at, as: UInt8.self)
            at += 1
        }
        data.withUnsafeBytes { bytes in
            var index = 0
            while index + 3 <= bytes.count {
                let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                put(group >> 18)
                put(group >> 12)
                put(group >> 6)
                put(group)
                index += 3
            }
            let left = bytes.count - index
            if left > 0 {
                let group = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                put(group >> 18)
                put(group >> 12)
                if left == 2 { put(group >> 6) }
                let padding = left == 2 ? 1 : 2
                for _ in 0..<padding {
                    base.storeBytes(of: UInt8(ascii: "="), toByteOffset: at, as: UInt8.self)
                    at += 1
                }
            }
        }
        count = at
        byte(UInt8(ascii: "\""))
    }

    /// `"yyyy-MM-ddTHH:mm:ssZ"` in UTC, whole seconds, as the `.iso8601` date strategy writes.
    mutating func writeDate(_ date: Date) {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let year = Int(parts.tm_year) + 1900
        byte(UInt8(ascii: "\""))
        twoDigits(year / 100)
        twoDigits(year % 100)
        byte(UInt8(ascii: "-"))
        twoDigits(Int(parts.tm_mon) + 1)
        byte(UInt8(ascii: "-"))
        twoDigits(Int(parts.tm_mday))
        byte(UInt8(ascii: "T"))
        twoDigits(Int(parts.tm_hour))
        byte(UInt8(ascii: ":"))
        twoDigits(Int(parts.tm_min))
        byte(UInt8(ascii: ":"))
        twoDigits(Int(parts.tm_sec))
        write("Z\"")
    }

    /// Two digits; a field out of range (a year past 9999 in a damaged row) comes out wrong
    /// but never traps.
    private mutating func twoDigits(_ value: Int) {
        let value = value.magnitude % 100
        byte(UInt8(ascii: "0") + UInt8(value / 10))
        byte(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// The uppercase form in quotes, as `JSONEncoder` writes a `UUID` (its `uuidString`).
    mutating func writeUUID(_ uuid: UUID) {
        byte(UInt8(ascii: "\""))
        count += UUIDText.writeUppercase(uuid, into: UnsafeMutableRawBufferPointer(rebasing: out[count...]))
        byte(UInt8(ascii: "\""))
    }

    /// A decimal integer, sign and all (at most 20 bytes).
    mutating func writeInteger(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes of scratch, filled from the end
        withUnsafeMutableBytes(of: &digits) { scratch in
            var start = scratch.count
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            for index in start..<scratch.count { byte(scratch[index]) }
        }
    }

    private static let base64Alphabet: StaticString = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
    private static let lowerHex: StaticString = "0123456789abcdef"
}

private extension StaticString {
    subscript(index: Int) -> UInt8 { utf8Start[index] }
}
