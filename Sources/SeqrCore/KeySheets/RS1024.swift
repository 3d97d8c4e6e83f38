/// The RS1024 checksum of a SLIP-0039 share: a Reed–Solomon code over GF(1024) whose three check
/// words detect any three or fewer wrong words, and more with a chance of missing it below 10⁻⁹.
/// The customization string is "shamir" (or "shamir_extendable"), so shares of other schemes fail.
///
/// Share words are secret, so the generator terms are added under masks, never under branches.
enum RS1024 {
    static let checksumLength = 3
    /// The generator from SLIP-0039's "Checksum" section.
    private static let generator: [UInt32] = [
        0xE0E040, 0x1C1C080, 0x3838100, 0x7070200, 0xE0E0009, 0x1C0C2412, 0x38086C24, 0x3090FC48, 0x21B1F890, 0x3F3F120,
    ]

    static func customization(extendable: Bool) -> [Int] {
        Array((extendable ? "shamir_extendable" : "shamir").utf8).map(Int.init)
    }

    static func polymod(_ values: [Int]) -> UInt32 {
        var check: UInt32 = 1
        for value in values {
            let top = check >> 20
            check = (check & 0xFFFFF) << 10 ^ UInt32(value)
            for (i, term) in generator.enumerated() { check ^= term & (0 &- ((top >> UInt32(i)) & 1)) }
        }
        return check
    }

    /// The three check words for `data` (10-bit values).
    static func checksum(_ data: [Int], extendable: Bool) -> [Int] {
        let remainder = polymod(customization(extendable: extendable) + data + [0, 0, 0]) ^ 1
        return (0..<checksumLength).map { Int(remainder >> UInt32(10 * (2 - $0))) & 1023 }
    }

    /// Whether `words` (data then check words) carry a valid checksum.
    static func verify(_ words: [Int], extendable: Bool) -> Bool {
        polymod(customization(extendable: extendable) + words) == 1
    }
}
