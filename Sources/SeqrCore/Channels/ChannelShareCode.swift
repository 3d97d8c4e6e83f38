import Crypto
import Foundation

/// The channel-share QR code (type 2): the channel's id, name, secret and creation time (and,
/// in suite 2, its epoch), sealed with HPKE (RFC 9180, base mode) to the subscriber's X25519 key
/// with the channel's suite (``ChannelSuite``: the version byte), and signed by the owner.
///
/// | field | bytes |
/// | --- | --- |
/// | header "SQ", suite (1 or 2), 2 | 4 |
/// | owner's public identity | 1 + 32 or 65 + 32 + 1 + name |
/// | recipient id: SHA-256(recipient X25519 key)[0..<8] | 8 |
/// | HPKE encapsulated key | 32 |
/// | ciphertext length (UInt16 BE) | 2 |
/// | HPKE ciphertext, info "seqr channel share v1" or "… v2", of id(16) ‖ [suite 2: epoch(UInt32 BE)] ‖ secret(32) ‖ created(UInt64 BE) ‖ name length(UInt8) ‖ name; AAD = every byte before it | n |
/// | owner's signature over every byte before it (Ed25519, or P-256 raw R‖S) | 64 |
public enum ChannelShareCode {
    /// A share code for `recipient`: the channel's id, secret and name sealed with HPKE to the
    /// recipient's X25519 key (only they can open it), the whole code signed by `owner`.
    public static func encode(_ channel: Channel, to recipient: PublicIdentity, signedBy owner: PrivateIdentity) throws -> [UInt8] {
        let recipientKey = try Curve25519.KeyAgreement.PublicKey(rawRepresentation: recipient.agreementKey)
        var sender = try HPKE.Sender(recipientKey: recipientKey, ciphersuite: channel.suite.hpke, info: channel.suite.shareInfo)
        var prefix = SeqrCodeType.channelShare.header(channel.suite) + owner.publicIdentity.serialized() + recipientID(recipient.agreementKey)
        prefix += [UInt8](sender.encapsulatedKey)
        var plaintext = [UInt8](channel.id)
        if channel.suite.hasEpochs { plaintext.appendBigEndian(channel.epoch) }
        plaintext += [UInt8](channel.secret)
        plaintext.appendBigEndian(UInt32(UInt64(channel.created.timeIntervalSince1970) >> 32))
        plaintext.appendBigEndian(UInt32(UInt64(channel.created.timeIntervalSince1970) & 0xFFFF_FFFF))
        let nameBytes = Array(channel.name.utf8.prefix(255))
        plaintext += [UInt8(nameBytes.count)] + nameBytes
        var lengthBytes: [UInt8] = []
        lengthBytes.appendBigEndian(UInt16(plaintext.count + 16))
        let aad = prefix + lengthBytes
        let ciphertext = try sender.seal(plaintext, authenticating: aad)
        let signed = aad + [UInt8](ciphertext)
        return signed + [UInt8](try owner.sign(Data(signed)))
    }

    /// Opens a share made for `recipient`: checks it is addressed to this identity, verifies
    /// the owner's signature, then decrypts. The owner's key travels in the share: compare its
    /// fingerprint with the owner's before trusting the channel.
    public static func decode(_ bytes: [UInt8], for recipient: PrivateIdentity) throws(ChannelError) -> Channel {
        let (type, suite) = try SeqrCodeType.read(bytes)
        guard type == .channelShare else { throw .unknownType(bytes[3]) }
        guard bytes.count > 4 + 64 else { throw .truncated }
        var reader = ByteReader(Array(bytes.dropFirst(4).dropLast(64)), truncated: ChannelError.truncated)
        let owner = try PublicIdentity(reading: &reader)
        let addressedTo = try reader.take(8)
        let encapsulated = try reader.take(32)
        let length = Int(try reader.uint16())
        let ciphertext = try reader.take(length)
        guard reader.remaining == 0 else { throw .invalidContent("trailing bytes") }
        guard addressedTo == recipientID(recipient.agreementKey.publicKey.rawRepresentation) else { throw .notForThisRecipient }
        let signed = Array(bytes.dropLast(64))
        guard owner.verifies(Data(bytes.suffix(64)), over: Data(signed)) else { throw .badSignature }
        let aad = Array(signed.dropLast(length))
        let plaintext: Data
        do {
            var opener = try HPKE.Recipient(privateKey: recipient.agreementKey, ciphersuite: suite.hpke, info: suite.shareInfo, encapsulatedKey: Data(encapsulated))
            plaintext = try opener.open(ciphertext, authenticating: aad)
        } catch {
            throw .decryptionFailed
        }
        var inner = ByteReader([UInt8](plaintext), truncated: ChannelError.invalidContent("short channel data"))
        let id = Data(try inner.take(16))
        let epoch = suite.hasEpochs ? try inner.uint32() : 0
        let secret = Data(try inner.take(32))
        let created = UInt64(try inner.uint32()) << 32 | UInt64(try inner.uint32())
        guard let name = String(validating: try inner.take(Int(try inner.uint8())), as: UTF8.self) else { throw .invalidContent("the name is not UTF-8") }
        guard inner.remaining == 0 else { throw .invalidContent("trailing channel data") }
        try DisplayName.validate(name)
        return Channel(id: id, name: name, secret: secret, owner: owner, created: Date(timeIntervalSince1970: TimeInterval(created)), suite: suite, epoch: epoch)
    }

    static func recipientID(_ agreementKey: Data) -> [UInt8] {
        Array(SHA256.hash(data: agreementKey).prefix(8))
    }
}
