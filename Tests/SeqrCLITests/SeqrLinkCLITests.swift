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

    /// Issue 47: a link's code is the same whatever the host, so a look-alike host passed as "public key: Bob".
    @Test("a code read from a link shows its host: the saved link host is named as such, another host or look-alike letters are warned of, and the host is URL-checked")
    func linkHostShownAndChecked() throws {
        try #require(try seqr("id", "init", "--name", "Bob", "--no-passphrase", "--store", file("bob")).status == 0)
        try #require(try seqr("id", "init", "--name", "Alice", "--no-passphrase", "--store", file("alice")).status == 0)
        try #require(try seqr("id", "show", "--link", "https://seqr.example", "--store", file("bob"), "-o", file("real.png")).status == 0)
        try #require(try seqr("id", "show", "--link", "https://seqr-example.evil", "--store", file("bob"), "-o", file("fake.png")).status == 0)
        let fragment = try #require(try seqr("decode", file("real.png")).stdoutText.split(separator: "#").last).trimmingCharacters(in: .whitespacesAndNewlines)
        // A punycode host written by hand, as a phisher would.
        try #require(try seqr("encode", "--text", "https://xn--sqr-8cd.example/app/#\(fragment)", "-o", file("idn.png")).status == 0)
        try #require(try seqr("config", "link", "https://seqr.example", "--store", file("alice")).status == 0)
        let list = try directory.write(Data("seqr-example.evil\n".utf8), to: "blocklist.txt")

        let real = try seqr("scan", file("real.png"), "--store", file("alice"))
        #expect(real.status == 0 && real.stdoutText.contains("public key: Bob\n  link host: seqr.example (your link host)"), "\(real.stdoutText)")
        #expect(!real.stdoutText.contains("⚠"))
        let fake = try seqr("scan", file("fake.png"), "--store", file("alice"))
        #expect(fake.status == 0 && fake.stdoutText.contains("⚠ link host: seqr-example.evil is not your link host seqr.example"), "\(fake.stdoutText)")
        let idn = try seqr("scan", file("idn.png"), "--store", file("alice"))
        // Shown as a browser shows it (Foundation reads the xn-- label as Unicode): "sqrа" with a Cyrillic а.
        #expect(idn.stdoutText.contains("⚠ link host: sqr\u{430}.example has letters outside ASCII"), "\(idn.stdoutText)")
        #expect(idn.stdoutText.contains("⚠ link host: sqr\u{430}.example has letters of several scripts in one label"), "\(idn.stdoutText)")

        let json = try seqr("scan", "--json", "--blocklist", list, "--store", file("alice"), file("real.png"), file("fake.png"), file("idn.png"))
        #expect(json.status == 0, "\(json.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]], "\(json.stdoutText)")
        try #require(findings.count == 3)
        let links = findings.map { $0["link"] as? [String: Any] ?? [:] }
        #expect(links.map { $0["host"] as? String } == ["seqr.example", "seqr-example.evil", "sqr\u{430}.example"])
        #expect(links.map { $0["configured"] as? Bool } == [true, false, false])
        #expect(links[1]["configuredHost"] as? String == "seqr.example" && links[0]["configuredHost"] == nil)
        #expect(links.map { $0["warnings"] as? [String] } == [[], [], ["nonASCII", "mixedScripts"]])
        #expect((links[1]["urlCheck"] as? [String: Any])?["verdict"] as? String == "flagged" && findings[1]["flagged"] as? Bool == true, "\(findings[1])")
        #expect((links[0]["urlCheck"] as? [String: Any])?["verdict"] as? String == "noMatch" && findings[0]["flagged"] == nil)

        // Without a saved link host the host is still shown, with how to save one.
        let bare = try seqr("scan", file("fake.png"), "--store", file("bob"))
        #expect(bare.stdoutText.contains("link host: seqr-example.evil (no link host saved"), "\(bare.stdoutText)")
    }
}
