import Foundation
import SeqrCore
import Testing

@Suite("Seqr code links")
struct SeqrCodeLinkTests {
    let owner = PrivateIdentity.generate(name: "Alice")

    @Test("a code as https://HOST/app/#base64url reads back to the same code, and SeqrCode reads the link like the raw code")
    func roundTrip() throws {
        let code = PublicKeyCode.encode(owner.publicIdentity)
        let link = try SeqrCodeLink(base: "https://Seqr.Example:8443/", code: code)
        #expect(link.description.hasPrefix("https://seqr.example:8443/app/#U1EBAQ"))
        #expect(!link.description.contains("=") && !link.description.contains("+") && !link.description.contains("/app/#U1EBAQ/"))
        #expect(try SeqrCodeLink(parsing: link.description) == link)
        #expect(try SeqrCode(parsing: Array(link.description.utf8)) == .publicKey(owner.publicIdentity))
        let channel = Channel.create(name: "Garden", owner: owner.publicIdentity)
        let message = try ChannelMessageCode.encode(ChannelMessage(kind: .text, created: Date(), expires: nil, content: "hi"), in: channel, signedBy: owner)
        #expect(try SeqrCode(parsing: Array(SeqrCodeLink(base: "https://h.example", code: message).description.utf8)) == .channelMessage(message))
    }

    @Test("link bases: https with a host only; http only for loopback; anything else refused with a reason",
          arguments: ["http://seqr.example", "https://", "https://h.example/app", "https://h.example?x=1", "https://h.example#f", "ftp://h.example", "https://u@h.example", "seqr.example"])
    func badBases(base: String) {
        #expect(throws: ChannelError.self) { try SeqrCodeLink.validatedBase(base) }
    }

    @Test("http is accepted for a loopback host, to try the web app locally", arguments: ["http://localhost:8080", "http://127.0.0.1", "http://[::1]:9000"])
    func loopback(base: String) throws {
        #expect(try SeqrCodeLink.validatedBase(base) == base)
    }

    @Test("a link-shaped URL whose fragment is not a Seqr code is an ordinary URL, never an error")
    func foreignLinks() throws {
        for text in ["https://h.example/app/#hello", "https://h.example/app/#" + "AAAA", "https://h.example/other/#U1EBAQ", "https://h.example/app/?q=1#U1EBAQ"] {
            #expect(try SeqrCode(parsing: Array(text.utf8)) == .url(text))
        }
        #expect(throws: ChannelError.invalidLink("the link's fragment is not a Seqr code")) { try SeqrCodeLink(parsing: "https://h.example/app/#AAAA") }
        // A damaged code inside a link is refused as the raw code would be.
        var code = PublicKeyCode.encode(owner.publicIdentity)
        code.removeLast(5)
        #expect(throws: ChannelError.truncated) { try SeqrCode(parsing: Array(SeqrCodeLink(base: "https://h.example", code: code).description.utf8)) }
    }
}
