import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// What the README and docs/*.md promise and issue 45 found the code not doing: each behaviour
/// here, and `scripts/doc-examples` runs the examples that show it.
@Suite("seqr does what its documentation's examples show", .serialized)
struct DocumentedBehaviourCLITests {
    static let passphrase = ["SEQR_PASSPHRASE": "open sesame"]

    func seqr(_ arguments: [String], environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD", "SEQR_NOTES_SERVER", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            environment.removeValue(forKey: name)
        }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    /// An identity named `name` in `directory/name`, and its public-key code as `name.png`.
    func identity(_ name: String, in directory: TemporaryDirectory) throws -> [String] {
        let store = ["--store", directory.file(name)]
        #expect(try seqr(["id", "init", "--name", name] + store, environment: Self.passphrase).status == 0)
        #expect(try seqr(["id", "show", "-o", directory.file("\(name).png")] + store).status == 0)
        return store
    }

    @Test("channel remove --subscriber: a name in any case; of two names differing only in case, the exact one")
    func subscriberNames() throws {
        let directory = try TemporaryDirectory()
        let alice = try identity("Alice", in: directory)
        for name in ["Carol", "CAROL", "Bob"] {
            _ = try identity(name, in: directory)
        }
        #expect(try seqr(["channel", "create", "Garden"] + alice, environment: Self.passphrase).status == 0)
        for name in ["Carol", "CAROL", "Bob"] {
            let share = try seqr(["channel", "share", "Garden", "--to", directory.file("\(name).png"), "-o", directory.file("share-\(name).png")] + alice,
                                 environment: Self.passphrase)
            #expect(share.status == 0, "\(share.stderr)")
        }
        let bob = try seqr(["channel", "remove", "Garden", "--subscriber", "bob", "-o", directory.file("rekey1.png")] + alice, environment: Self.passphrase)
        #expect(bob.status == 0, "\(bob.stderr)")
        let ambiguous = try seqr(["channel", "remove", "Garden", "--subscriber", "carol", "-o", directory.file("rekey2.png")] + alice, environment: Self.passphrase)
        #expect(ambiguous.status == 65 && ambiguous.stderr.contains("exact case"), "\(ambiguous.stderr)")
        let exact = try seqr(["channel", "remove", "Garden", "--subscriber", "CAROL", "-o", directory.file("rekey3.png")] + alice, environment: Self.passphrase)
        #expect(exact.status == 0, "\(exact.stderr)")
        let subscribers = try seqr(["channel", "subscribers", "Garden", "--json"] + alice)
        let rows = try JSONSerialization.jsonObject(with: subscribers.stdout) as? [[String: Any]] ?? []
        let active = rows.filter { $0["removedAt"] == nil }.compactMap { $0["name"] as? String }
        #expect(active == ["Carol"], "\(subscribers.stdoutText)")
    }

    @Test("--max-pixels on every command that reads pictures, applied to what it reads")
    func maxPixelsEverywhere() throws {
        let directory = try TemporaryDirectory()
        let store = try identity("Alice", in: directory)
        let picture = directory.file("Alice.png")
        let key = directory.file("key.pem")
        #expect(try seqr(["jws", "keygen", "--alg", "ES256", "-o", key, "--jwk"]).status == 0)
        let commands: [[String]] = [
            ["decode", picture],
            ["scan", picture] + store,
            ["vault", "restore", picture, "-o", directory.file("out.txt")],
            ["channel", "subscribe", picture] + store,
            ["channel", "share", "Garden", "--to", picture, "-o", directory.file("share.png")] + store,
            ["jws", "verify", "--key", directory.file("key.pub.pem"), picture],
            ["shc", "verify", picture, "--jwks", directory.file("key.jwks.json"), "--issuer", "https://issuer.example"],
            ["location", "follow", picture, "--once"],
        ]
        #expect(try seqr(["channel", "create", "Garden"] + store, environment: Self.passphrase).status == 0)
        for command in commands {
            let outcome = try seqr(command + ["--max-pixels", "100"], environment: Self.passphrase.merging(["SEQR_PASSWORD": "pw"]) { $1 })
            #expect(outcome.status == 65 && outcome.stderr.contains("too large to read"), "\(command.prefix(2)): \(outcome.status) \(outcome.stderr)")
        }
        let decodeHelp = try seqr(["decode", "--help"]).stdoutText
        #expect(!decodeHelp.contains("200,000,000 pixels,") && decodeHelp.contains("50,000,000"))
    }

    @Test("every command that writes a file makes the output's last missing folder, and refuses a deeper one (73)")
    func outputFolders() throws {
        let directory = try TemporaryDirectory()
        let store = try identity("Alice", in: directory)
        let writes: [(arguments: [String], file: String)] = [
            (["encode", "--text", "a", "-o", directory.file("codes/a.png")], "codes/a.png"),
            (["id", "show", "-o", directory.file("mine/me.png")] + store, "mine/me.png"),
            (["jws", "keygen", "--alg", "ES256", "-o", directory.file("keys/key.pem")], "keys/key.pem"),
            (["vault", "restore-program", "-o", directory.file("programs/restore.py")], "programs/restore.py"),
        ]
        for (arguments, file) in writes {
            let outcome = try seqr(arguments)
            #expect(outcome.status == 0 && FileManager.default.fileExists(atPath: directory.file(file)), "\(arguments.prefix(2)): \(outcome.stderr)")
        }
        let deep = try seqr(["encode", "--text", "a", "-o", directory.file("no/such/a.png")])
        #expect(deep.status == 73 && !FileManager.default.fileExists(atPath: directory.file("no")), "\(deep.stderr)")
    }

