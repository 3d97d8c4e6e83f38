import Foundation
import SeqrTestSupport
import Testing

/// Issue 30's notes points: no mistyped password, stale device or old export password writes
/// anything; what cannot be opened is named by id.
@Suite("seqr notes never writes under a wrong password or over another device's edit", .serialized)
struct NotesDataSafetyCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String], password: String? = "correct horse", extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_NEW_PASSWORD", "SEQR_EXPORT_PASSWORD", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        if let password { environment["SEQR_PASSWORD"] = password }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    /// Notes stored on the server, counted in its SQLite file.
    func storedNotes(_ database: String) throws -> Int {
        let count = try ExternalTool.named("python3").run(["-c", "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT COUNT(*) FROM note').fetchone()[0])", database])
        return Int(count.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    func registered(_ directory: TemporaryDirectory) throws -> (Server, [String], String) {
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        let register = try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice)
        #expect(register.status == 0, "\(register.stderr)")
        return (server, alice, database)
    }

    @Test("a mistyped password is refused before anything is written: add, edit, passwd, import; also for a session saved without a check")
    func wrongPasswordWritesNothing() throws {
        let directory = try TemporaryDirectory()
        let (server, alice, database) = try registered(directory)
        defer { withExtendedLifetime(server) {} }  // the server lives as long as the test
        let first = try seqr(["notes", "add", "--title", "Wi-Fi", "--info", "hunter2"] + alice)
        #expect(first.status == 0, "\(first.stderr)")
        let id = try #require(try seqr(["notes", "list", "--json"] + alice).stdoutText.split(separator: "\"").first { $0.count == 36 })

        let add = try seqr(["notes", "add", "--title", "Typo", "--info", "lost?"] + alice, password: "correct hosre")
        #expect(add.status == 77 && add.errorLines == ["seqr: wrong password for this account; nothing was written"], "\(add.stderr)")
        let edit = try seqr(["notes", "edit", String(id), "--info", "lost?"] + alice, password: "correct hosre")
        #expect(edit.status == 77 && edit.errorLines == ["seqr: wrong password for this account; nothing was written"], "\(edit.stderr)")
        let passwd = try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + alice, password: "correct hosre", extra: ["SEQR_NEW_PASSWORD": "new one"])
        #expect(passwd.status == 77, "\(passwd.stderr)")
        let export = directory.file("notes.sqnx")
        #expect(try seqr(["notes", "export", "-o", export] + alice).status == 0)
        let importing = try seqr(["notes", "import", export] + alice, password: "correct hosre", extra: ["SEQR_EXPORT_PASSWORD": "correct horse"])
        #expect(importing.status == 77, "\(importing.stderr)")
        #expect(try storedNotes(database) == 1)

        // A store written before the check existed: the server checks the key once, then the store keeps the check.
        let cleared = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1]); db.execute("UPDATE notesSession SET passwordCheck = NULL"); db.commit()
            """, directory.file("alice/seqr.sqlite")])
        #expect(cleared.status == 0, "\(cleared.stderr)")
        let legacy = try seqr(["notes", "add", "--title", "Typo", "--info", "lost?"] + alice, password: "correct hosre")
        #expect(legacy.status == 77 && legacy.errorLines == ["seqr: wrong password for this account; nothing was written"], "\(legacy.stderr)")
        #expect(try storedNotes(database) == 1)
        #expect(try seqr(["notes", "add", "--title", "Second", "--info", "kept"] + alice).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Typo", "--info", "lost?"] + alice, password: "wrong").status == 77)
        #expect(try storedNotes(database) == 2)
        #expect(try seqr(["notes", "list"] + alice).status == 0)
    }

    @Test("a note that cannot be opened is named by its whole id in list; passwd rewraps the account key and leaves every note as it was")
    func unopenableNoteNamed() throws {
        let directory = try TemporaryDirectory()
        let (server, alice, database) = try registered(directory)
        defer { withExtendedLifetime(server) {} }  // the server lives as long as the test
        #expect(try seqr(["notes", "add", "--title", "Keep", "--info", "fine"] + alice).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Broken", "--info", "flipped"] + alice).status == 0)
        let tamper = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            (rowid, note_id, info) = db.execute("SELECT rowid, id, info FROM note ORDER BY created_at DESC LIMIT 1").fetchone()
            info = bytearray(info); info[20] ^= 1
            db.execute("UPDATE note SET info = ? WHERE rowid = ?", (bytes(info), rowid)); db.commit()
            print(note_id)
            """, database])
        let broken = tamper.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        #expect(broken.count == 36, "\(tamper.stderr)")
        let list = try seqr(["notes", "list"] + alice)
        #expect(list.status == 65 && list.stdoutText.contains("Keep"))
        #expect(list.errorLines.contains { $0.contains("note \(broken) cannot be opened") }, "\(list.stderr)")
        // The password change opens no note (the account key is rewrapped), so a broken one neither stops it nor is touched.
        let passwd = try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + alice, extra: ["SEQR_NEW_PASSWORD": "battery staple"])
        #expect(passwd.status == 0 && passwd.stdoutText.contains("no note re-encrypted"), "\(passwd.stderr)")
        #expect(try seqr(["notes", "show", "Keep"] + alice, password: "battery staple").stdoutText == "Keep\nfine\n")
        let after = try seqr(["notes", "list"] + alice, password: "battery staple")
        #expect(after.status == 65 && after.errorLines.contains { $0.contains("note \(broken) cannot be opened") }, "\(after.stderr)")
    }

    @Test("import after passwd: the account password is the new one, the export's is asked for separately")
    func importAfterPasswordChange() throws {
        let directory = try TemporaryDirectory()
        let (server, alice, database) = try registered(directory)
        defer { withExtendedLifetime(server) {} }  // the server lives as long as the test
        #expect(try seqr(["notes", "add", "--title", "Old", "--info", "exported"] + alice).status == 0)
        let export = directory.file("notes.sqnx")
        #expect(try seqr(["notes", "export", "-o", export] + alice).status == 0)
        #expect(try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + alice, extra: ["SEQR_NEW_PASSWORD": "battery staple"]).status == 0)
        // The old password is no longer the account's: nothing is uploaded under it.
        let old = try seqr(["notes", "import", export] + alice)
        #expect(old.status == 77 && old.stderr.contains("wrong password for this account"), "\(old.stderr)")
        // The new account password does not open the export, and there is no terminal to ask on.
        let unasked = try seqr(["notes", "import", export] + alice, password: "battery staple")
        #expect(unasked.status == 77 && unasked.stderr.contains("--export-password-file"), "\(unasked.stderr)")
        #expect(try storedNotes(database) == 1)
        let exportPassword = try directory.write(Data("correct horse\n".utf8), to: "export-password")
        let imported = try seqr(["notes", "import", export, "--export-password-file", exportPassword] + alice, password: "battery staple")
        // It opens; its one note is the account's own (the same id), so it is skipped, not added twice (issue 45).
        #expect(imported.status == 0 && imported.stdoutText.contains("skipped 1"), "\(imported.stdoutText) \(imported.stderr)")
        let titles = try seqr(["notes", "list"] + alice, password: "battery staple").stdoutText
        #expect(titles.components(separatedBy: "Old").count == 2, "\(titles)")
    }

    @Test("a stale edit from a second device is refused with both versions; --force overwrites knowingly")
    func staleEditRefused() throws {
        let directory = try TemporaryDirectory()
        let (server, phone, _) = try registered(directory)
        let laptop = ["--store", directory.file("laptop")]
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + laptop).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Gate", "--info", "1234"] + phone).status == 0)
        #expect(try seqr(["notes", "show", "Gate"] + laptop).status == 0)  // the laptop shows version 1
        let id = try #require(try seqr(["notes", "list", "--json"] + phone).stdoutText.split(separator: "\"").first { $0.count == 36 })
        #expect(try seqr(["notes", "edit", String(id.prefix(8)), "--info", "5678"] + phone).stdoutText.contains("version 2"))
        let stale = try seqr(["notes", "edit", String(id.prefix(8)), "--info", "0000"] + laptop)
        #expect(stale.status == 65 && stale.errorLines.count == 1, "\(stale.stderr)")
        #expect(stale.stderr.contains("(version 2)") && stale.stderr.contains("(version 1)") && stale.stderr.contains("--force"))
        #expect(try seqr(["notes", "show", "Gate"] + phone).stdoutText == "Gate\n5678\n")
        #expect(try seqr(["notes", "edit", String(id.prefix(8)), "--info", "0000", "--force"] + laptop).status == 0)
        #expect(try seqr(["notes", "show", "Gate"] + phone).stdoutText == "Gate\n0000\n")
    }

    @Test("login goes to the server the store signed in to; status says who and where; list --search")
    func loginStatusSearch() throws {
        let directory = try TemporaryDirectory()
        let (server, alice, _) = try registered(directory)
        let status = try seqr(["notes", "status"] + alice, password: nil)
        #expect(status.stdoutText.hasPrefix("alice on \(server.url); session expires "), "\(status.stdoutText)")
        // Another device changes the password: this session is revoked, and the message says to log in again.
        let other = ["--store", directory.file("other")]
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + other).status == 0)
        #expect(try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + other, extra: ["SEQR_NEW_PASSWORD": "battery staple"]).status == 0)
        #expect(try seqr(["notes", "list"] + alice, password: "battery staple").stderr.contains("seqr notes login"))
        let login = try seqr(["notes", "login", "alice"] + alice, password: "battery staple")
        #expect(login.status == 0 && login.stdoutText.contains(server.url), "\(login.stderr)")

        for title in ["Garden gate", "Gärten", "Wi-Fi"] {
            #expect(try seqr(["notes", "add", "--title", title, "--info", "x"] + alice, password: "battery staple").status == 0)
        }
        let found = try seqr(["notes", "list", "--search", "garten"] + alice, password: "battery staple").stdoutText
        #expect(found.contains("Gärten") && !found.contains("Wi-Fi") && !found.contains("Garden"), "\(found)")
        let json = try seqr(["notes", "status", "--json"] + alice, password: nil).stdoutText
        #expect(json.contains("\"signedIn\" : true") || json.contains("\"signedIn\":true"), "\(json)")
    }
}
