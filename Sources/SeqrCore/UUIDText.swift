import Foundation

/// UUIDs to and from their 36-character text without going through Foundation's
/// `UUID(uuidString:)` and `uuidString`, which on Linux run `sscanf` and `snprintf` — a
/// visible share of a note read on seqr-server. Same results: any case in, either case out.
public enum UUIDText {
    /// The UUID in `text` (`xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, hex digits of either case), or nil.
    public static func parse(_ text: some StringProtocol) -> UUID? {
        var bytes = [UInt8](repeating: 0, count: 16)
        var count = 0
        var index = 0
        var high: UInt8?
        for character in text.utf8 {
            defer { index += 1 }
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard character == UInt8(ascii: "-") else { return nil }
                continue
            }
            let nibble: UInt8
            switch character {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = character - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = character - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = character - UInt8(ascii: "A") + 10
            default: return nil
            }
            guard count < 16 else { return nil }
            if let value = high {
                bytes[count] = value << 4 | nibble
                count += 1
                high = nil
            } else {
                high = nibble
            }
        }
        guard index == 36, count == 16 else { return nil }
        return bytes.withUnsafeBytes { raw in UUID(uuid: raw.loadUnaligned(as: uuid_t.self)) }
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
