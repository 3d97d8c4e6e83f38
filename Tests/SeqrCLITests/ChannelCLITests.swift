import Foundation
import SeqrTestSupport
import Testing

/// The owner → subscriber flow through real QR PNG files and two separate stores.
@Suite("seqr channels")
struct ChannelCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: String...) throws -> ExternalTool.Outcome { try SeqrBinary.run(arguments) }
    func file(_ name: String) -> String { directory.file(name) }

    @Test("identities, share, subscribe, post, scan, history; outsiders, replays and forgeries refused")
    func flow() throws {
        for name in ["alice", "bob", "eve"] {
            let created = try seqr("id", "init", "--name", name, "--no-passphrase", "--store", file(name))
            try #require(created.status == 0, "\(created.stderr)")
        }
        #expect(try seqr("id", "show", "--store", file("bob"), "-o", file("bob.png")).status == 0)
        #expect(try seqr("channel", "create", "Garden", "--store", file("alice")).status == 0)
        #expect(try seqr("channel", "share", "Garden", "--to", file("bob.png"), "-o", file("share.png"), "--store", file("alice")).status == 0)

        // Eve cannot use Bob's share.
        let stolen = try seqr("channel", "subscribe", file("share.png"), "--store", file("eve"))
        #expect(stolen.status == 65 && stolen.stderr.contains("made for someone else"))
        let joined = try seqr("scan", file("share.png"), "--accept", "--store", file("bob"))
        #expect(joined.status == 0 && joined.stdoutText.contains("subscribed"))

        #expect(try seqr("post", "Garden", "--text", "Meeting at 6", "--expires", "7d", "-o", file("msg.png"), "--store", file("alice")).status == 0)
        let read = try seqr("scan", file("msg.png"), "--lat", "47.37", "--lon", "8.54", "--store", file("bob"), "--json")
        #expect(read.status == 0)
        let finding = (try JSONSerialization.jsonObject(with: read.stdout) as? [[String: Any]])?.first
        #expect(finding?["content"] as? String == "Meeting at 6" && finding?["expired"] as? Bool == false)
        let history = try seqr("history", "Garden", "--json", "--store", file("bob"))
        let rows = try JSONSerialization.jsonObject(with: history.stdout) as? [[String: Any]]
        #expect(rows?.count == 1 && rows?.first?["latitude"] as? Double == 47.37)

        // Eve is not subscribed: unknown channel, nothing stored.
        let outsider = try seqr("scan", file("msg.png"), "--store", file("eve"))
        #expect(outsider.status == 65 && outsider.stderr.contains("unknown channel"))
        #expect(try seqr("history", "--store", file("eve")).stdoutText == "no messages\n")

        // Eve makes her own "Garden" and posts; Bob's store does not know that channel.
        #expect(try seqr("channel", "create", "Garden", "--store", file("eve")).status == 0)
        #expect(try seqr("post", "Garden", "--text", "fake", "-o", file("fake.png"), "--store", file("eve")).status == 0)
        #expect(try seqr("scan", file("fake.png"), "--store", file("bob")).status == 65)

        // Expired messages are shown with a warning.
        #expect(try seqr("post", "Garden", "--url", "https://example.org/old", "--expires", "0.0001m", "-o", file("old.png"), "--store", file("alice")).status == 0)
        Thread.sleep(forTimeInterval: 1.1)
        let old = try seqr("scan", file("old.png"), "--store", file("bob"))
        #expect(old.stdoutText.contains("EXPIRED") && old.stdoutText.contains("URL safety: not checked"))

        // Reprint from the owner's history, and replay after unsubscribing.
        #expect(try seqr("post", "--reprint", "1", "-o", file("again.png"), "--store", file("alice")).status == 0)
        #expect(try seqr("scan", file("again.png"), "--store", file("bob")).status == 0)
        #expect(try seqr("channel", "unsubscribe", "Garden", "--store", file("bob")).status == 0)
        let replay = try seqr("scan", file("share.png"), "--accept", "--store", file("bob"))
        #expect(replay.status == 65 && replay.stderr.contains("used before"))
        let after = try seqr("scan", file("msg.png"), "--store", file("bob"))
        #expect(after.status == 65)

        // Plain codes are shown as they are.
        _ = try seqr("encode", "--text", "https://example.org/x", "-o", file("url.png"))
        let plain = try seqr("scan", file("url.png"), "--store", file("bob"))
        #expect(plain.stdoutText.contains("URL: https://example.org/x") && plain.stdoutText.contains("not checked"))
        // With an offline blocklist, a listed host is shown with a warning, never hidden.
        let list = try directory.write(Data("example.org\n".utf8), to: "blocklist.txt")
        let flagged = try seqr("scan", file("url.png"), "--blocklist", list, "--store", file("bob"), "--json")
        let verdict = (try JSONSerialization.jsonObject(with: flagged.stdout) as? [[String: Any]])?.first
        #expect(verdict?["flagged"] as? Bool == true && verdict?["content"] as? String == "https://example.org/x")
        #expect((verdict?["urlCheck"] as? [String: Any])?["reasons"] as? [String] == ["blocklist entry example.org"])
    }

    @Test("an identity sealed with a passphrase needs it")
    func passphrase() throws {
        let phrase = try directory.write(Data("correct horse\n".utf8), to: "pp")
        #expect(try seqr("id", "init", "--name", "Sam", "--passphrase-file", phrase, "--store", file("sam")).status == 0)
        let wrong = try directory.write(Data("wrong\n".utf8), to: "bad")
        let refused = try seqr("channel", "create", "X", "--passphrase-file", wrong, "--store", file("sam"))
        #expect(refused.status == 77 && refused.stderr.contains("wrong passphrase"))
        #expect(try seqr("channel", "create", "X", "--passphrase-file", phrase, "--store", file("sam")).status == 0)

        // The channel's secret is sealed under the identity: listing needs no passphrase, sharing does.
        let listed = try seqr("channel", "list", "--store", file("sam"))
        #expect(listed.status == 0 && listed.stdoutText.contains("X"))
        #expect(try seqr("id", "init", "--name", "Tom", "--no-passphrase", "--store", file("tom")).status == 0)
        #expect(try seqr("id", "show", "--store", file("tom"), "-o", file("tom.png")).status == 0)
        let locked = try seqr("channel", "share", "X", "--to", file("tom.png"), "-o", file("x.png"), "--store", file("sam"))
        #expect(locked.status == 64 && locked.stderr.contains("passphrase"))
        #expect(try seqr("channel", "share", "X", "--to", file("tom.png"), "-o", file("x.png"), "--passphrase-file", phrase, "--store", file("sam")).status == 0)
        let database = try Data(contentsOf: URL(fileURLWithPath: file("sam") + "/seqr.sqlite"))
            + ((try? Data(contentsOf: URL(fileURLWithPath: file("sam") + "/seqr.sqlite-wal"))) ?? Data())
        #expect(database.range(of: Data("SQSS".utf8)) != nil)  // the sealed form (docs/formats/local-store.md)
    }

    /// Issue 47: a look-alike share was accepted silently, its messages then "signed by Alice" with another fingerprint.
    @Test("a share from a known owner name under another key is refused before subscribing, both fingerprints named; --new-owner-key subscribes with a warning")
    func lookalikeOwner() throws {
        for (store, name) in [("alice", "Alice"), ("fake", "Alice"), ("bob", "Bob")] {
            try #require(try seqr("id", "init", "--name", name, "--no-passphrase", "--store", file(store)).status == 0)
        }
        try #require(try seqr("id", "show", "--store", file("bob"), "-o", file("bob.png")).status == 0)
        for store in ["alice", "fake"] {
            try #require(try seqr("channel", "create", "Garden", "--store", file(store)).status == 0)
            try #require(try seqr("channel", "share", "Garden", "--to", file("bob.png"), "-o", file("\(store)-share.png"), "--store", file(store)).status == 0)
        }
        let real = try seqr("channel", "subscribe", file("alice-share.png"), "--store", file("bob"))
        try #require(real.status == 0, "\(real.stderr)")
        let fingerprint = { (store: String) throws -> String in
            let shown = try seqr("id", "show", "--json", "--store", file(store)).stdout
            return (try JSONSerialization.jsonObject(with: shown) as? [String: Any])?["fingerprint"] as? String ?? ""
        }
        let (realPrint, fakePrint) = (try fingerprint("alice"), try fingerprint("fake"))
        try #require(!realPrint.isEmpty && realPrint != fakePrint)

        let refused = try seqr("channel", "subscribe", file("fake-share.png"), "--store", file("bob"))
        #expect(refused.status == 65, "\(refused.stderr)")
        #expect(refused.stderr.contains("the same owner name as \"Garden\" from Alice (\(realPrint)) but another owner key (\(fakePrint)): it may be a look-alike"),
                "\(refused.stderr)")
        #expect(refused.errorLines.count == 1)
        let scanned = try seqr("scan", "--accept", file("fake-share.png"), "--store", file("bob"))
        #expect(scanned.status == 65 && scanned.stderr.contains("another owner key"), "\(scanned.stderr)")
        #expect(try seqr("channel", "list", "--store", file("bob")).stdoutText.components(separatedBy: "Garden").count == 2)

        let accepted = try seqr("channel", "subscribe", file("fake-share.png"), "--new-owner-key", "--store", file("bob"))
        #expect(accepted.status == 0 && accepted.stderr.contains("⚠ this share has the same owner name"), "\(accepted.stderr)")
    }
}
