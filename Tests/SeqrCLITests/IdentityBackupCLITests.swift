import Foundation
import SeqrTestSupport
import Testing

/// `seqr id export` and `seqr id import` (docs/formats/identity-backup.md): the file the web app's
/// "Back up identity" writes, moved between stores, and every way a restore is refused.
@Suite("seqr id export and import")
struct IdentityBackupCLITests {
    let directory: TemporaryDirectory
    let passphrase: String
    init() throws {
        directory = try TemporaryDirectory()
        passphrase = try directory.write(Data("correct horse battery staple\n".utf8), to: "passphrase.txt")
    }

    func seqr(_ arguments: String...) throws -> ExternalTool.Outcome { try SeqrBinary.run(arguments) }
    func file(_ name: String) -> String { directory.file(name) }

    func fingerprint(_ store: String) throws -> String {
        let shown = try seqr("id", "show", "--json", "--store", store)
        return try #require((try JSONSerialization.jsonObject(with: shown.stdout) as? [String: Any])?["fingerprint"] as? String, "\(shown.stderr)")
    }

    @Test("exported and imported into an empty store: the same identity, sealed, its channels; the owner posts there and the subscriber reads")
    func roundTrip() throws {
        let channel = try SubscribedChannel(in: directory)
        let backup = file("alice.seqr-identity")
        let exported = try seqr("id", "export", "-o", backup, "--iterations", "210000", "--passphrase-file", passphrase, "--store", channel.alice)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdoutText == "fingerprint: \(try fingerprint(channel.alice))\n")
        #expect(exported.stderr.contains("identity \"Alice\" and 1 channel → "))
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        #expect(bytes.prefix(5) == Data("SQIB".utf8) + [1])
        #expect((try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int) == 0o600)
        #expect(try seqr("id", "export", "-o", backup, "--passphrase-file", passphrase, "--store", channel.alice).status == 73)

        let laptop = file("laptop")
        let imported = try seqr("id", "import", backup, "--passphrase-file", passphrase, "--store", laptop)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdoutText == "fingerprint: \(try fingerprint(channel.alice))\n")
        #expect(imported.stderr.contains("identity \"Alice\" restored; 1 channel added"))
        // Sealed under the backup's passphrase: posting asks for it.
        #expect(try seqr("post", "Garden", "--text", "x", "-o", file("x.png"), "--store", laptop).status == 64)
        let posted = try seqr("post", "Garden", "--text", "from the laptop", "-o", file("laptop.png"), "--passphrase-file", passphrase, "--store", laptop)
        #expect(posted.status == 0, "\(posted.stderr)")
        let read = try seqr("scan", file("laptop.png"), "--store", channel.bob)
        #expect(read.status == 0 && read.stdoutText.contains("from the laptop"), "\(read.stdoutText) \(read.stderr)")
        // Imported again: nothing new, the identity kept.
        let again = try seqr("id", "import", backup, "--passphrase-file", passphrase, "--store", laptop)
        #expect(again.status == 0 && again.stderr.contains("identity already here; 0 channels added, 0 epochs added"), "\(again.stderr)")
    }

    @Test("a wrong passphrase, a changed byte, a cut, a foreign or missing file: one line, its status, and nothing restored")
    func refused() throws {
        let channel = try SubscribedChannel(in: directory)
        let backup = file("alice.seqr-identity")
        try #require(try seqr("id", "export", "-o", backup, "--iterations", "210000", "--passphrase-file", passphrase, "--store", channel.alice).status == 0)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: backup))
        let wrong = try directory.write(Data("Correct horse battery staple".utf8), to: "wrong.txt")
        var changed = bytes; changed[40] ^= 1
        let cases: [(String, String, Int32, String)] = [
            ("wrong passphrase", backup, 77, "wrong passphrase, or the backup file is damaged; nothing was restored"),
            ("changed byte", try directory.write(changed, to: "changed"), 77, "wrong passphrase, or the backup file is damaged"),
            ("cut", try directory.write(bytes.prefix(40), to: "cut"), 65, "the identity backup is truncated"),
            ("foreign", try SeqrBinary.goodCode(in: directory), 65, "not a Seqr identity backup"),
            ("missing", file("nothing-here"), 66, "nothing-here"),
        ]
        for (what, path, status, words) in cases {
            let store = file("store-\(what)")
            let outcome = try seqr("id", "import", path, "--passphrase-file", what == "wrong passphrase" ? wrong : passphrase, "--store", store)
            #expect(outcome.status == status, "\(what): \(outcome.stderr)")
            #expect(outcome.errorLines.count == 1 && outcome.stderr.contains(words), "\(what): \(outcome.stderr)")
            #expect(outcome.stdoutText.isEmpty)
            #expect(try seqr("id", "show", "--store", store).stderr.contains("no identity yet"), "\(what): something was restored")
        }
    }

    @Test("another identity's backup is refused with a line, and the store keeps its own identity and channels")
    func otherIdentity() throws {
        let channel = try SubscribedChannel(in: directory)
        let backup = file("alice.seqr-identity")
        try #require(try seqr("id", "export", "-o", backup, "--iterations", "210000", "--passphrase-file", passphrase, "--store", channel.alice).status == 0)
        let bobBefore = try fingerprint(channel.bob)
        let outcome = try seqr("id", "import", backup, "--passphrase-file", passphrase, "--store", channel.bob)
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("the backup is of identity \(try fingerprint(channel.alice)), but this store holds \(bobBefore); nothing was restored"), "\(outcome.stderr)")
        #expect(try fingerprint(channel.bob) == bobBefore)
        #expect(try seqr("channel", "list", "--owned", "--store", channel.bob).stdoutText == "no channels\n")
    }

    @Test("the web app's backup (Tests/Vectors/identity-backup-web.json) imports: its identity, channels and epochs")
    func webBackup() throws {
        struct Vector: Decodable { let passphrase: String; let fingerprint: String; let fileBase64: String }
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Vectors/identity-backup-web.json")
        let vector = try JSONDecoder().decode(Vector.self, from: Data(contentsOf: url))
        let backup = try directory.write(Data(base64Encoded: vector.fileBase64)!, to: "web.seqr-identity")
        let secret = try directory.write(Data(vector.passphrase.utf8), to: "web-passphrase.txt")
        let imported = try seqr("id", "import", backup, "--passphrase-file", secret, "--store", file("phone"))
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdoutText == "fingerprint: \(vector.fingerprint)\n")
        let list = try seqr("channel", "list", "--store", file("phone"))
        #expect(list.stdoutText.contains("owned      ") && list.stdoutText.contains("Balcony") && list.stdoutText.contains("Orchard"), "\(list.stdoutText)")
    }
}
