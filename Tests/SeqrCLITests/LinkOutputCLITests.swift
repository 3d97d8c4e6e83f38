import Foundation
import SeqrTestSupport
import Testing

/// The CLI gives the same links as the web app (issue 42): `id show`, `channel share` and `post`
/// print the link on standard output and in `--json`, with `--link` or `seqr config link`; the
/// link text is what `channel share --to` and `channel subscribe` take.
@Suite("seqr prints links")
struct LinkOutputCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: String...) throws -> ExternalTool.Outcome { try SeqrBinary.run(arguments) }
    func file(_ name: String) -> String { directory.file(name) }
    func json(_ outcome: ExternalTool.Outcome) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: outcome.stdout) as? [String: Any], "\(outcome.stdoutText) \(outcome.stderr)")
    }

    @Test("a public key, a share and a message go by link text alone: printed, taken by --to, subscribe, and read")
    func linkRoute() throws {
        for name in ["alice", "bob"] {
            try #require(try seqr("id", "init", "--name", name.capitalized, "--no-passphrase", "--store", file(name)).status == 0)
        }
        try #require(try seqr("channel", "create", "Garden", "--store", file("alice")).status == 0)
        // Bob's key as a link, printed on standard output beside the picture.
        let shown = try seqr("id", "show", "--link", "https://seqr.example", "-o", file("bob.png"), "--store", file("bob"))
        #expect(shown.status == 0)
        let bobLink = shown.stdoutText.trimmingCharacters(in: .newlines)
        #expect(bobLink.hasPrefix("https://seqr.example/app/#U1EBAQ") && !bobLink.contains("\n"), "\(shown.stdoutText)")
        #expect(try seqr("decode", file("bob.png")).stdoutText == bobLink + "\n")
        // The owner shares to that link, and only prints the share's link (no -o).
        let shared = try seqr("channel", "share", "Garden", "--to", bobLink, "--link", "https://seqr.example", "--store", file("alice"))
        #expect(shared.status == 0, "\(shared.stderr)")
        let shareLink = shared.stdoutText.trimmingCharacters(in: .newlines)
        #expect(shareLink.hasPrefix("https://seqr.example/app/#U1ECAg"), "\(shared.stdoutText)")
        let subscribed = try seqr("channel", "subscribe", shareLink, "--store", file("bob"))
        #expect(subscribed.status == 0 && subscribed.stderr.contains("subscribed to \"Garden\""), "\(subscribed.stderr)")
        // A post's link, from the saved default; read by Bob from a picture of it, as a phone camera would.
        try #require(try seqr("config", "link", "https://seqr.example", "--store", file("alice")).status == 0)
        let posted = try seqr("post", "Garden", "--text", "by link text", "--store", file("alice"))
        #expect(posted.status == 0, "\(posted.stderr)")
        let postLink = posted.stdoutText.trimmingCharacters(in: .newlines)
        #expect(postLink.hasPrefix("https://seqr.example/app/#U1ECA"), "\(posted.stdoutText)")
        try #require(try seqr("encode", "--text", postLink, "-o", file("post-link.png")).status == 0)
        let read = try seqr("scan", file("post-link.png"), "--store", file("bob"))
        #expect(read.status == 0 && read.stdoutText.contains("by link text"), "\(read.stdoutText) \(read.stderr)")
        #expect(try seqr("history", "--store", file("alice")).stdoutText.contains("by link text"))
        // With -o as well: the picture holds the same kind of link, and the text is printed too.
        let both = try seqr("post", "Garden", "--text", "both", "-o", file("both.png"), "--store", file("alice"))
        #expect(both.stdoutText.hasPrefix("https://seqr.example/app/#U1ECA") && both.stderr.contains("→ \(file("both.png"))"), "\(both.stdoutText)")
        // The terminal form of id show ends with the link.
        #expect(try seqr("id", "show", "--link", "https://seqr.example", "--store", file("bob")).stdoutText.hasSuffix(bobLink + "\n"))
    }

    @Test("--json carries the link; --link none and no default leave it out; no -o and no link is a usage line")
    func jsonAndRefusals() throws {
        let channel = try SubscribedChannel(in: directory)
        let key = try json(try seqr("id", "show", "--json", "--link", "https://seqr.example", "--store", channel.bob))
        let keyLink = try #require(key["link"] as? String)
        #expect(keyLink.hasPrefix("https://seqr.example/app/#") && key["codeBase64"] is String)
        #expect(try json(try seqr("id", "show", "--json", "--store", channel.bob))["link"] == nil)

        let share = try json(try seqr("channel", "share", "Garden", "--to", keyLink, "--link", "https://seqr.example", "--json", "--store", channel.alice))
        #expect(share["channel"] as? String == "Garden" && share["recipient"] as? String == "Bob" && share["output"] == nil)
        #expect((share["link"] as? String)?.hasPrefix("https://seqr.example/app/#U1ECAg") == true)

        let post = try json(try seqr("post", "Garden", "--text", "json", "-o", file("p.png"), "--link", "https://seqr.example", "--json", "--store", channel.alice))
        #expect(post["id"] as? Int == 1 && post["output"] as? String == file("p.png") && post["link"] is String)
        let raw = try json(try seqr("post", "Garden", "--text", "raw", "-o", file("r.png"), "--link", "none", "--json", "--store", channel.alice))
        #expect(raw["link"] == nil && raw["codeBase64"] is String)

        for command in [["post", "Garden", "--text", "nowhere"], ["channel", "share", "Garden", "--to", keyLink]] {
            let outcome = try SeqrBinary.run(command + ["--store", channel.alice])
            #expect(outcome.status == 64 && outcome.stderr.contains("give -o FILE for a QR picture, or a link base"), "\(outcome.stderr)")
        }
        #expect(try seqr("history", "--store", channel.alice).stdoutText.contains("nowhere") == false)
    }

    @Test("--help of channel share --to and channel subscribe says they take links")
    func help() throws {
        // Help text is wrapped to the terminal: compared with its whitespace collapsed.
        func help(_ command: String) throws -> String {
            try seqr("channel", command, "--help").stdoutText.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        let share = try help("share")
        #expect(share.contains("--to <to> The subscriber's public key: their link (https://HOST/app/#…)"), "\(share)")
        let subscribe = try help("subscribe")
        #expect(subscribe.contains("The share: its link (https://HOST/app/#…"), "\(subscribe)")
    }
}

extension JSONOutputCLITests {
    @Test("id export and import, channel share and post: their --json documents")
    func backupsAndLinks() throws {
        let directory = try TemporaryDirectory()
        let channel = try SubscribedChannel(in: directory)
        let passphrase = try directory.write(Data("correct horse battery staple".utf8), to: "p.txt")
        let backup = directory.file("alice.seqr-identity")
        try check("seqr id export", seqr(["id", "export", "-o", backup, "--iterations", "210000", "--passphrase-file", passphrase, "--store", channel.alice, "--json"]))
        try check("seqr id import", seqr(["id", "import", backup, "--passphrase-file", passphrase, "--store", directory.file("laptop"), "--json"]))
        let key = directory.file("bob.png")
        try check("seqr channel share", seqr(["channel", "share", "Garden", "--to", key, "-o", directory.file("s.png"), "--link", "https://seqr.example", "--store", channel.alice, "--json"]))
        try check("seqr post", seqr(["post", "Garden", "--text", "hi", "-o", directory.file("m.png"), "--link", "https://seqr.example", "--store", channel.alice, "--json"]))
        try check("seqr id show", seqr(["id", "show", "--link", "https://seqr.example", "--store", channel.alice, "--json"]))
    }
}
