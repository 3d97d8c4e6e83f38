import CArgon2
import Crypto
import Foundation
import NIOPosix

/// The slow hash the server keeps of each client's authentication key: Argon2id from the
/// reference implementation (Debian's libargon2), PHC string form with its own random salt and
/// parameters, so they can rise later. Hashing runs on NIO's thread pool, never on an event loop.
public struct AuthKeyHasher: Sendable {
    /// Argon2id cost: OWASP's minimum is t=2, m=19 MiB, p=1.
    public var iterations: UInt32
    public var memoryKiB: UInt32
    public var parallelism: UInt32

    public static let standard = AuthKeyHasher(iterations: 2, memoryKiB: 19 * 1024, parallelism: 1)

    public init(iterations: UInt32, memoryKiB: UInt32, parallelism: UInt32) {
        self.iterations = iterations
        self.memoryKiB = memoryKiB
        self.parallelism = parallelism
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public func hash(_ authKey: String) async throws -> String {
        try await NIOThreadPool.singleton.runIfActive { try hashNow(authKey) }
    }

    func hashNow(_ authKey: String) throws -> String {
        let salt = SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }  // system RNG
        let length = argon2_encodedlen(iterations, memoryKiB, parallelism, 16, 32, Argon2_id)
        var encoded = [CChar](repeating: 0, count: length)
        let key = Array(authKey.utf8)
        let status = argon2id_hash_encoded(iterations, memoryKiB, parallelism, key, key.count, salt, salt.count, 32, &encoded, length)
        guard status == ARGON2_OK.rawValue else { throw Failure(description: String(cString: argon2_error_message(status))) }
        return String(decoding: encoded.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Constant-time in the key: libargon2 recomputes the hash and compares it in full.
    public func verify(_ authKey: String, against encoded: String) async -> Bool {
        (try? await NIOThreadPool.singleton.runIfActive { Self.verifyNow(authKey, against: encoded) }) ?? false
    }

    static func verifyNow(_ authKey: String, against encoded: String) -> Bool {
        let key = Array(authKey.utf8)
        return argon2id_verify(encoded, key, key.count) == ARGON2_OK.rawValue
    }

    /// A hash of nothing anyone knows, verified for unknown usernames so that a login for a name
    /// that does not exist takes as long as one for a name that does.
    func decoy() throws -> String { try hashNow("seqr decoy \(UUID())") }
}
