import Foundation

/// UUIDs to and from their 36-character text without going through Foundation's
/// `UUID(uuidString:)` and `uuidString`, which on Linux run `sscanf` and `snprintf` — a
/// visible share of a note read on seqr-server. Same results: any case in, either case out.
package enum UUIDText {
    /// The UUID in `text` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hex digits of either case), or nil.
    package static func parse(_ text: some StringProtocol) -> UUID? {
        var text = String(text)
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The UUID in `text`; the concrete overload a `String` argument takes (no generic dispatch).
    package static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The UUID in 36 bytes of UTF-8 text, or nil.
    package static func parse(utf8 text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var uuid: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &uuid) { out -> Bool in
            var index = 0
            for byteIndex in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard text[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = nibble(text[index]), let low = nibble(text[index + 1]) else { return false }
                out[byteIndex] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? UUID(uuid: uuid) : nil
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return character - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The lowercase text form, as seqr-server's tables keep ids.
    package static func lowercase(_ uuid: UUID) -> String {
        withLowercaseUTF8(uuid) { String(decoding: $0, as: UTF8.self) }
    }

    /// The uppercase text form, identical to Foundation's `uuidString`.
    package static func uppercase(_ uuid: UUID) -> String {
        String(unsafeUninitializedCapacity: 36) { writeUppercase(uuid, into: UnsafeMutableRawBufferPointer($0)) }
    }

    /// Writes the uppercase text form's 36 bytes at the start of `buffer` (which must hold
    /// them) and returns 36: for encoders that fill memory they have already sized.
    @discardableResult
    package static func writeUppercase(_ uuid: UUID, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        format(uuid, digits: "0123456789ABCDEF", into: buffer)
    }

    /// Calls `body` with the lowercase text form's 36 UTF-8 bytes, held on the stack: for
    /// binding an id into a query without allocating a `String`.
    package static func withLowercaseUTF8<Result>(_ uuid: UUID, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        var text: (UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0)  // 40 bytes of scratch
        return try withUnsafeMutableBytes(of: &text) { scratch in
            let count = format(uuid, digits: "0123456789abcdef", into: scratch)
            return try body(UnsafeBufferPointer(rebasing: scratch.bindMemory(to: UInt8.self)[0..<count]))
        }
    }

    private static func format(_ uuid: UUID, digits: StaticString, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        withUnsafeBytes(of: uuid.uuid) { raw in
            var out = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[out] = UInt8(ascii: "-")
                    out += 1
                }
                buffer[out] = digits.utf8Start[Int(raw[index] >> 4)]
                buffer[out + 1] = digits.utf8Start[Int(raw[index] & 0x0F)]
                out += 2
            }
            return out
        }
    }
}
