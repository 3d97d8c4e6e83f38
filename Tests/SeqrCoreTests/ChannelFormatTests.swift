import Foundation
import SeqrCore
import Testing

@Suite("Channel code formats")
struct ChannelFormatTests {
    let owner = PrivateIdentity.generate(name: "Alice")
    let subscriber = PrivateIdentity.generate(name: "Bob", p256: true)
    let stranger = PrivateIdentity.generate(name: "Eve")

    @Test("public-key codes round-trip for Ed25519 and P-256, with a spoken fingerprint", arguments: [false, true])
    func publicKey(p256: Bool) throws {
        let identity = PrivateIdentity.generate(name: "Zoë ✓", p256: p256).publicIdentity
        let bytes = PublicKeyCode.encode(identity)
        #expect(Array(bytes.prefix(4)) == [0x53, 0x51, 1, 1])
        #expect(try PublicKeyCode.decode(bytes) == identity)
        #expect(identity.fingerprint.count == 19 && identity.fingerprint.split(separator: "-").count == 4)
        #expect(throws: ChannelError.truncated) { try PublicKeyCode.decode(Array(bytes.dropLast(3))) }
        #expect(throws: ChannelError.invalidContent("trailing bytes")) { try PublicKeyCode.decode(bytes + [0]) }
    }

    @Test("a scanner tells Seqr codes from others and refuses unknown versions and types")
    func classify() {
        #expect(throws: ChannelError.notASeqrCode) { try SeqrCodeType.classify(Array("https://example.org".utf8)) }
        #expect(throws: ChannelError.unsupportedVersion(2)) { try SeqrCodeType.classify([0x53, 0x51, 2, 1]) }
        #expect(throws: ChannelError.unknownType(9)) { try SeqrCodeType.classify([0x53, 0x51, 1, 9]) }
        #expect(throws: ChannelError.truncated) { try SeqrCodeType.classify([0x53, 0x51]) }
    }

    @Test("owner shares a channel with a subscriber, and publishes a message only subscribers read")
    func flow() throws {
        let channel = Channel.create(name: "Garden club", owner: owner.publicIdentity)
        let share = try ChannelShareCode.encode(channel, to: subscriber.publicIdentity, signedBy: owner)
        let received = try ChannelShareCode.decode(share, for: subscriber)
        #expect(received == channel)
        #expect(received.owner.fingerprint == owner.publicIdentity.fingerprint)
        #expect(throws: ChannelError.notForThisRecipient) { try ChannelShareCode.decode(share, for: stranger) }

        let message = ChannelMessage(kind: .url, created: Date(), expires: Date().addingTimeInterval(7 * 86_400), content: "https://garden.example/meeting")
        let code = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        #expect(try ChannelMessageCode.channelID(code) == channel.id)
        #expect(try ChannelMessageCode.decode(code, channel: received) == message)
        // Someone with another channel cannot read it.
        let other = Channel.create(name: "Other", owner: stranger.publicIdentity)
        #expect(throws: ChannelError.unknownChannel(channel.id)) { try ChannelMessageCode.decode(code, channel: other) }
    }

    @Test("a message signed by another key, even one who knows the secret, is refused")
    func forgedMessage() throws {
        let channel = Channel.create(name: "News", owner: owner.publicIdentity)
        let forged = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "fake"), in: channel, signedBy: stranger)
        #expect(throws: ChannelError.badSignature) { try ChannelMessageCode.decode(forged, channel: channel) }
    }

    @Test("a flipped byte anywhere in a share or a message: refused, never misread")
    func flippedBytes() throws {
        let channel = Channel.create(name: "C", owner: owner.publicIdentity)
        let share = try ChannelShareCode.encode(channel, to: subscriber.publicIdentity, signedBy: owner)
        for offset in share.indices {
            var damaged = share
            damaged[offset] ^= 0x01
            #expect(throws: ChannelError.self, "share byte \(offset)") { try ChannelShareCode.decode(damaged, for: subscriber) }
        }
        let message = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "hello"), in: channel, signedBy: owner)
        for offset in message.indices {
            var damaged = message
            damaged[offset] ^= 0x01
            #expect(throws: ChannelError.self, "message byte \(offset)") { try ChannelMessageCode.decode(damaged, channel: channel) }
        }
    }

    @Test("expiry travels inside the ciphertext and is reported, not hidden")
    func expiry() throws {
        let channel = Channel.create(name: "C", owner: owner.publicIdentity)
        let past = ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 1_000), expires: Date(timeIntervalSince1970: 2_000), content: "old news")
        let decoded = try ChannelMessageCode.decode(ChannelMessageCode.encode(past, in: channel, signedBy: owner), channel: channel)
        #expect(decoded.isExpired() && decoded.content == "old news")
        let fresh = ChannelMessage(kind: .text, created: Date(), expires: nil, content: "now")
        #expect(!(try ChannelMessageCode.decode(ChannelMessageCode.encode(fresh, in: channel, signedBy: owner), channel: channel)).isExpired())
    }

    @Test("fresh nonces: the same message never encodes the same way")
    func freshNonce() throws {
        let channel = Channel.create(name: "C", owner: owner.publicIdentity)
        let message = ChannelMessage(kind: .text, created: Date(timeIntervalSince1970: 5), expires: nil, content: "same")
        let a = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        let b = try ChannelMessageCode.encode(message, in: channel, signedBy: owner)
        #expect(a[20..<32] != b[20..<32])
    }
}
