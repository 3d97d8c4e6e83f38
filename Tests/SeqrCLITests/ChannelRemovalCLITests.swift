import Foundation
import SeqrTestSupport
import Testing

/// `seqr channel subscribers` and `seqr channel remove` through real QR PNG files and three stores.
@Suite("seqr channel remove")
struct ChannelRemovalCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: String...) throws -> ExternalTool.Outcome { try SeqrBinary.run(arguments) }
    func file(_ name: String) -> String { directory.file(name) }

    @Test("Carol removed: subscribers lists her as removed, Bob scans the rekey code and reads on, Carol is told and cannot")
    func removal() throws {
        for name in ["alice", "bob", "carol"] {
            try #require(try seqr("id", "init", "--name", name.capitalized, "--no-passphrase", "--store", file(name)).status == 0)
        }
        try #require(try seqr("channel", "create", "Garden", "--store", file("alice")).status == 0)
        for name in ["bob", "carol"] {
            try #require(try seqr("id", "show", "--store", file(name), "-o", file("\(name)-key.png")).status == 0)
            try #require(try seqr("channel", "share", "Garden", "--to", file("\(name)-key.png"), "-o", file("\(name)-share.png"), "--store", file("alice")).status == 0)
            try #require(try seqr("scan", file("\(name)-share.png"), "--accept", "--store", file(name)).status == 0)
        }
        let listed = try seqr("channel", "subscribers", "Garden", "--store", file("alice"))
        #expect(listed.status == 0 && listed.stdoutText.contains("Bob") && listed.stdoutText.contains("Carol") && !listed.stdoutText.contains("removed"))
        try #require(try seqr("post", "Garden", "--text", "before", "-o", file("before.png"), "--store", file("alice")).status == 0)

        let removed = try seqr("channel", "remove", "Garden", "--subscriber", "Carol", "-o", file("rekey.png"), "--store", file("alice"))
        // Status lines, as for share and post, go to standard error.
        #expect(removed.status == 0 && removed.stderr.contains("removed Carol") && removed.stderr.contains("epoch 1"), "\(removed.stderr)")
        let json = try seqr("channel", "subscribers", "Garden", "--json", "--store", file("alice"))
        let rows = try #require(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        #expect(rows.count == 2 && rows.first { $0["name"] as? String == "Carol" }?["removedAt"] != nil && rows.first { $0["name"] as? String == "Bob" }?["removedAt"] == nil)
        try #require(try seqr("post", "Garden", "--text", "after", "-o", file("after.png"), "--store", file("alice")).status == 0)

        let early = try seqr("scan", file("after.png"), "--store", file("bob"))
        #expect(early.status == 65 && early.stderr.contains("scan the channel's latest rekey code"))
        let rekeyed = try seqr("scan", file("rekey.png"), "--store", file("bob"))
        #expect(rekeyed.status == 0 && rekeyed.stdoutText.contains("rekey code on \"Garden\": moved to epoch 1"), "\(rekeyed.stderr)")
        #expect(try seqr("scan", file("after.png"), "--store", file("bob")).stdoutText.contains("after"))
        #expect(try seqr("scan", file("before.png"), "--store", file("bob")).stdoutText.contains("before"))

        let told = try seqr("scan", file("rekey.png"), "--store", file("carol"))
        #expect(told.status == 65 && told.stderr.contains("you were removed from Garden"))
        let locked = try seqr("scan", file("after.png"), "--store", file("carol"))
        #expect(locked.status == 65 && locked.stderr.contains("you were removed from Garden") && !locked.stdoutText.contains("after"))
        #expect(try seqr("scan", file("before.png"), "--store", file("carol")).stdoutText.contains("before"))

        // An output that cannot be written: nothing moves (Bob would otherwise be left without the key).
        let blocked = try seqr("channel", "remove", "Garden", "--subscriber", "Bob", "-o", file("rekey.png"), "--store", file("alice"))
        #expect(blocked.status == 73)
        #expect(try seqr("channel", "subscribers", "Garden", "--json", "--store", file("alice")).stdoutText.components(separatedBy: "removedAt").count == 2)
        let unknown = try seqr("channel", "remove", "Garden", "--subscriber", "Zed", "-o", file("x.png"), "--store", file("alice"))
        #expect(unknown.status == 65 && unknown.stderr.contains("no subscriber \"Zed\""))
        let notMine = try seqr("channel", "remove", "Garden", "--subscriber", "Carol", "-o", file("x.png"), "--store", file("bob"))
        #expect(notMine.status == 65 && notMine.stderr.contains("you do not own"))
    }
}
