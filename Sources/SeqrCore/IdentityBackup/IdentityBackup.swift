import Crypto
import Foundation

/// What an identity backup holds (docs/formats/identity-backup.md): the identity's private keys
/// and every channel it owns or follows, with the secret of every epoch it has. Plain JSON, so that
/// the web app (identity-backup.js) and the CLI write and read the same document:
///
/// | key | value |
/// | --- | --- |
/// | `exported` | Unix seconds |
/// | `identity` | `{name, signingAlgorithm: "ed25519"/"p256", signingKey, agreementKey}`, keys base64 (32 bytes raw each) |
/// | `channels` | array of ``IdentityBackupChannel`` |
///
/// Unknown keys are ignored (a later writer may add some); every value that is there is checked.
/// Sealing is ``SealedIdentityBackup``'s: this document never touches a disk in clear.
public struct IdentityBackup: Sendable {
    public var identity: PrivateIdentity
    public var channels: [IdentityBackupChannel]
    public var exported: Date

    /// At most this many channels (a limit far above use; keeps a hostile document's cost bounded).
    public static let maximumChannels = 10_000

    public init(identity: PrivateIdentity, channels: [IdentityBackupChannel], exported: Date = Date()) {
        self.identity = identity
        self.channels = channels
        self.exported = Date(timeIntervalSince1970: exported.timeIntervalSince1970.rounded(.down))
    }

    /// Reads the JSON document; `malformedContents` says what is wrong.
    public init(parsing json: [UInt8]) throws(IdentityBackupError) {
        let document: Document
        do { document = try JSONDecoder().decode(Document.self, from: Data(json)) } catch {
            throw .malformedContents("not the JSON of an identity backup")
        }
        identity = try document.identity.privateIdentity()
        guard document.channels.count <= Self.maximumChannels else { throw .malformedContents("more than \(Self.maximumChannels) channels") }
        exported = Date(timeIntervalSince1970: TimeInterval(document.exported))
        var seen = Set<String>()
        var channels: [IdentityBackupChannel] = []
        for stored in document.channels {
            let channel = try IdentityBackupChannel(stored, identity: identity.publicIdentity)
            guard seen.insert(channel.owner.fingerprint + "/" + IdentityBackupChannel.hex(channel.id)).inserted else {
                throw .malformedContents("channel \(IdentityBackupChannel.hex(channel.id)) of \(channel.owner.fingerprint) appears twice")
            }
            channels.append(channel)
        }
        self.channels = channels
    }

    /// The JSON document, keys sorted.
    public func serialized() -> [UInt8] {
        let document = Document(exported: Int64(exported.timeIntervalSince1970), identity: StoredIdentity(identity), channels: channels.map(\.stored))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings, integers, booleans, arrays and dictionaries always encode.
        return Array(try! encoder.encode(document))
    }

    struct Document: Codable {
        var exported: Int64
        var identity: StoredIdentity
        var channels: [IdentityBackupChannel.Stored]
    }

    struct StoredIdentity: Codable {
        var name: String
        var signingAlgorithm: String
        var signingKey: String
        var agreementKey: String

        init(_ identity: PrivateIdentity) {
            name = identity.name
            (signingAlgorithm, signingKey) = switch identity.signingKey {
            case .ed25519(let key): ("ed25519", key.rawRepresentation.base64EncodedString())
            case .p256(let key): ("p256", key.rawRepresentation.base64EncodedString())
            }
            agreementKey = identity.agreementKey.rawRepresentation.base64EncodedString()
        }

        func privateIdentity() throws(IdentityBackupError) -> PrivateIdentity {
            guard DisplayName.forbiddenScalar(in: name) == nil, name.utf8.count <= 255 else {
                throw .malformedContents("the identity's name is not a name Seqr keeps")
            }
            guard let signing = Data(base64Encoded: signingKey), signing.count == 32,
                  let agreement = Data(base64Encoded: agreementKey), agreement.count == 32 else {
                throw .malformedContents("the identity's keys are not 32 bytes of base64 each")
            }
            do {
                let key: PrivateIdentity.SigningKey = switch signingAlgorithm {
                case "ed25519": .ed25519(try Curve25519.Signing.PrivateKey(rawRepresentation: signing))
                case "p256": .p256(try P256.Signing.PrivateKey(rawRepresentation: signing))
                default: throw IdentityBackupError.malformedContents("unknown signing algorithm")
                }
                return PrivateIdentity(signingKey: key, agreementKey: try Curve25519.KeyAgreement.PrivateKey(rawRepresentation: agreement), name: name)
            } catch let error as IdentityBackupError {
                throw error
            } catch {
                throw .malformedContents("the identity's keys are not valid keys")
            }
        }
    }
}
