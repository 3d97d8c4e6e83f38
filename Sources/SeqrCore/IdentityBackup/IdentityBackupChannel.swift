import Foundation

/// One channel in an ``IdentityBackup``: what the CLI's store and the web keyring both keep of it.
///
/// | key | value |
/// | --- | --- |
/// | `id` | 16 bytes, 32 lowercase hex digits |
/// | `name` | the channel's name |
/// | `owner` | the owner's public-key code, base64 (header `SQ` first) |
/// | `owned` | whether the backed-up identity owns it (then `owner` is that identity) |
/// | `created` | Unix seconds |
/// | `suite` | 1 or 2 (``ChannelSuite`` of the current epoch; suite 1 only at epoch 0) |
/// | `epoch` | the current epoch |
/// | `secrets` | `{"<epoch>": base64 of 32 bytes}`, every epoch held, the current one among them |
/// | `removed` | a subscription whose owner removed this identity at the epoch after `epoch` |
/// | `subscribers` | owned channels: `[{name, key: public-key code base64, removed}]` |
public struct IdentityBackupChannel: Sendable, Equatable {
    public struct Subscriber: Sendable, Equatable {
        public var name: String
        public var identity: PublicIdentity
        public var removed: Bool
        public init(name: String, identity: PublicIdentity, removed: Bool) {
            self.name = name
            self.identity = identity
            self.removed = removed
        }
    }

    public var id: Data
    public var name: String
    public var owner: PublicIdentity
    public var owned: Bool
    public var created: Date
    public var suite: ChannelSuite
    public var epoch: UInt32
    /// Every epoch's secret held, the current epoch's among them.
    public var secrets: [UInt32: Data]
    public var removed: Bool
    public var subscribers: [Subscriber]

    public init(id: Data, name: String, owner: PublicIdentity, owned: Bool, created: Date, suite: ChannelSuite, epoch: UInt32,
                secrets: [UInt32: Data], removed: Bool = false, subscribers: [Subscriber] = []) {
        self.id = id
        self.name = name
        self.owner = owner
        self.owned = owned
        self.created = Date(timeIntervalSince1970: created.timeIntervalSince1970.rounded(.down))
        self.suite = suite
        self.epoch = epoch
        self.secrets = secrets
        self.removed = removed
        self.subscribers = subscribers
    }

    struct Stored: Codable {
        struct Subscriber: Codable { var name: String; var key: String; var removed: Bool }
        var id: String
        var name: String
        var owner: String
        var owned: Bool
        var created: Int64
        var suite: Int
        var epoch: Int64
        var secrets: [String: String]
        var removed: Bool
        var subscribers: [Subscriber]
    }

    var stored: Stored {
        Stored(id: Self.hex(id), name: name, owner: Data(PublicKeyCode.encode(owner)).base64EncodedString(), owned: owned,
               created: Int64(created.timeIntervalSince1970), suite: Int(suite.rawValue), epoch: Int64(epoch),
               secrets: Dictionary(uniqueKeysWithValues: secrets.map { (String($0.key), $0.value.base64EncodedString()) }),
               removed: removed,
               subscribers: subscribers.map { Stored.Subscriber(name: $0.name, key: Data(PublicKeyCode.encode($0.identity)).base64EncodedString(), removed: $0.removed) })
    }

    init(_ stored: Stored, identity: PublicIdentity) throws(IdentityBackupError) {
        guard stored.id.count == 32, stored.id.allSatisfy({ $0.isHexDigit && !$0.isUppercase }), let id = Self.bytes(hex: stored.id) else {
            throw .malformedContents("a channel id is not 32 lowercase hex digits")
        }
        let label = "channel \(stored.id)"
        guard DisplayName.forbiddenScalar(in: stored.name) == nil else { throw .malformedContents("\(label): its name holds a control character") }
        let owner = try Self.publicKey(stored.owner, "\(label): its owner")
        guard !stored.owned || owner.fingerprint == identity.fingerprint else { throw .malformedContents("\(label) is marked owned, but its owner is another identity") }
        guard let suite = UInt8(exactly: stored.suite).flatMap(ChannelSuite.init(rawValue:)) else { throw .malformedContents("\(label): unknown suite \(stored.suite)") }
        guard let epoch = UInt32(exactly: stored.epoch) else { throw .malformedContents("\(label): the epoch is not 0…4294967295") }
        guard suite != .v1 || epoch == 0 else { throw .malformedContents("\(label): a suite-1 channel past epoch 0") }
        var secrets: [UInt32: Data] = [:]
        for (text, base64) in stored.secrets {
            guard let held = UInt32(text), String(held) == text, held <= epoch else { throw .malformedContents("\(label): a secret of an epoch that is not 0…\(epoch)") }
            guard let secret = Data(base64Encoded: base64), secret.count == 32 else { throw .malformedContents("\(label): a secret is not 32 bytes of base64") }
            secrets[held] = secret
        }
        guard secrets[epoch] != nil else { throw .malformedContents("\(label): no secret of its current epoch") }
        guard stored.owned || stored.subscribers.isEmpty else { throw .malformedContents("\(label): subscribers of a channel it does not own") }
        var subscribers: [Subscriber] = []
        for subscriber in stored.subscribers {
            guard DisplayName.forbiddenScalar(in: subscriber.name) == nil else { throw .malformedContents("\(label): a subscriber's name holds a control character") }
            subscribers.append(Subscriber(name: subscriber.name, identity: try Self.publicKey(subscriber.key, "\(label): a subscriber"), removed: subscriber.removed))
        }
        self.init(id: id, name: stored.name, owner: owner, owned: stored.owned, created: Date(timeIntervalSince1970: TimeInterval(stored.created)),
                  suite: suite, epoch: epoch, secrets: secrets, removed: stored.removed, subscribers: subscribers)
    }

    private static func publicKey(_ base64: String, _ what: String) throws(IdentityBackupError) -> PublicIdentity {
        guard let bytes = Data(base64Encoded: base64), let identity = try? PublicKeyCode.decode([UInt8](bytes)) else {
            throw .malformedContents("\(what) is not a public-key code")
        }
        return identity
    }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    private static func bytes(hex text: String) -> Data? {
        var out = Data()
        var high: UInt8?
        for character in text {
            guard let nibble = character.hexDigitValue.map(UInt8.init) else { return nil }
            if let h = high { out.append(h << 4 | nibble); high = nil } else { high = nibble }
        }
        return high == nil ? out : nil
    }
}
