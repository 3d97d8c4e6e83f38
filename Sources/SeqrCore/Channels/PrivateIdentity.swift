import Crypto
import Foundation

/// The private side of an identity. Keep it in the local store, encrypted at rest.
public struct PrivateIdentity: Sendable {
    /// The signing half of an identity: Ed25519 (the default) or P-256.
    public enum SigningKey: Sendable {
        case ed25519(Curve25519.Signing.PrivateKey)
        case p256(P256.Signing.PrivateKey)
    }

    /// The key that signs channel shares, messages and rekey codes.
    public let signingKey: SigningKey
    /// The X25519 key that opens channel shares and rekey entries sealed to this identity.
    public let agreementKey: Curve25519.KeyAgreement.PrivateKey
    /// The name shown to others (in the public-key code).
    public let name: String

    /// An identity from existing keys; ``generate(name:p256:)`` makes a new one.
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

    /// What others may know: the public halves of both keys, and the name.
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

    /// Reads ``serializedPrivateKeys()`` back; throws ``ChannelError`` for anything else.
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
