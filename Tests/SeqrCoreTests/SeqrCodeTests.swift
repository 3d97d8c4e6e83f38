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

    @Test("vault codes (data and parity), compact JWS and SMART Health Cards are named, not verified; look-alikes stay text")
    func otherAppsCodes() throws {
        var options = PaperVault.Options()
        options.redundancy = 0.5
        options.rounds = UInt32(PasswordKDF.minimumIterations)
        let backup = try PaperVault.backup(VaultDocument(title: "t", text: "secret"), password: "pw", options: options)
        try #require(!backup.parityCodes.isEmpty)
        for payload in backup.payloads { #expect(try SeqrCode(parsing: payload) == .vaultCode) }
        // One flipped checksum byte: no longer a vault code, just bytes.
        var damaged = backup.payloads[0]
        damaged[damaged.count - 1] ^= 1
        #expect(try SeqrCode(parsing: damaged) == .other(damaged))

        let token = try CompactJWS.sign(Data(#"{"a":1}"#.utf8), with: JWSSigningKey.generate(.ES256))
        #expect(try SeqrCode(parsing: Array(token.utf8)) == .jws(token))
        #expect(try SeqrCode(parsing: Array("one.two.three".utf8)) == .other(Array("one.two.three".utf8)))
        #expect(try SeqrCode(parsing: Array("shc:/5676290952432060".utf8)) == .smartHealthCard("shc:/5676290952432060"))
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
