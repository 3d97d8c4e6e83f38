import Crypto

/// Shamir's secret sharing of a byte string over ``GF256``, as SLIP-0039 defines it
/// (SplitSecret and RecoverSecret): byte k of every share is a point of its own polynomial f_k,
/// the secret is stored at x = 255 and a digest of it at x = 254, shares are x = 0, 1, ….
///
/// With t ≥ 2 the digest point holds HMAC-SHA256(key: R, message: secret)[0..<4] ‖ R for random R,
/// so a recovery from a wrong set of points is detected (chance 2⁻³² of missing it) instead of
/// returning a wrong secret. Any t − 1 shares are uniformly distributed whatever the secret
/// (they are t − 2 random points plus one fixed by a random digest point), so they tell nothing
/// about it beyond the 32-bit digest constraint, which is why secrets are at least 128 bits.
enum ShamirSharing {
    static let secretIndex: UInt8 = 255
    static let digestIndex: UInt8 = 254
    static let digestLength = 4
    /// Share indices are 4 bits in a SLIP-0039 share.
    static let maximumShareCount = 16

    /// The `count` shares of `secret` (for x = 0 ..< count), any `threshold` of which recover it.
    /// - Precondition: 1 ≤ threshold ≤ count ≤ 16 and secret.count ≥ 16 (callers check user input).
    static func split(_ secret: [UInt8], threshold: Int, count: Int) -> [[UInt8]] {
        precondition(1 <= threshold && threshold <= count && count <= maximumShareCount && secret.count >= 16)
        if threshold == 1 { return Array(repeating: secret, count: count) }
        let random = SecureRandom.bytes(secret.count - digestLength)
        let digestPoint = digest(random: random, secret: secret) + random
        var points = (0..<(threshold - 2)).map { (x: UInt8($0), y: SecureRandom.bytes(secret.count)) }
        points.append((x: digestIndex, y: digestPoint))
        points.append((x: secretIndex, y: secret))
        return (0..<count).map { x in
            x < threshold - 2 ? points[x].y : interpolate(at: UInt8(x), points)
        }
    }

    /// The secret from exactly `threshold` points with distinct x, or nil when the digest point does
    /// not match the secret: a point is forged or comes from another split.
    static func recover(_ points: [(x: UInt8, y: [UInt8])], threshold: Int) -> [UInt8]? {
        precondition(points.count == threshold && !points.isEmpty)
        if threshold == 1 { return points[0].y }
        let secret = interpolate(at: secretIndex, points)
        let digestPoint = interpolate(at: digestIndex, points)
        let expected = digest(random: Array(digestPoint[digestLength...]), secret: secret)
        return constantTimeEqual(expected, digestPoint.prefix(digestLength)) ? secret : nil
    }

    /// f(x) for the polynomials through `points` (Lagrange), byte by byte.
    /// - Precondition: the x are distinct and all y have one length.
    static func interpolate(at x: UInt8, _ points: [(x: UInt8, y: [UInt8])]) -> [UInt8] {
        var result = [UInt8](repeating: 0, count: points[0].y.count)
        for (i, point) in points.enumerated() {
            // The basis polynomial's value depends on the public indices only.
            var basis: UInt8 = 1
            for (j, other) in points.enumerated() where j != i {
                precondition(other.x != point.x, "two points with one index")
                basis = GF256.multiply(basis, GF256.divide(x ^ other.x, point.x ^ other.x))
            }
            for k in result.indices { result[k] ^= GF256.multiply(point.y[k], basis) }
        }
        return result
    }

    static func digest(random: [UInt8], secret: [UInt8]) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: secret, using: SymmetricKey(data: random)).prefix(digestLength))
    }
}
