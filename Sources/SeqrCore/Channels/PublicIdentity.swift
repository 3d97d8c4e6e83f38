import Crypto
import Foundation

/// A person's public identity: a signing key (Ed25519 or P-256) and an X25519 key that
/// channel shares are sealed to.
public struct PublicIdentity: Equatable, Sendable {
    /// The public signing key: Ed25519 (32 bytes) or P-256 (65-byte X9.63).
    public enum SigningKey: Equatable, Sendable {
        case ed25519(Data)   // 32-byte raw key
        case p256(Data)      // 65-byte X9.63 point

        var algorithmByte: UInt8 { if case .ed25519 = self { 1 } else { 2 } }
        var bytes: Data { switch self { case .ed25519(let d), .p256(let d): d } }
    }

    /// The key that verifies this person's signatures.
    public let signingKey: SigningKey
    /// The 32-byte X25519 key that channel shares are sealed to.
    public let agreementKey: Data  // 32-byte X25519
    /// The name the person chose; untrusted: show it with `DisplayName.escaped` and compare fingerprints, not names.
    public let name: String

    /// A public identity from its parts, as read from a public-key code or a store.
    public init(signingKey: SigningKey, agreementKey: Data, name: String) {
        self.signingKey = signingKey
        self.agreementKey = agreementKey
        self.name = name
    }

    /// 16 base-32 characters in four groups, to compare aloud ("7KQ2-…").
    public var fingerprint: String {
        let digest = Array(SHA256.hash(data: [signingKey.algorithmByte] + signingKey.bytes + agreementKey).prefix(10))
        let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")  // Crockford: no I, L, O, U
        var bits = 0, value = 0, out = ""
        for byte in digest {
            value = (value << 8) | Int(byte)
            bits += 8
            while bits >= 5 {
                out.append(alphabet[(value >> (bits - 5)) & 31])
                bits -= 5
            }
        }
        return stride(from: 0, to: 16, by: 4).map { String(Array(out)[$0..<$0 + 4]) }.joined(separator: "-")
    }

    /// Checks `signature` over `message` with the signing key.
    func verifies(_ signature: Data, over message: Data) -> Bool {
        switch signingKey {
        case .ed25519(let raw):
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: raw) else { return false }
            return key.isValidSignature(signature, for: message)
        case .p256(let x963):
            guard let key = try? P256.Signing.PublicKey(x963Representation: x963),
                  let sig = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
            return key.isValidSignature(sig, for: message)
        }
    }

    /// Serialized: algorithm byte, key, X25519 key, name length (UInt8) and UTF-8 name.
    func serialized() -> [UInt8] {
        let nameBytes = Array(name.utf8.prefix(255))
        return [signingKey.algorithmByte] + signingKey.bytes + agreementKey + [UInt8(nameBytes.count)] + nameBytes
    }

    init(reading reader: inout ByteReader<ChannelError>, checkingName: Bool = true) throws(ChannelError) {
        switch try reader.uint8() {
        case 1: signingKey = .ed25519(Data(try reader.take(32)))
        case 2: signingKey = .p256(Data(try reader.take(65)))
        default: throw .invalidKey
        }
        agreementKey = Data(try reader.take(32))
        guard let name = String(validating: try reader.take(Int(try reader.uint8())), as: UTF8.self) else {
            throw .invalidContent("the name is not UTF-8")
        }
        if checkingName { try DisplayName.validate(name) }
        self.name = name
        switch signingKey {
        case .ed25519(let raw): guard (try? Curve25519.Signing.PublicKey(rawRepresentation: raw)) != nil else { throw .invalidKey }
        case .p256(let x963): guard (try? P256.Signing.PublicKey(x963Representation: x963)) != nil else { throw .invalidKey }
        }
        guard (try? Curve25519.KeyAgreement.PublicKey(rawRepresentation: agreementKey)) != nil else { throw .invalidKey }
    }
}
