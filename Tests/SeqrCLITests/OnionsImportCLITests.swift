import Foundation
import SeqrTestSupport
import Testing

/// `seqr notes import --from onions` and `export --format onions` against exports made and read
/// by the independent reference (Tests/Reference/onions_reference.py).
@Suite("seqr notes and Onions exports", .serialized)
struct OnionsImportCLITests {
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/onions_reference.py").path

    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: [String], password: String) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    func makeExport(password: String, notes: [[String: String]]) throws -> String {
        let made = try ExternalTool.named("python3").run([Self.reference, "make-export", password], stdin: try JSONSerialization.data(withJSONObject: notes))
        try #require(made.status == 0, "\(made.stderr)")
        return try directory.write(made.stdout, to: "Onion.json")
    }

    @Test("--dry-run --json decrypts a Parse export without a server; a wrong password imports nothing; a damaged note is named and --skip-bad skips it")
    func dryRun() throws {
        let notes = [["objectId": "aB3dE5", "title": "Bank", "info": "PIN 1234", "createdAt": "2014-03-01T12:34:56.789Z"],
                     ["objectId": "Zz9Yy8", "title": "Wi-Fi", "info": "garden ✓", "createdAt": "2015-11-02T08:00:00.000Z"]]
        let export = try makeExport(password: "pässword", notes: notes)
        let store = ["--store", directory.file("store")]
        let dry = try seqr(["notes", "import", "--from", "onions", export, "--dry-run", "--json"] + store, password: "pässword")
        #expect(dry.status == 0, "\(dry.stderr)")
        let printed = try #require(try JSONSerialization.jsonObject(with: dry.stdout) as? [[String: Any]])
        #expect(printed.map { $0["objectId"] as? String } == ["aB3dE5", "Zz9Yy8"])
        #expect(printed.map { $0["info"] as? String } == ["PIN 1234", "garden ✓"])
        #expect(printed.first?["createdAt"] as? String == "2014-03-01T12:34:56Z")

        // A wrong password stops at the first note: the second is never tried (issue 32).
        let wrong = try seqr(["notes", "import", "--from", "onions", export, "--dry-run"] + store, password: "wrong")
        #expect(wrong.status != 0 && wrong.errorLines.count == 1, "\(wrong.stderr)")
        #expect(wrong.stderr.contains("aB3dE5: wrong Onions password") && wrong.stderr.contains("the first note does not open, so the password is wrong")
                && wrong.stderr.contains("nothing imported, 1 notes not tried"), "\(wrong.stderr)")

        // Damage one field: that note is named; --skip-bad imports the other.
        var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: export))) as? [String: Any])
        var results = try #require(json["results"] as? [[String: Any]])
        results[1]["onionInfo"] = "AgE="
        json["results"] = results
        let damaged = try directory.write(try JSONSerialization.data(withJSONObject: json), to: "damaged.json")
        let refused = try seqr(["notes", "import", "--from", "onions", damaged, "--dry-run"] + store, password: "pässword")
        #expect(refused.status != 0 && refused.stderr.contains("Zz9Yy8") && refused.stderr.contains("nothing imported"))
        let skipped = try seqr(["notes", "import", "--from", "onions", damaged, "--dry-run", "--skip-bad", "--json"] + store, password: "pässword")
        #expect(skipped.status == 0)
        #expect((try JSONSerialization.jsonObject(with: skipped.stdout) as? [[String: Any]])?.count == 1)
    }

    @Test("an export of more notes, or longer fields, than an import opens is refused before any key derivation, --dry-run included")
    func limits() throws {
        let store = ["--store", directory.file("store")]
        func export(_ objects: [[String: String]], name: String) throws -> String {
            try directory.write(try JSONSerialization.data(withJSONObject: ["results": objects]), to: name)
        }
        let many = try export((0...10_000).map { ["objectId": "n\($0)", "onionTitle": "AgE=", "onionInfo": "AgE="] }, name: "many.json")
        let refused = try seqr(["notes", "import", "--from", "onions", many, "--dry-run"] + store, password: "pw")
        #expect(refused.status != 0 && refused.errorLines == ["seqr: the Onions export is larger than Seqr imports: 10,001 notes, more than 10,000"],
                "\(refused.stderr)")
        let long = try export([["objectId": "x", "onionTitle": "AgE=", "onionInfo": String(repeating: "A", count: 20_000)]], name: "long.json")
        let tooLong = try seqr(["notes", "import", "--from", "onions", long, "--dry-run"] + store, password: "pw")
        #expect(tooLong.status != 0 && tooLong.stderr.contains("object x has a field of 20,000 characters, more than 16,384"), "\(tooLong.stderr)")
    }

    @Test("an Onions export is imported into a seqr-server account re-encrypted, and exported back in the app's format")
    func importAndExport() throws {
        let server = try NotesCLITests.Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let store = ["--store", directory.file("alice")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + store, password: "onions pw").status == 0)
        let export = try makeExport(password: "onions pw", notes: [["objectId": "o1", "title": "Garden", "info": "gate 4711", "createdAt": "2014-01-01T00:00:00.000Z"]])
        let imported = try seqr(["notes", "import", "--from", "onions", export] + store, password: "onions pw")
        #expect(imported.status == 0 && imported.stdoutText.contains("imported 1 note"), "\(imported.stderr)")
        let list = try seqr(["notes", "list", "--json"] + store, password: "onions pw")
        let notes = try #require(try JSONSerialization.jsonObject(with: list.stdout) as? [[String: Any]])
        #expect(notes.map { $0["title"] as? String } == ["Garden"] && notes.first?["format"] as? String == "seqr")
        // The server's database never holds the note's text.
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("server.sqlite"))).range(of: Data("gate 4711".utf8)) == nil)

        let back = directory.file("back.json")
        #expect(try seqr(["notes", "export", "--format", "onions", "-o", back] + store, password: "onions pw").status == 0)
        let read = try ExternalTool.named("python3").run([Self.reference, "export", "onions pw"], stdin: try Data(contentsOf: URL(fileURLWithPath: back)))
        #expect(read.status == 0 && read.stdoutText.contains("gate 4711"), "\(read.stderr)")
        let add = try seqr(["notes", "add", "--title", "x", "--info", "y", "--format", "onions"] + store, password: "onions pw")
        #expect(add.status != 0 && add.errorLines.count == 1)
    }
}
