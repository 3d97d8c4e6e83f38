import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrTestSupport
import Testing

/// `seqr notes` against a real `seqr-server` on a loopback socket.
@Suite("seqr notes against a started seqr-server", .serialized)
struct NotesCLITests {
    /// A seqr-server on a free port with a SQLite file in `directory`.
    final class Server: @unchecked Sendable {
        let process: BackgroundProcess
        let port: Int
        var url: String { "http://127.0.0.1:\(port)" }

        /// - Parameter descriptors: the server's descriptor limit (`ulimit -n`, soft and hard), when not the test's own.
        init(database: String, log: String, extra: [String] = [], descriptors: Int? = nil) throws {
            let binary = URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path
            let arguments = ["--database", database, "--port", "0"] + extra
            if let descriptors {
                // exec keeps the process id, so `process` is the server itself.
                process = try BackgroundProcess("/bin/sh", ["-c", "ulimit -n \(descriptors) && exec \"$0\" \"$@\"", binary] + arguments, logPath: log)
            } else {
                process = try BackgroundProcess(binary, arguments, logPath: log)
            }
            guard let port = process.waitForLog({ log in
                log.split(separator: "\n").first { $0.contains("\"message\":\"listening\"") }
                    .flatMap { line in line.range(of: #""port":"\d+""#, options: .regularExpression).map { Int(line[$0].filter(\.isNumber))! } }
            }) else {
                throw ExternalTool.Missing(name: "a listening seqr-server (log: \(process.log))")
            }
            self.port = port
        }
    }

    func seqr(_ arguments: [String], password: String = "correct horse", extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    @Test("register, add, list, show, edit, rm, passwd, logout; a canary never reaches the database, the logs or another user")
    func endToEnd() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite"), log = directory.file("server.log")
        let server = try Server(database: database, log: log)
        let alice = ["--store", directory.file("alice")], mallory = ["--store", directory.file("mallory")]
        let canary = "CANARY-\(UUID().uuidString)"

        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Wi-Fi", "--info", canary] + alice).status == 0)
        // RNCryptor's PBKDF2-SHA1 key would give the server a cheap password test: never stored any more.
        let rncryptor = try seqr(["notes", "add", "--title", "Onion", "--info", "old style", "--format", "rncryptor"] + alice)
        #expect(rncryptor.status != 0 && rncryptor.errorLines.count == 1 && rncryptor.stderr.contains("no longer stored"))
        #expect(try seqr(["notes", "add", "--title", "Onion", "--info", "old style"] + alice).status == 0)
        let list = try seqr(["notes", "list", "--json"] + alice)
        let notes = try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]] ?? []
        #expect(notes.map { $0["title"] as? String } == ["Wi-Fi", "Onion"])
        #expect(notes.map { $0["format"] as? String } == ["seqr", "seqr"])
        let wifi = try #require(notes.first?["id"] as? String)
        #expect(try seqr(["notes", "show", String(wifi.prefix(8))] + alice).stdoutText == "Wi-Fi\n\(canary)\n")

        // Wrong password: one clear line, non-zero exit.
        let wrong = try seqr(["notes", "list"] + alice, password: "wrong")
        // The session keeps a check of the password: a wrong one is named as such, not as a damaged note.
        #expect(wrong.status == 77 && wrong.errorLines == ["seqr: wrong password for this account"], "\(wrong.stderr)")
        // Limits are checked before anything is sent.
        let long = try seqr(["notes", "add", "--title", String(repeating: "t", count: 31), "--info", "x"] + alice)
        #expect(long.status != 0 && long.errorLines.first?.contains("at most 30") == true)

        // Mallory, with her own account, sees nothing of Alice's.
        #expect(try seqr(["notes", "register", "mallory", "--server", server.url, "--kdf-iterations", "210000"] + mallory, password: "m").status == 0)
        #expect(try seqr(["notes", "list"] + mallory, password: "m").stdoutText == "no notes\n")
        let steal = try seqr(["notes", "show", String(wifi.prefix(8))] + mallory, password: "m")
        #expect(steal.status != 0 && !steal.stdoutText.contains(canary))

