import Crypto
import Foundation

/// A person's public identity: a signing key (Ed25519 or P-256) and an X25519 key that
/// channel shares are sealed to.
public struct PublicIdentity: Equatable, Sendable {
    public enum SigningKey: Equatable, Sendable {
        case ed25519(Data)   // 32-byte raw key
        case p256(Data)      // 65-byte X9.63 point

        var algorithmByte: UInt8 { if case .ed25519 = self { 1 } else { 2 } }
        var bytes: Data { switch self { case .ed25519(let d), .p256(let d): d } }
    }

    public let signingKey: SigningKey
    public let agreementKey: Data  // 32-byte X25519
    public let name: String

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

/// The private side of an identity. Keep it in the local store, encrypted at rest.
public struct PrivateIdentity: Sendable {
    public enum SigningKey: Sendable {
        case ed25519(Curve25519.Signing.PrivateKey)
        case p256(P256.Signing.PrivateKey)
    }

    public let signingKey: SigningKey
    public let agreementKey: Curve25519.KeyAgreement.PrivateKey
    public let name: String

    public init(signingKey: SigningKey, agreementKey: Curve25519.KeyAgreement.PrivateKey, name: String) {
        self.signingKey = signingKey
        self.agreementKey = agreementKey
        self.name = name
    }

    /// A new identity with fresh keys from the system's generator.
    public static func generate(name: String, p256: Bool = false) -> PrivateIdentity {
        PrivateIdentity(signingKey: p256 ? .p256(P256.Signing.PrivateKey()) : .ed25519(Curve25519.Signing.PrivateKey()),
                        agreementKey: Curve25519.KeyAgreement.PrivateKey(), name: name)
    }

    public var publicIdentity: PublicIdentity {
        let signing: PublicIdentity.SigningKey = switch signingKey {
        case .ed25519(let key): .ed25519(key.publicKey.rawRepresentation)
        case .p256(let key): .p256(key.publicKey.x963Representation)
        }
        return PublicIdentity(signingKey: signing, agreementKey: agreementKey.publicKey.rawRepresentation, name: name)
    }

    /// The private keys and name, for the local store (seal them with a passphrase at rest):
    /// algorithm (1 Ed25519, 2 P-256) ‖ 32-byte signing key ‖ 32-byte X25519 key ‖ name length ‖ name.
    public func serializedPrivateKeys() -> [UInt8] {
        let (algorithm, raw): (UInt8, Data) = switch signingKey {
        case .ed25519(let key): (1, key.rawRepresentation)
        case .p256(let key): (2, key.rawRepresentation)
        }
        let nameBytes = Array(name.utf8.prefix(255))
        return [algorithm] + raw + agreementKey.rawRepresentation + [UInt8(nameBytes.count)] + nameBytes
    }

    public init(serializedPrivateKeys bytes: [UInt8]) throws(ChannelError) {
        var reader = ByteReader(bytes, truncated: ChannelError.truncated)
        let algorithm = try reader.uint8()
        let signingRaw = try reader.take(32), agreementRaw = try reader.take(32)
        guard let name = String(validating: try reader.take(Int(try reader.uint8())), as: UTF8.self) else { throw .invalidContent("name") }
        do {
            switch algorithm {
            case 1: signingKey = .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: signingRaw))
            case 2: signingKey = .p256(try P256.Signing.PrivateKey(rawRepresentation: signingRaw))
            default: throw ChannelError.invalidKey
            }
            agreementKey = try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: agreementRaw)
        } catch {
            throw .invalidKey
        }
        self.name = name
    }

    func sign(_ message: Data) throws -> Data {
        switch signingKey {
        case .ed25519(let key): try key.signature(for: message)
        case .p256(let key): try key.signature(for: message).rawRepresentation
        }
    }
}
