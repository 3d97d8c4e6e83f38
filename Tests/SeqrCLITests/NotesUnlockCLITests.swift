import Foundation
import SeqrTestSupport
import Testing

/// `seqr notes` with one account key per account (docs/formats/notes.md "Account key"): an account
/// made before account keys moves over at login with no note rewritten, `passwd` rewraps and
/// writes no note, `unlock list|remove` shows the methods and never removes the password.
@Suite("seqr notes account keys", .serialized)
struct NotesUnlockCLITests {
    typealias Server = NotesCLITests.Server
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("SeqrServerTests/Fixtures/pre-account-key.sqlite")

    func seqr(_ arguments: [String], password: String = "correct horse battery staple", extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_NEW_PASSWORD", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        environment["SEQR_PASSWORD"] = password
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    /// Every note row as stored (id, version, times, ciphertext): what "none rewritten" compares.
    func noteRows(_ database: String) throws -> String {
        try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            for row in db.execute("SELECT id, version, created_at, updated_at, hex(title), hex(info), kdf_salt FROM note ORDER BY id"): print(row)
            """, database]).stdoutText
    }

    @Test("an account made by an older Seqr moves over at login: every note opens, none is rewritten, passwd rewraps, the password cannot be removed")
    func olderAccountMovesOver() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: database)
        let server = try Server(database: database, log: directory.file("server.log"))
        defer { withExtendedLifetime(server) {} }
        let before = try noteRows(database)
        #expect(before.split(separator: "\n").count == 3)
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "login", "fixture-alice", "--server", server.url] + alice).status == 0)
        let methods = try seqr(["notes", "unlock", "list", "--json"] + alice)
        let listed = try #require(try JSONSerialization.jsonObject(with: methods.stdout) as? [String: Any], "\(methods.stderr)")
        #expect(listed["accountKey"] as? Bool == true)
        let entries = listed["methods"] as? [[String: Any]] ?? []
        #expect(entries.map { $0["kind"] as? String } == ["password"])
        let list = try seqr(["notes", "list"] + alice)
        #expect(list.status == 0 && list.stdoutText.contains("Wi-Fi") && list.stdoutText.contains("Door code"), "\(list.stderr)")
        #expect(try seqr(["notes", "show", "Wi-Fi"] + alice).stdoutText == "Wi-Fi\nhunter3\n")
        #expect(try noteRows(database) == before)

        let passwd = try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + alice, extra: ["SEQR_NEW_PASSWORD": "battery staple horse"])
        #expect(passwd.status == 0 && passwd.stdoutText.contains("no note re-encrypted"), "\(passwd.stderr)")
        #expect(try noteRows(database) == before)
        #expect(try seqr(["notes", "show", "Door code"] + alice, password: "battery staple horse").stdoutText == "Door code\n4711, then #\n")
        #expect(try seqr(["notes", "show", "Door code"] + alice).status == 77)

        let id = try #require(entries.first?["id"] as? String)
        let after = try seqr(["notes", "unlock", "list"] + alice)
        #expect(after.stdoutText.hasPrefix("password  ") && !after.stdoutText.contains(id), "a password change gives the password's copy a new id")
        let newID = String(after.stdoutText.split(separator: " ", omittingEmptySubsequences: true)[1])
        let remove = try seqr(["notes", "unlock", "remove", String(newID.prefix(6))] + alice)
        #expect(remove.status == 65 && remove.errorLines == ["seqr: the password cannot be removed: it is the only way to sign in; nothing was removed"],
                "\(remove.stderr)")
        let unknown = try seqr(["notes", "unlock", "remove", "zzzz"] + alice)
        #expect(unknown.status == 65 && unknown.stderr.contains("no unlock method"), "\(unknown.stderr)")
    }

    @Test("a new account gets a random account key: its notes open with the password through it, and passwd writes no note")
    func newAccount() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        defer { withExtendedLifetime(server) {} }
        let bob = ["--store", directory.file("bob")]
        #expect(try seqr(["notes", "register", "bob", "--server", server.url, "--kdf-iterations", "210000"] + bob).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Kept", "--info", "across the change"] + bob).status == 0)
        let before = try noteRows(database)
        // The notes' label is the account key's, not the password's salt.
        let salts = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            print(db.execute("SELECT kdf_salt FROM account").fetchone()[0], db.execute("SELECT kdf_salt FROM account_key").fetchone()[0], db.execute("SELECT kdf_salt FROM note").fetchone()[0])
            """, database]).stdoutText.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(salts.count == 3 && salts[0] != salts[1] && salts[1] == salts[2])
        let passwd = try seqr(["notes", "passwd", "--kdf-iterations", "210000", "--json"] + bob, extra: ["SEQR_NEW_PASSWORD": "battery staple horse"])
        #expect(passwd.stdoutText.contains("\"reencryptedNotes\" : 0"), "\(passwd.stderr)")
        #expect(try noteRows(database) == before)
        #expect(try seqr(["notes", "show", "Kept"] + bob, password: "battery staple horse").stdoutText == "Kept\nacross the change\n")
    }
}
