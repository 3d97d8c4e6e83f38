import Foundation
import SeqrTestSupport
import Testing

/// `--link` and `seqr config link`: codes as https://HOST/app/#CODE links, read back by scan and subscribe.
@Suite("seqr links")
struct SeqrLinkCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: String...) throws -> ExternalTool.Outcome { try SeqrBinary.run(arguments) }
    func file(_ name: String) -> String { directory.file(name) }

    @Test("public key, share and message as links: scan and subscribe read them; decode shows the link; a saved default applies")
    func links() throws {
        for name in ["alice", "bob"] {
            try #require(try seqr("id", "init", "--name", name.capitalized, "--no-passphrase", "--store", file(name)).status == 0)
        }
        try #require(try seqr("channel", "create", "Garden", "--store", file("alice")).status == 0)
        try #require(try seqr("id", "show", "--link", "https://seqr.example", "--store", file("bob"), "-o", file("bob-key.png")).status == 0)
        let key = try seqr("decode", file("bob-key.png"))
        #expect(key.stdoutText.hasPrefix("https://seqr.example/app/#U1EBAQ"), "\(key.stdoutText)")
        let keyScan = try seqr("scan", file("bob-key.png"), "--store", file("alice"))
        #expect(keyScan.status == 0 && keyScan.stdoutText.contains("public key: Bob"), "\(keyScan.stdoutText) \(keyScan.stderr)")

        let saved = try seqr("config", "link", "https://seqr.example/", "--store", file("alice"))
        #expect(saved.status == 0 && saved.stdoutText == "link: https://seqr.example\n")
        try #require(try seqr("channel", "share", "Garden", "--to", file("bob-key.png"), "-o", file("share.png"), "--store", file("alice")).status == 0)
        #expect(try seqr("decode", file("share.png")).stdoutText.hasPrefix("https://seqr.example/app/#U1ECAg"))
        let subscribed = try seqr("channel", "subscribe", file("share.png"), "--store", file("bob"))
        #expect(subscribed.status == 0 && subscribed.stderr.contains("subscribed to \"Garden\""), "\(subscribed.stderr)")

        try #require(try seqr("post", "Garden", "--text", "by link", "-o", file("msg.png"), "--store", file("alice")).status == 0)
        let read = try seqr("scan", file("msg.png"), "--store", file("bob"))
        #expect(read.status == 0 && read.stdoutText.contains("by link"), "\(read.stderr)")
        // --link none overrides the saved default: the raw code.
        try #require(try seqr("post", "Garden", "--text", "raw", "--link", "none", "-o", file("raw.png"), "--store", file("alice")).status == 0)
        #expect(try seqr("decode", file("raw.png")).stdoutText.hasPrefix("base64:U1EC"))
        #expect(try seqr("scan", file("raw.png"), "--store", file("bob")).stdoutText.contains("raw"))
        #expect(try seqr("config", "link", "--unset", "--store", file("alice")).stdoutText == "link: unset\n")
    }

    @Test("a link too long for a version-40 code is refused before drawing, with its size; the raw code still fits")
    func sizeChecked() throws {
        try #require(try seqr("id", "init", "--name", "Alice", "--no-passphrase", "--store", file("alice")).status == 0)
        try #require(try seqr("channel", "create", "Garden", "--store", file("alice")).status == 0)
        let long = String(repeating: "x", count: 1_650)
        let linked = try seqr("post", "Garden", "--text", long, "--link", "https://seqr.example", "-o", file("long.png"), "--store", file("alice"))
        #expect(linked.status == 65 && linked.stderr.contains("more than the 2331 a version-40 QR code holds"), "\(linked.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file("long.png")))
        #expect(try seqr("history", "--store", file("alice")).stdoutText == "no messages\n")  // refused before it was recorded
        #expect(try seqr("post", "Garden", "--text", long, "-o", file("long.png"), "--store", file("alice")).status == 0)
        let bad = try seqr("post", "Garden", "--text", "x", "--link", "http://seqr.example", "-o", file("x.png"), "--store", file("alice"))
        #expect(bad.status == 64 && bad.stderr.contains("https"))
    }
}
