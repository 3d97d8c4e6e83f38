import Crypto
import Foundation

/// The rekey QR code (type 4, suite 2 only): a channel's next epoch secret, sealed with HPKE to each
/// remaining subscriber, naming the subscribers removed, signed by the owner. More subscribers than
/// fit one code go into several parts, each signed on its own.
///
/// | field | bytes |
/// | --- | --- |
/// | header "SQ", 2, 4 | 4 |
/// | channel id | 16 |
/// | new epoch (UInt32 BE, ≥ 1) | 4 |
/// | part (UInt8, from 1), parts (UInt8) | 2 |
/// | removed count r (UInt8) | 1 |
/// | removed subscribers' recipient ids (SHA-256(X25519 key)[0..<8]) | 8r |
/// | entry count e (UInt8, 1 to 16) | 1 |
/// | per entry: recipient id (8) ‖ HPKE encapsulated key (32) ‖ HPKE ciphertext of the epoch secret (32 + 16 tag); suite 2's HPKE, info "seqr channel rekey v2", AAD = header ‖ channel id ‖ epoch ‖ recipient id | 88e |
/// | owner's signature over every byte before it | 64 |
///
/// A reader verifies the signature with the owner key of the channel it already has before
/// opening anything; a code signed by anyone else is refused.
public struct ChannelRekeyCode: Equatable, Sendable {
    /// One remaining subscriber's sealed copy of the new epoch secret, found by their recipient id.
    public struct Entry: Equatable, Sendable {
        public let recipientID: [UInt8]
        let encapsulatedKey: [UInt8]
        let ciphertext: [UInt8]
    }

    /// Subscribers per code: 16 entries keep a part under 1,800 bytes, a version-40 code even as a link.
    public static let entriesPerCode = 16
    static let info = Data("seqr channel rekey v2".utf8)
    static let header = SeqrCodeType.rekey.header(.v2)

    public let channelID: Data
    public let epoch: UInt32
    public let part: UInt8
    public let parts: UInt8
    public let removed: [[UInt8]]
    public let entries: [Entry]

    /// The codes that move `channel` to `next` (its next epoch and fresh secret) for `subscribers`,
    /// telling each of `removed` they are removed; one code per 16 subscribers (at least one).
    public static func encode(_ next: Channel, to subscribers: [PublicIdentity], removed: [PublicIdentity], signedBy owner: PrivateIdentity) throws -> [[UInt8]] {
        guard next.epoch >= 1, next.suite == .v2 else { throw ChannelError.invalidContent("a rekey moves a channel to epoch 1 or later") }
        guard removed.count <= 255 else { throw ChannelError.invalidContent("at most 255 subscribers removed at once") }
        let groups = stride(from: 0, to: max(subscribers.count, 1), by: entriesPerCode).map { Array(subscribers[$0..<min($0 + entriesPerCode, subscribers.count)]) }
        guard groups.count <= 255 else { throw ChannelError.invalidContent("too many subscribers for one rekey") }
        return try groups.enumerated().map { index, group in
            var body = header + [UInt8](next.id)
            body.appendBigEndian(next.epoch)
            body += [UInt8(index + 1), UInt8(groups.count), UInt8(removed.count)]
            body += removed.flatMap { ChannelShareCode.recipientID($0.agreementKey) }
            body.append(UInt8(group.count))
            for subscriber in group {
                let id = ChannelShareCode.recipientID(subscriber.agreementKey)
                let key = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: subscriber.agreementKey)
                var sender = try HPKE.Sender(recipientKey: key, ciphersuite: ChannelSuite.v2.hpke, info: info)
                body += id + [UInt8](sender.encapsulatedKey)
                body += [UInt8](try sender.seal(next.secret, authenticating: aad(next.id, next.epoch, id)))
            }
            return body + [UInt8](try owner.sign(Data(body)))
        }
    }

    /// Parses a rekey code's fields; nothing is verified yet (see `open`).
    public init(parsing bytes: [UInt8]) throws(ChannelError) {
        guard try SeqrCodeType.read(bytes).type == .rekey else { throw .unknownType(bytes[3]) }
        guard bytes.count >= 4 + 16 + 4 + 2 + 1 + 1 + 64 else { throw .truncated }
        var reader = ByteReader(Array(bytes.dropFirst(4).dropLast(64)), truncated: ChannelError.truncated)
        channelID = Data(try reader.take(16))
        epoch = try reader.uint32()
        part = try reader.uint8()
        parts = try reader.uint8()
        guard epoch >= 1, part >= 1, part <= parts else { throw .invalidContent("bad epoch or part number") }
        var removed: [[UInt8]] = []
        for _ in 0..<(try reader.uint8()) { removed.append(try reader.take(8)) }
        self.removed = removed
        var entries: [Entry] = []
        for _ in 0..<(try reader.uint8()) {
            entries.append(Entry(recipientID: try reader.take(8), encapsulatedKey: try reader.take(32), ciphertext: try reader.take(48)))
        }
        self.entries = entries
        guard reader.remaining == 0 else { throw .invalidContent("trailing bytes") }
    }

    /// Verifies the owner's signature with `channel`'s owner key, then opens the new epoch's secret for
    /// `recipient`: `channel` at the new epoch. A removed recipient gets `removedFromChannel`.
    public static func open(_ bytes: [UInt8], channel: Channel, for recipient: PrivateIdentity) throws(ChannelError) -> Channel {
        let code = try ChannelRekeyCode(parsing: bytes)
        guard code.channelID == channel.id else { throw .unknownChannel(code.channelID) }
        try verify(bytes, owner: channel.owner)
        let mine = ChannelShareCode.recipientID(recipient.agreementKey.publicKey.rawRepresentation)
        guard let entry = code.entries.first(where: { $0.recipientID == mine }) else {
            if code.removed.contains(mine) { throw .removedFromChannel(channel.name) }
            if code.parts > 1 { throw .inAnotherRekeyPart(part: code.part, of: code.parts) }
            throw .notForThisRecipient
        }
        do {
            var opener = try HPKE.Recipient(privateKey: recipient.agreementKey, ciphersuite: ChannelSuite.v2.hpke, info: info,
                                            encapsulatedKey: Data(entry.encapsulatedKey))
            let secret = try opener.open(entry.ciphertext, authenticating: aad(channel.id, code.epoch, mine))
            return channel.at(epoch: code.epoch, secret: secret)
        } catch {
            throw .decryptionFailed
        }
    }

    /// Throws `badSignature` unless `owner` signed the code.
    public static func verify(_ bytes: [UInt8], owner: PublicIdentity) throws(ChannelError) {
        guard bytes.count > 64, owner.verifies(Data(bytes.suffix(64)), over: Data(bytes.dropLast(64))) else { throw .badSignature }
    }

    static func aad(_ channelID: Data, _ epoch: UInt32, _ recipientID: [UInt8]) -> [UInt8] {
        var aad = header + [UInt8](channelID)
        aad.appendBigEndian(epoch)
        return aad + recipientID
    }
}
