import Crypto
import Foundation

/// The message QR code (type 3): AEAD under a key derived from the channel's epoch secret,
/// signed by the owner. The version byte is the channel's suite (``ChannelSuite``).
///
/// | field | bytes |
/// | --- | --- |
/// | header "SQ", suite (1 or 2), 3 | 4 |
/// | channel id | 16 |
/// | suite 2 only: epoch (UInt32 BE) | 4 |
/// | nonce (random) | 12 |
/// | ciphertext length (UInt16 BE) | 2 |
/// | AEAD (suite 1 ChaCha20-Poly1305, suite 2 AES-256-GCM) of kind(UInt8) ‖ created(UInt64 BE) ‖ expires(UInt64 BE, 0 = never) ‖ UTF-8 content, key = HKDF-SHA256(epoch secret, info "seqr channel message v1" or "… v2"), AAD = every byte before it (34 or 38) | n |
/// | owner's signature over every byte before it | 64 |
///
/// Readers check the signature first, then the epoch, then decrypt.
public enum ChannelMessageCode {
    /// What a message code says about itself before anything is verified: which channel, suite and epoch.
    public struct Header: Equatable, Sendable {
        /// The channel the message claims to belong to: where to look its secret up, not yet verified.
        public let channelID: Data
        /// The suite the message claims.
        public let suite: ChannelSuite
        /// The epoch whose secret the message claims to be encrypted under.
        public let epoch: UInt32
        /// The header, channel id and epoch: where the nonce starts.
        var length: Int { 20 + (suite.hasEpochs ? 4 : 0) }
    }

    /// A message code: encrypted under the channel's current secret with a fresh random nonce, then
    /// signed by `owner`, whose key must be the channel's owner key for subscribers to accept it.
    public static func encode(_ message: ChannelMessage, in channel: Channel, signedBy owner: PrivateIdentity) throws -> [UInt8] {
        try encode(message, in: channel, signedBy: owner, nonce: SecureRandom.bytes(12))
    }

    /// With a given nonce, for test vectors only: a nonce used twice under one key breaks the AEAD.
    static func encode(_ message: ChannelMessage, in channel: Channel, signedBy owner: PrivateIdentity, nonce: [UInt8]) throws -> [UInt8] {
        var plaintext: [UInt8] = [message.kind.rawValue]
        for date in [message.created, message.expires] {
            let seconds = UInt64(date?.timeIntervalSince1970 ?? 0)
            plaintext.appendBigEndian(UInt32(seconds >> 32))
            plaintext.appendBigEndian(UInt32(seconds & 0xFFFF_FFFF))
        }
        plaintext += Array(message.content.utf8)
        var prefix = SeqrCodeType.message.header(channel.suite) + [UInt8](channel.id)
        if channel.suite.hasEpochs { prefix.appendBigEndian(channel.epoch) }
        prefix += nonce
        prefix.appendBigEndian(UInt16(plaintext.count + 16))
        let signed = prefix + (try channel.suite.seal(plaintext, key: channel.suite.messageKey(channel.secret), nonce: nonce, authenticating: prefix))
        return signed + [UInt8](try owner.sign(Data(signed)))
    }

    /// The channel id, suite and epoch of a message code, to look its channel and epoch secret up.
    public static func header(_ bytes: [UInt8]) throws(ChannelError) -> Header {
        let (type, suite) = try SeqrCodeType.read(bytes)
        guard type == .message else { throw .unknownType(bytes[3]) }
        var reader = ByteReader(Array(bytes.dropFirst(4)), truncated: ChannelError.truncated)
        let id = Data(try reader.take(16))
        let header = Header(channelID: id, suite: suite, epoch: suite.hasEpochs ? try reader.uint32() : 0)
        guard bytes.count >= header.length + 12 + 2 + 16 + 64 else { throw .truncated }
        return header
    }

    /// The channel id of a message code, to look its channel up.
    public static func channelID(_ bytes: [UInt8]) throws(ChannelError) -> Data {
        try header(bytes).channelID
    }

    /// Verifies the owner's signature, then decrypts with `channel`'s secret, which must be that of the
    /// message's epoch (`epochNotReached` otherwise). `channel` must be the one `channelID` names.
    public static func decode(_ bytes: [UInt8], channel: Channel) throws(ChannelError) -> ChannelMessage {
        let header = try header(bytes)
        guard header.channelID == channel.id else { throw .unknownChannel(header.channelID) }
        let signed = Array(bytes.dropLast(64))
        guard channel.owner.verifies(Data(bytes.suffix(64)), over: Data(signed)) else { throw .badSignature }
        guard header.epoch == channel.epoch else { throw .epochNotReached(header.epoch) }
        var reader = ByteReader(signed, truncated: ChannelError.truncated)
        let aad = try reader.take(header.length)
        let nonce = try reader.take(12)
        let length = Int(try reader.uint16())
        let sealed = try reader.take(length)
        guard reader.remaining == 0, length >= 16 else { throw .invalidContent("bad ciphertext length") }
        let plaintext = try header.suite.open(sealed, key: header.suite.messageKey(channel.secret), nonce: nonce,
                                              authenticating: aad + nonce + [UInt8(length >> 8), UInt8(length & 0xFF)])
        var inner = ByteReader([UInt8](plaintext), truncated: ChannelError.invalidContent("short message"))
        guard let kind = ChannelMessage.Kind(rawValue: try inner.uint8()) else { throw .invalidContent("unknown message kind") }
        let created = UInt64(try inner.uint32()) << 32 | UInt64(try inner.uint32())
        let expires = UInt64(try inner.uint32()) << 32 | UInt64(try inner.uint32())
        guard let content = String(validating: inner.rest(), as: UTF8.self) else { throw .invalidContent("not UTF-8") }
        return ChannelMessage(kind: kind, created: Date(timeIntervalSince1970: TimeInterval(created)),
                              expires: expires == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expires)), content: content)
    }
}
