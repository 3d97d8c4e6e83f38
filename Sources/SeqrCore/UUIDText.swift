import Foundation

/// UUIDs to and from their 36-character text without going through Foundation's
/// `UUID(uuidString:)` and `uuidString`, which on Linux run `sscanf` and `snprintf` — a
/// visible share of a note read on seqr-server. Same results: any case in, either case out.
public enum UUIDText {
    /// The UUID in `text` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hex digits of either case), or nil.
    public static func parse(_ text: some StringProtocol) -> UUID? {
        var text = String(text)
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The UUID in `text`; the concrete overload a `String` argument takes (no generic dispatch).
    public static func parse(_ text: String) -> UUID? {
        var text = text
        return text.withUTF8 { parse(utf8: $0) }
    }

    /// The UUID in 36 bytes of UTF-8 text, or nil.
    public static func parse(utf8 text: UnsafeBufferPointer<UInt8>) -> UUID? {
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
    public static func lowercase(_ uuid: UUID) -> String { format(uuid, digits: Array("0123456789abcdef".utf8)) }

    /// The uppercase text form, identical to Foundation's `uuidString`.
    public static func uppercase(_ uuid: UUID) -> String { format(uuid, digits: Array("0123456789ABCDEF".utf8)) }

    private static func format(_ uuid: UUID, digits: [UInt8]) -> String {
        withUnsafeBytes(of: uuid.uuid) { raw in
            String(unsafeUninitializedCapacity: 36) { buffer in
                var out = 0
                for (index, byte) in raw.enumerated() {
                    if index == 4 || index == 6 || index == 8 || index == 10 {
                        buffer[out] = UInt8(ascii: "-")
                        out += 1
                    }
                    buffer[out] = digits[Int(byte >> 4)]
                    buffer[out + 1] = digits[Int(byte & 0x0F)]
                    out += 2
                }
                return out
            }
        }
    }
}