    @Test("notes: status --json names its date expiresAt; an import skips the notes already there and says how many")
    func notesStatusAndImport() throws {
        let directory = try TemporaryDirectory()
        let server = try NotesCLITests.Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let store = ["--store", directory.file("alice")]
        let password = ["SEQR_PASSWORD": "correct horse"]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + store, environment: password).status == 0)
        let status = try JSONSerialization.jsonObject(with: seqr(["notes", "status", "--json"] + store).stdout) as? [String: Any]
        #expect(status?["expiresAt"] is String, "\(String(describing: status))")
        #expect(try seqr(["notes", "add", "--title", "Wi-Fi", "--info", "hunter2"] + store, environment: password).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Door", "--info", "1234"] + store, environment: password).status == 0)
        let export = directory.file("notes.sqnx")
        #expect(try seqr(["notes", "export", "-o", export] + store, environment: password).status == 0)
        let again = try seqr(["notes", "import", export] + store, environment: password)
        #expect(again.status == 0 && again.stdoutText.contains("imported 0 notes") && again.stdoutText.contains("skipped 2"), "\(again.stdoutText) \(again.stderr)")
        // The same title and text under another id (a note removed and added again) is present too; a new note is not.
        let list = try JSONSerialization.jsonObject(with: seqr(["notes", "list", "--json"] + store, environment: password).stdout) as? [[String: Any]] ?? []
        let door = try #require(list.first { $0["title"] as? String == "Door" }?["id"] as? String)
        #expect(try seqr(["notes", "rm", door] + store, environment: password).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Door", "--info", "1234"] + store, environment: password).status == 0)
        #expect(try seqr(["notes", "add", "--title", "Gate", "--info", "5678"] + store, environment: password).status == 0)
        let json = try seqr(["notes", "import", export, "--json"] + store, environment: password)
        let counts = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Int]
        #expect(counts == ["imported": 0, "skipped": 2], "\(json.stdoutText) \(json.stderr)")
        let after = try JSONSerialization.jsonObject(with: seqr(["notes", "list", "--json"] + store, environment: password).stdout) as? [[String: Any]] ?? []
        #expect(after.count == 3)
    }

    @Test("location rotate names the new share's id, and rotate, extend and revoke take a link")
    func rotateFlow() throws {
        let directory = try TemporaryDirectory()
        let server = try NotesCLITests.Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let store = ["--store", directory.file("alice")]
        let password = ["SEQR_PASSWORD": "correct horse"]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + store, environment: password).status == 0)
        let share = try seqr(["location", "share", "--expires", "1h"] + store)
        let link = share.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(share.status == 0 && link.contains("/l/"), "\(share.stderr)")
        #expect(try seqr(["location", "extend", link, "--expires", "2h"] + store).status == 0)
        let rotate = try seqr(["location", "rotate", link] + store)
        let newLink = rotate.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(rotate.status == 0 && newLink != link, "\(rotate.stderr)")
        let newID = try #require(newLink.split(separator: "/").last?.split(separator: "#").first.map(String.init))
        #expect(rotate.stderr.contains("new share \(newID)"), "\(rotate.stderr)")
        let revoke = try seqr(["location", "revoke", newLink] + store)
        #expect(revoke.status == 0 && revoke.stdoutText.contains(newID), "\(revoke.stderr)")
    }

    @Test("the documentation says what the code does: the pixel limit, SVG, SEQR_NOTES_SERVER, /etc/seqr, completion folders, the onboarding payload")
    func documentation() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        func read(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        let decoding = try read("docs/decoding.md"), cli = try read("docs/cli.md")
        #expect(decoding.contains("more than 50,000,000 pixels") && !decoding.contains("more than 200,000,000 pixels"))
        #expect(decoding.contains("SVG"))
        #expect(try seqr(["scan", "--help"]).stdoutText.contains("SVG"))
        #expect(try read("docs/notes-and-location.md").contains("SEQR_NOTES_SERVER"))
        let scaleOut = try read("docs/scale-out.md")
        let folder = try #require(scaleOut.range(of: "install -d -m 700 -o \"$USER\" /etc/seqr"))
        #expect(folder.lowerBound < (scaleOut.range(of: "> /etc/seqr/db-password")?.lowerBound ?? scaleOut.startIndex))
        #expect(cli.contains("mkdir -p ~/.zfunc") && cli.contains("mkdir -p ~/.config/fish/completions"))
        #expect(try read("README.md").contains("seqr jws keygen --alg ES256 -o key.pem"))
        #expect(try read("docs/signed-codes.md").contains(#""port": "443""#))
        let history = try read("docs/benchmarks-history.md")
        #expect(history.contains("Reads in batches"))
    }

    @Test("jws verify --onboarding refuses a number where the SDK reads a string, naming the key")
    func onboardingStrings() throws {
        let directory = try TemporaryDirectory()
        let key = directory.file("key.pem")
        #expect(try seqr(["jws", "keygen", "--alg", "ES256", "-o", key, "--jwk"]).status == 0)
        for (payload, ok) in [(#"{"host": "mobile.example.com", "port": "443"}"#, true), (#"{"host": "mobile.example.com", "port": 443}"#, false)] {
            let config = try directory.write(Data(payload.utf8), to: "config.json")
            #expect(try seqr(["jws", "sign", "--key", key, config, "-o", directory.file("code.png"), "--force"]).status == 0)
            let verify = try seqr(["jws", "verify", "--key", directory.file("key.pub.pem"), directory.file("code.png"), "--onboarding"])
            #expect((verify.status == 0) == ok && (ok || verify.stderr.contains("\"port\" is not a string")), "\(verify.stderr)")
        }
    }
}
