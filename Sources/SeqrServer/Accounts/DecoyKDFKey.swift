import Crypto
import Foundation
import NIOConcurrencyHelpers

/// The key decoy KDF salts for unknown usernames are derived from. It lives in the database
/// (``AccountRepository/serverKey(named:ifAbsent:)``), not in the process, so a name's decoy salt
/// is the same after a restart and on every replica: otherwise asking twice, across a restart
/// or two instances, would show which names are real (their salt never changes).
final class DecoyKDFKey: Sendable {
    static let name = "decoy-kdf-v1"
    private let cached = NIOLockedValueBox<SymmetricKey?>(nil)

    /// Read once per process; the first instance over a new database stores a fresh random key.
    func key(from repository: any AccountRepository) async throws -> SymmetricKey {
        if let key = cached.withLockedValue({ $0 }) { return key }
        let fresh = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        let key = SymmetricKey(data: try await repository.serverKey(named: Self.name, ifAbsent: fresh))
        cached.withLockedValue { $0 = key }
        return key
    }

    /// The decoy salt for `username`: 16 bytes, the length clients' own salts have.
    static func salt(for username: String, key: SymmetricKey) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(username.utf8), using: key).prefix(16))
    }
}
