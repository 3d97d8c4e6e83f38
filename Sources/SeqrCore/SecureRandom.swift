import Foundation

/// Every random byte Seqr makes — keys, salts, nonces, ids, padding — comes from here: the
/// operating system's cryptographic generator (`SystemRandomNumberGenerator`: `getrandom(2)`
/// on Linux). Never a seeded or user-space generator; tests that need fixed bytes pass them in.
public enum SecureRandom {
    /// `count` bytes from the system generator.
    public static func bytes(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` bytes from the system generator, as `Data`.
    public static func data(_ count: Int) -> Data { Data(bytes(count)) }

    /// A uniformly random byte, e.g. a padding length.
    public static func byte() -> UInt8 { bytes(1)[0] }
}
