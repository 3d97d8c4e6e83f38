/// An IPv4 address read in any legal `inet_aton` spelling — one to four parts, each decimal,
/// octal (leading 0) or hex (0x) — as Safe Browsing requires: "3279880203", "0x12.0x43.0x44.0x01"
/// and "012.034.01.055" all name an address, written back as four decimals.
struct IPv4Address: Equatable, Sendable, CustomStringConvertible {
    let value: UInt32

    init?(parsing host: [UInt8]) {
        let parts = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count) else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = Self.number(part) else { return nil }
            numbers.append(number)
        }
        // Every part but the last is one byte; the last fills the remaining bytes.
        var value: UInt64 = 0
        for number in numbers.dropLast() {
            guard number <= 0xFF else { return nil }
            value = value << 8 | number
        }
        let lastBits = UInt64(8 * (5 - parts.count))
        guard let last = numbers.last, last < (1 << lastBits) else { return nil }
        self.value = UInt32(value << lastBits | last)
    }

    var description: String {
        [24, 16, 8, 0].map { String((value >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    }

    private static func number(_ part: ArraySlice<UInt8>) -> UInt64? {
        var digits = part, radix: UInt64 = 10
        if digits.count > 2, digits.first == UInt8(ascii: "0"), digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x") {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count > 1, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        guard !digits.isEmpty, digits.count <= 11 else { return nil }
        var number: UInt64 = 0
        for byte in digits {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt64(byte - UInt8(ascii: "A") + 10)
            default: return nil
            }
            guard digit < radix else { return nil }
            number = number * radix + digit
        }
        return number
    }
}
