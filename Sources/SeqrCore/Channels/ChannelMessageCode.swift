import Crypto
import Foundation

/// The message QR code (type 3): AEAD under the channel's secret, signed by the owner.
///
/// | field | bytes |
/// | --- | --- |
/// | header "SQ", 1, 3 | 4 |
/// | channel id | 16 |
/// | nonce (random) | 12 |
/// | ciphertext length (UInt16 BE) | 2 |
/// | ChaCha20-Poly1305 of kind(UInt8) ‖ created(UInt64 BE) ‖ expires(UInt64 BE, 0 = never) ‖ UTF-8 content, key = HKDF-SHA256(secret, info "seqr channel message v1"), AAD = the 34 bytes before it | n |
/// | owner's signature over every byte before it | 64 |
///
/// Readers check the signature first, then decrypt.
public enum ChannelMessageCode {
    static let keyInfo = Data("seqr channel message v1".utf8)

    public static func encode(_ message: ChannelMessage, in channel: Channel, signedBy owner: PrivateIdentity) throws -> [UInt8] {
        var plaintext: [UInt8] = [message.kind.rawValue]
        for date in [message.created, message.expires] {
            let seconds = UInt64(date?.timeIntervalSince1970 ?? 0)
            plaintext.appendBigEndian(UInt32(seconds >> 32))
            plaintext.appendBigEndian(UInt32(seconds & 0xFFFF_FFFF))
        }
        plaintext += Array(message.content.utf8)
        let nonce = ChaChaPoly.Nonce()
        var prefix = SeqrCodeType.message.header + [UInt8](channel.id) + Array(nonce)
        prefix.appendBigEndian(UInt16(plaintext.count + 16))
        let box = try ChaChaPoly.seal(plaintext, using: key(channel.secret), nonce: nonce, authenticating: prefix)
        let signed = prefix + [UInt8](box.ciphertext) + [UInt8](box.tag)
        return signed + [UInt8](try owner.sign(Data(signed)))
    }

    /// The channel id of a message code, to look its channel up.
    public static func channelID(_ bytes: [UInt8]) throws(ChannelError) -> Data {
        guard try SeqrCodeType.classify(bytes) == .message else { throw .unknownType(bytes[3]) }
        guard bytes.count >= 4 + 16 + 12 + 2 + 16 + 64 else { throw .truncated }
        return Data(bytes[4..<20])
    }

    /// Verifies the owner's signature, then decrypts. `channel` must be the one `channelID` names.
    public static func decode(_ bytes: [UInt8], channel: Channel) throws(ChannelError) -> ChannelMessage {
        guard try channelID(bytes) == channel.id else { throw .unknownChannel(try channelID(bytes)) }
        let signed = Array(bytes.dropLast(64))
        guard channel.owner.verifies(Data(bytes.suffix(64)), over: Data(signed)) else { throw .badSignature }
        var reader = ByteReader(signed, truncated: ChannelError.truncated)
        _ = try reader.take(20)
        let nonceBytes = try reader.take(12)
        let length = Int(try reader.uint16())
        let sealed = try reader.take(length)
        guard reader.remaining == 0, length >= 16 else { throw .invalidContent("bad ciphertext length") }
        let plaintext: Data
        do {
            let box = try ChaChaPoly.SealedBox(nonce: ChaChaPoly.Nonce(data: nonceBytes), ciphertext: sealed.dropLast(16), tag: sealed.suffix(16))
            plaintext = try ChaChaPoly.open(box, using: key(channel.secret), authenticating: Array(signed.prefix(34)))
        } catch {
            throw .decryptionFailed
        }
        var inner = ByteReader([UInt8](plaintext), truncated: ChannelError.invalidContent("short message"))
        guard let kind = ChannelMessage.Kind(rawValue: try inner.uint8()) else { throw .invalidContent("unknown message kind") }
        let created = UInt64(try inner.uint32()) << 32 | UInt64(try inner.uint32())
        let expires = UInt64(try inner.uint32()) << 32 | UInt64(try inner.uint32())
        guard let content = String(validating: inner.rest(), as: UTF8.self) else { throw .invalidContent("not UTF-8") }
        return ChannelMessage(kind: kind, created: Date(timeIntervalSince1970: TimeInterval(created)),
                              expires: expires == 0 ? nil : Date(timeIntervalSince1970: TimeInterval(expires)), content: content)
    }

    static func key(_ secret: Data) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: SymmetricKey(data: secret), info: keyInfo, outputByteCount: 32)
    }
}