        #expect(try seqr(["notes", "edit", String(wifi.prefix(8)), "--info", "\(canary) v2"] + alice).stdoutText.contains("version 2"))
        let passwd = try seqr(["notes", "passwd", "--kdf-iterations", "210000"] + alice, extra: ["SEQR_NEW_PASSWORD": "battery staple"])
        #expect(passwd.status == 0, "\(passwd.stderr)")
        #expect(try seqr(["notes", "list"] + alice).status != 0)
        #expect(try seqr(["notes", "show", String(wifi.prefix(8))] + alice, password: "battery staple").stdoutText == "Wi-Fi\n\(canary) v2\n")
        // Logging in again with the old password fails; with the new one it works.
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + alice).status != 0)
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + alice, password: "battery staple").status == 0)
        // Export, delete, import: the notes come back (as new notes).
        let export = directory.file("notes.sqnx")
        #expect(try seqr(["notes", "export", "-o", export] + alice, password: "battery staple").stdoutText == "exported 2 notes to \(export)\n")
        #expect((try Data(contentsOf: URL(fileURLWithPath: export))).range(of: Data("CANARY".utf8)) == nil)
        #expect(try seqr(["notes", "rm", String(wifi.prefix(8))] + alice).status == 0)
        // The account password is checked first, then the export's (here the same).
        #expect(try seqr(["notes", "import", export] + alice, password: "wrong").errorLines == ["seqr: wrong password for this account; nothing was written"])
        let exportPassword = try directory.write(Data("not it\n".utf8), to: "export-password")
        #expect(try seqr(["notes", "import", export, "--export-password-file", exportPassword] + alice, password: "battery staple").errorLines
                == ["seqr: wrong password, or the export file was changed"])
        #expect(try seqr(["notes", "import", export] + alice, password: "battery staple").status == 0)
        let restored = try seqr(["notes", "list", "--json"] + alice, password: "battery staple")
        let titles = (try JSONSerialization.jsonObject(with: restored.stdout) as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
        // Wi-Fi (removed) comes back; Onion, still there, is skipped rather than added twice (issue 45).
        #expect(titles.sorted() == ["Onion", "Wi-Fi"])
        // Someone with the database flips one byte of a stored note: the client refuses to show it.
        #expect(try seqr(["notes", "add", "--title", "Target", "--info", "keep me"] + alice, password: "battery staple").status == 0)
        let tamper = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            (rowid, info) = db.execute("SELECT rowid, info FROM note ORDER BY created_at DESC LIMIT 1").fetchone()
            info = bytearray(info); info[20] ^= 1
            db.execute("UPDATE note SET info = ? WHERE rowid = ?", (bytes(info), rowid)); db.commit()
            """, database])
        #expect(tamper.status == 0, "\(tamper.stderr)")
        let tampered = try seqr(["notes", "list"] + alice, password: "battery staple")
        #expect(tampered.status != 0 && tampered.stdoutText.contains("Wi-Fi") && !tampered.stdoutText.contains("Target"))
        #expect(tampered.errorLines.count == 1 && tampered.errorLines[0].contains("cannot be opened: wrong password, or the note was altered, moved or mixed with another version"))

        #expect(try seqr(["notes", "logout"] + alice).stdoutText == "signed out alice\n")
        #expect(try seqr(["notes", "list"] + alice).errorLines.first?.contains("not signed in") == true)

        // SIGTERM: a graceful shutdown (swift-service-lifecycle), exit code 0.
        #expect(server.process.stop(SIGTERM) == 0)
        for file in [database, database + "-wal", log] {
            let bytes = (try? Data(contentsOf: URL(fileURLWithPath: file))) ?? Data()
            #expect(bytes.range(of: Data("CANARY".utf8)) == nil, "\(file)")
        }
        #expect(server.process.log.contains("\"route\":\"/v1/notes\""))
    }

    @Test("export -o - writes standard output and import - reads standard input; a missing directory is one line in Seqr's words, before any network")
    func standardStreamsAndMissingDirectory() throws {
        let directory = try TemporaryDirectory()
        let server = try Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let alice = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + alice).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Garden gate", "--info", "1234"] + alice).status == 0)

        // Run in the temporary directory, so that a file named "-" would be seen there.
        let shell = ExternalTool(path: "/bin/sh")
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        let export = try shell.run(["-c", "cd \"$1\" && exec \"$2\" notes export -o - --store alice", "sh", directory.path, SeqrBinary.tool.path],
                                   environment: environment)
        #expect(export.status == 0, "\(export.stderr)")
        #expect(export.errorLines == ["seqr: exported 1 note to standard output"])
        #expect(!FileManager.default.fileExists(atPath: directory.file("-")))
        #expect(export.stdout.starts(with: Data("SQNX".utf8)))
        let imported = try SeqrBinary.tool.run(["notes", "import", "-", "--dry-run"], stdin: export.stdout, environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdoutText.hasPrefix("Garden gate\n"))

        let json = try seqr(["notes", "export", "-o", "-", "--json"] + alice)
        #expect(json.status != 0 && json.errorLines.last?.contains("--json cannot be combined with -o -") == true, "\(json.stderr)")

        // Only the last folder of an output path is made (docs/cli.md): two missing ones are refused.
        let missing = directory.file("out/deeper/x.sqnx")
        let line: Substring = "seqr: cannot write \(missing): no such directory (\(directory.file("out")) does not exist; only the last folder of an output path is made)"
        // No account is needed to see this: the path is checked before the store or the server.
        let early = try seqr(["notes", "export", "-o", missing, "--store", directory.file("nobody")])
        #expect(early.status == 73 && early.errorLines == [line], "\(early.stderr)")
        let late = try seqr(["notes", "export", "-o", missing] + alice)
        #expect(late.errorLines == [line], "\(late.stderr)")
        let absent = try seqr(["notes", "import", directory.file("absent.sqnx"), "--dry-run"])
        #expect(absent.status == 66 && absent.errorLines == ["seqr: \(directory.file("absent.sqnx")): no such file"], "\(absent.stderr)")
        #expect(server.process.stop(SIGTERM) == 0)
    }

    @Test("a note the server rolls back to an older version is refused; an RNCryptor note stored before is read and re-sealed on edit")
    func rollbackAndLegacy() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        let bob = ["--store", directory.file("bob")]
        #expect(try seqr(["notes", "register", "bob", "--server", server.url, "--kdf-iterations", "210000"] + bob).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Safe", "--info", "code 1234"] + bob).status == 0)
        // The server's operator keeps a copy of the note as it is at version 1 …
        let snapshot = directory.file("v1.json")
        let python = try ExternalTool.named("python3")
        let save = try python.run(["-c", """
            import sqlite3, sys, json
            db = sqlite3.connect(sys.argv[1])
            (rowid, title, info, version) = db.execute("SELECT rowid, title, info, version FROM note").fetchone()
            json.dump({"rowid": rowid, "title": title.hex(), "info": info.hex(), "version": version}, open(sys.argv[2], "w"))
            """, database, snapshot])
        #expect(save.status == 0, "\(save.stderr)")
        let list = try JSONSerialization.jsonObject(with: try seqr(["notes", "list", "--json"] + bob).stdout) as? [[String: Any]] ?? []
        let id = String(try #require(list.first?["id"] as? String).prefix(8))
        #expect(try seqr(["notes", "edit", id, "--info", "code 9876"] + bob).stdoutText.contains("version 2"))
        #expect(try seqr(["notes", "show", id] + bob).stdoutText == "Safe\ncode 9876\n")
        // … and puts it back: fields and version number as they were, every byte genuine.
        let restore = try python.run(["-c", """
            import sqlite3, sys, json
            s = json.load(open(sys.argv[2])); db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE note SET title = ?, info = ?, version = ? WHERE rowid = ?",
                       (bytes.fromhex(s["title"]), bytes.fromhex(s["info"]), s["version"], s["rowid"])); db.commit()
            """, database, snapshot])
        #expect(restore.status == 0, "\(restore.stderr)")
        let rolledBack = try seqr(["notes", "show", id] + bob)
        #expect(rolledBack.status != 0 && rolledBack.stdoutText.isEmpty && rolledBack.errorLines.count == 1)
        #expect(rolledBack.stderr.contains("served at version 1, but version 2 was seen here"), "\(rolledBack.stderr)")
        // The old fields under the new version number do not open either.
        #expect(try python.run(["-c", """
            import sqlite3, sys, json
            s = json.load(open(sys.argv[2])); db = sqlite3.connect(sys.argv[1])
            db.execute("UPDATE note SET version = 2 WHERE rowid = ?", (s["rowid"],)); db.commit()
            """, database, snapshot]).status == 0)
        let mixed = try seqr(["notes", "show", id] + bob)
        #expect(mixed.status != 0 && mixed.stderr.contains("mixed with another version"), "\(mixed.stderr)")

        // A note an earlier client stored as RNCryptor v3 (the API no longer takes them; put in the database as it was) is read, then re-sealed on edit.
        let legacy = try Self.insertRNCryptorNote(into: database)
        let legacyID = String(legacy.id.uuidString.lowercased().prefix(8))
        #expect(try seqr(["notes", "show", legacyID] + bob).stdoutText == "Onion\nlayers\n")
        #expect(try seqr(["notes", "list"] + bob).stderr.contains("1 note is still RNCryptor"))
        #expect(try seqr(["notes", "edit", legacyID, "--info", "more layers"] + bob).status == 0)
        let edited = try JSONSerialization.jsonObject(with: try seqr(["notes", "show", legacyID, "--json"] + bob).stdout) as? [String: Any]
        #expect(edited?["format"] as? String == "seqr" && edited?["info"] as? String == "more layers")

        // Deleted here, brought back by the server: refused.
        let keep = directory.file("deleted.json")
        #expect(try python.run(["-c", """
            import sqlite3, sys, json
            db = sqlite3.connect(sys.argv[1]); db.row_factory = sqlite3.Row
            row = dict(db.execute("SELECT * FROM note WHERE id = ?", (sys.argv[2],)).fetchone())
            json.dump({k: (v.hex() if isinstance(v, bytes) else v) for k, v in row.items()}, open(sys.argv[3], "w"))
            """, database, legacy.id.uuidString.lowercased(), keep]).status == 0)
        #expect(try seqr(["notes", "rm", legacyID] + bob).status == 0)
        #expect(try python.run(["-c", """
            import sqlite3, sys, json
            row = json.load(open(sys.argv[2])); db = sqlite3.connect(sys.argv[1])
            for k in ("title", "info"): row[k] = bytes.fromhex(row[k])
            db.execute("INSERT INTO note (%s) VALUES (%s)" % (", ".join(row), ", ".join("?" * len(row))), list(row.values())); db.commit()
            """, database, keep]).status == 0)
        let returned = try seqr(["notes", "show", legacyID] + bob)
        #expect(returned.status != 0 && returned.stderr.contains("was deleted here, yet the server serves it again"), "\(returned.stderr)")
    }

    @Test("notes of field version 2 and RNCryptor are read and named by list; `notes upgrade` rewrites each as version 3, one version-checked write each; one that does not open is named and left")
    func upgrade() async throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        let carol = ["--store", directory.file("carol")]
        // Notes of older formats are in accounts older clients made: registered without an account key, then
        // moved over at this version's login, so the account key is the password's encKey.
        let kdf = AccountKDFParameters.fresh(iterations: 210_000)
        _ = try await ServerClient(server: server.url).register(
            username: "carol", authKey: try AccountKeys(password: "correct horse", parameters: kdf).authenticationToken, kdf: kdf)
        #expect(try seqr(["notes", "login", "carol", "--server", server.url] + carol).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Current", "--info", "sealed as 3"] + carol).status == 0)
        let python = try ExternalTool.named("python3")
        let salt = try python.run(["-c", """
            import sqlite3, sys
            print(sqlite3.connect(sys.argv[1]).execute("SELECT kdf_salt FROM note").fetchone()[0])
            """, database]).stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        let key = try AccountKeys(password: "correct horse", parameters: AccountKDFParameters(iterations: 210_000, salt: salt)).encryptionKey
        // A note as clients before field version 3 sealed it (ChaCha20-Poly1305, "seqr-note-v2"), stored at version 4.
        let older = UUID()
        func v2(_ text: String, _ role: String) throws -> Data {
            let aad = Data("seqr-note-v2\u{0}\(older.uuidString.lowercased())\u{0}\(role)\u{0}4".utf8)
            return Data([2]) + AEAD.chaChaPoly.seal(Data(text.utf8), key: key, authenticating: aad)
        }
        let insert = try python.run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO note (id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at) "
                       "SELECT ?, account_id, ?, ?, format, kdf_algorithm, kdf_iterations, kdf_salt, 4, created_at, updated_at FROM note LIMIT 1",
                       (sys.argv[2], bytes.fromhex(sys.argv[3]), bytes.fromhex(sys.argv[4]))); db.commit()
            """, database, older.uuidString.lowercased(), Self.hex(try v2("Old", "title")), Self.hex(try v2("sealed as 2", "info"))])
        #expect(insert.status == 0, "\(insert.stderr)")
        let rncryptor = try Self.insertRNCryptorNote(into: database)
        let olderID = String(older.uuidString.lowercased().prefix(8)), rncryptorID = String(rncryptor.id.uuidString.lowercased().prefix(8))
        #expect(try seqr(["notes", "show", olderID] + carol).stdoutText == "Old\nsealed as 2\n")
        let list = try seqr(["notes", "list"] + carol)
        #expect(list.status == 0 && list.stderr.contains("1 note is of an older field version, which the web app cannot open: `seqr notes upgrade`"), "\(list.stderr)")

        // A version 2 note altered on the server: reported, left as it was, and the others upgraded all the same.
        let damaged = UUID()
        #expect(try python.run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO note (id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at) "
                       "SELECT ?, account_id, title, substr(info, 1, 20) || x'00' || substr(info, 22), format, kdf_algorithm, kdf_iterations, kdf_salt, "
                       "version, created_at, updated_at FROM note WHERE id = ?", (sys.argv[2], sys.argv[3])); db.commit()
            """, database, damaged.uuidString.lowercased(), older.uuidString.lowercased()]).status == 0)
        let upgrade = try seqr(["notes", "upgrade"] + carol)
        #expect(upgrade.status == 65, "\(upgrade.stderr)")
        let lines = upgrade.stdoutText.split(separator: "\n").map(String.init)
        #expect(Set(lines.dropLast()) == ["upgraded \(olderID) to version 5", "upgraded \(rncryptorID) to version 2"], "\(lines)")
        #expect(upgrade.stdoutText.hasSuffix("2 notes upgraded, 1 already of field version 3\n"))
        #expect(upgrade.errorLines == ["seqr: note \(damaged.uuidString.lowercased()) not upgraded: wrong password, or the note was altered, moved or mixed with another version"],
                "\(upgrade.stderr)")
        #expect(try python.run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            assert db.execute("SELECT substr(title, 1, 1) FROM note WHERE id = ?", (sys.argv[2],)).fetchone()[0] == bytes([2])
            db.execute("DELETE FROM note WHERE id = ?", (sys.argv[2],)); db.commit()
            """, database, damaged.uuidString.lowercased()]).status == 0)
        // Every field on the server is now version 3, each note one version on, and each still opens.
        let rows = try python.run(["-c", """
            import sqlite3, sys
            for (id, title, info, format, version) in sqlite3.connect(sys.argv[1]).execute("SELECT id, title, info, format, version FROM note ORDER BY id"):
                print(id[:8], title[0], info[0], format, version)
            """, database]).stdoutText
        #expect(rows.contains("\(olderID) 3 3 seqr-aead-v1 5") && rows.contains("\(rncryptorID) 3 3 seqr-aead-v1 2") && !rows.contains("rncryptor"), "\(rows)")
        #expect(try seqr(["notes", "show", olderID] + carol).stdoutText == "Old\nsealed as 2\n")
        #expect(try seqr(["notes", "show", rncryptorID] + carol).stdoutText == "Onion\nlayers\n")
        #expect(try seqr(["notes", "list"] + carol).stderr.isEmpty)
        // Nothing left to do: nothing written.
        #expect(try seqr(["notes", "upgrade"] + carol).stdoutText == "0 notes upgraded, 3 already of field version 3\n")
    }

    static func hex(_ data: Data) -> String { data.map { String(format: "%02x", $0) }.joined() }

    /// A note as an earlier client stored it, RNCryptor v3 under the password "correct horse" ("Onion", "layers"),
    /// put straight into the server's database beside its first note (the API no longer takes them).
    static func insertRNCryptorNote(into database: String) throws -> EncryptedNote {
        let note = EncryptedNote(id: UUID(), title: try RNCryptorV3.encrypt(Data("Onion".utf8), password: "correct horse", iterations: 10_000),
                                 info: try RNCryptorV3.encrypt(Data("layers".utf8), password: "correct horse", iterations: 10_000),
                                 format: .rncryptor, kdf: .rncryptor())
        let insert = try ExternalTool.named("python3").run(["-c", """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.execute("INSERT INTO note (id, account_id, title, info, format, kdf_algorithm, kdf_iterations, kdf_salt, version, created_at, updated_at) "
                       "SELECT ?, account_id, ?, ?, 'rncryptor-v3', 'pbkdf2-sha1', 10000, NULL, 1, created_at, updated_at FROM note LIMIT 1",
                       (sys.argv[2], bytes.fromhex(sys.argv[3]), bytes.fromhex(sys.argv[4]))); db.commit()
            """, database, note.id.uuidString.lowercased(), hex(note.title), hex(note.info)])
        #expect(insert.status == 0, "\(insert.stderr)")
        return note
    }

    /// SQLite always; PostgreSQL when the test cluster is there (make test starts it).
    static var databases: [String] {
        ["sqlite"] + (ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"].map { $0.isEmpty ? [] : ["postgres"] } ?? [])
    }

    @Test("kill -9 during a burst of writes: every acknowledged note is there after restart", arguments: databases)
    func crashDurability(backend: String) async throws {
        let directory = try TemporaryDirectory()
        let database = backend == "postgres" ? ProcessInfo.processInfo.environment["SEQR_TEST_POSTGRES_URL"]! : directory.file("server.sqlite")
        let first = try Server(database: database, log: directory.file("first.log"), extra: ["--free-notes", "1000000"])
        let kdf = AccountKDFParameters.fresh(iterations: AccountKDFParameters.minimumIterations)
        let keys = try AccountKeys(password: "pw", parameters: kdf)
        let username = "burst-\(UUID().uuidString.prefix(8).lowercased())"
        let session = try await ServerClient(server: first.url).register(username: username, authKey: keys.authenticationToken, kdf: kdf)
        let client = ServerClient(server: first.url, token: session.token)
        let cipher = NoteCipher(password: "pw")
        let note = try NotePlaintext(title: "burst", info: "durable")

        // The kill comes once writes are being acknowledged (at least 20, or after 60 s), not at a fixed time:
        // on a loaded machine the first seals and writes can take longer than any fixed delay.
        let writes = AcknowledgedCount()
        let acknowledged = try await withThrowingTaskGroup(of: [UUID].self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var done: [UUID] = []
                    while true {
                        let sealed = try cipher.seal(note, noteVersion: 1, account: kdf)
                        do { done.append(try await client.create(sealed).id) } catch { return done }
                        await writes.add()
                    }
                }
            }
            group.addTask {
                let deadline = ContinuousClock.now + .seconds(60)
                while await writes.value < 20, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(50)) }
                try await Task.sleep(for: .milliseconds(300))
                first.process.stop(SIGKILL)
                return []
            }
            return try await group.reduce(into: Set<UUID>()) { $0.formUnion($1) }
        }
        #expect(acknowledged.count > 10, "the burst should get some writes in before the kill")

        let second = try Server(database: database, log: directory.file("second.log"))
        let restarted = try await ServerClient(server: second.url).login(username: username, authKey: keys.authenticationToken)
        let stored = Set(try await ServerClient(server: second.url, token: restarted.token).notes().map(\.id))
        #expect(acknowledged.isSubset(of: stored), "lost \(acknowledged.subtracting(stored).count) acknowledged writes")
    }
}

/// Writes acknowledged so far, shared by the burst's tasks.
private actor AcknowledgedCount {
    private(set) var value = 0
    func add() { value += 1 }
}
