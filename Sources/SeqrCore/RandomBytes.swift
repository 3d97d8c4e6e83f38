import Foundation

/// `count` bytes from the system generator: ids, secrets, salts and nonces all come from here.
func randomBytes(_ count: Int) -> Data {
    var generator = SystemRandomNumberGenerator()
    return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
}
