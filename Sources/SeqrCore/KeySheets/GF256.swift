/// Arithmetic in GF(2⁸) with the AES (Rijndael) polynomial x⁸ + x⁴ + x³ + x + 1 (0x11B), the field
/// SLIP-0039 shares bytes in (FIPS-197 §4).
///
/// Constant time: no table lookups and no branches on the operands. Share values and the secret
/// pass through ``multiply(_:_:)``, and the usual log/antilog tables would index memory by them;
/// instead each product is eight shift-and-mask steps, and an inverse is the fixed chain a²⁵⁴.
enum GF256 {
    /// Addition and subtraction are both XOR.
    @inline(__always)
    static func add(_ a: UInt8, _ b: UInt8) -> UInt8 { a ^ b }

    /// The product modulo 0x11B, by "Russian peasant" multiplication with masks in place of branches.
    static func multiply(_ a: UInt8, _ b: UInt8) -> UInt8 {
        var a = a, b = b, product: UInt8 = 0
        for _ in 0..<8 {
            product ^= a & (0 &- (b & 1))          // add a when b's low bit is set
            let reduce = 0 &- (a >> 7)             // 0xFF when a overflows on the shift
            a = (a << 1) ^ (0x1B & reduce)
            b >>= 1
        }
        return product
    }

    /// The multiplicative inverse a²⁵⁴ (a²⁵⁵ = 1); the inverse of 0 comes out as 0.
    static func inverse(_ a: UInt8) -> UInt8 {
        var power = a, result: UInt8 = 1
        for _ in 0..<7 {                           // 254 = 2 + 4 + … + 128
            power = multiply(power, power)
            result = multiply(result, power)
        }
        return result
    }

    /// a / b. - Precondition: b ≠ 0 (divisors are differences of distinct share indices).
    static func divide(_ a: UInt8, _ b: UInt8) -> UInt8 {
        precondition(b != 0, "division by zero in GF(256)")
        return multiply(a, inverse(b))
    }
}
