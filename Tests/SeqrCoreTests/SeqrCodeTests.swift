import Foundation
import SeqrCore
import Testing

@Suite("SeqrCode: what a scanned payload is")
struct SeqrCodeTests {
    let owner = PrivateIdentity.generate(name: "Alice")
    let subscriber = PrivateIdentity.generate(name: "Bob")

    @Test("each Seqr code is told by its header; a public key is parsed whole, shares and messages stay sealed")
    func seqrCodes() throws {
        let identity = subscriber.publicIdentity
        #expect(try SeqrCode(parsing: PublicKeyCode.encode(identity)) == .publicKey(identity))

        let channel = Channel.create(name: "Garden", owner: owner.publicIdentity)
        let share = try ChannelShareCode.encode(channel, to: identity, signedBy: owner)
        #expect(try SeqrCode(parsing: share) == .channelShare(share))

        let message = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "hi"), in: channel, signedBy: owner)
        #expect(try SeqrCode(parsing: message) == .channelMessage(message))
    }

    @Test("web links and anything else are not errors", arguments: [
        ("https://example.org/a?b=c", true), ("HTTP://EXAMPLE.ORG", true), ("ftp://example.org", false),
        ("javascript:alert(1)", false), ("plain text", false),
    ])
    func foreign(text: String, isURL: Bool) throws {
        let parsed = try SeqrCode(parsing: Array(text.utf8))
        #expect(parsed == (isURL ? .url(text) : .other(Array(text.utf8))))
        #expect(try SeqrCode(parsing: [0xFF, 0x00, 0x53]) == .other([0xFF, 0x00, 0x53]))
    }

    @Test("a Seqr header with a wrong version, type or length, or a damaged public key, is a precise error")
    func errors() {
        #expect(throws: ChannelError.unsupportedVersion(2)) { try SeqrCode(parsing: [0x53, 0x51, 2, 1]) }
        #expect(throws: ChannelError.unknownType(9)) { try SeqrCode(parsing: [0x53, 0x51, 1, 9]) }
        #expect(throws: ChannelError.truncated) { try SeqrCode(parsing: [0x53, 0x51, 1]) }
        let key = PublicKeyCode.encode(owner.publicIdentity)
        #expect(throws: ChannelError.truncated) { try SeqrCode(parsing: Array(key.dropLast(3))) }
        #expect(throws: ChannelError.invalidContent("trailing bytes")) { try SeqrCode(parsing: key + [0]) }
    }
}
