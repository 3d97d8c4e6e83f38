import Foundation
import SeqrTestSupport
import Testing

/// docs/cli-json.md, checked: every command it lists is run with `--json`, its output parsed with
/// JSONSerialization (one document, or JSON Lines where the document says so), and its keys
/// compared with the documented ones.
@Suite("every --json is one documented JSON document", .serialized)
struct JSONOutputCLITests {
    /// What docs/cli-json.md says of one command.
    struct Documented {
        var shape = ""
        /// Key → whether it may be missing (`?`).
        var keys: [String: Bool] = [:]
        /// "codes" → the keys of the objects in the array under "codes".
        var nested: [String: [String: Bool]] = [:]
        var isJSONLines: Bool { shape.contains("JSON Lines") }
    }

    static let document: [String: Documented] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/cli-json.md").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var commands: [String: Documented] = [:]
        var current: String?
        func keys(_ list: Substring) -> [String: Bool] {
            Dictionary(list.split(separator: ",").map { item in
                let key = item.trimmingCharacters(in: CharacterSet(charactersIn: " `"))
                return key.hasSuffix("?") ? (String(key.dropLast()), true) : (key, false)
            }, uniquingKeysWith: { a, _ in a })
        }
        for line in text.split(separator: "\n") {
            if line.hasPrefix("### `") {
                current = line.dropFirst(5).prefix { $0 != "`" }.description
                commands[current!] = Documented()
            } else if let name = current, line.hasPrefix("Shape: ") {
                commands[name]?.shape = String(line.dropFirst(7))
            } else if let name = current, line.hasPrefix("Keys: ") {
                commands[name]?.keys = keys(line.dropFirst(6))
            } else if let name = current, line.hasPrefix("Keys of "), let colon = line.firstIndex(of: ":") {
                let array = line[line.index(line.startIndex, offsetBy: 8)..<colon].replacingOccurrences(of: "[]", with: "")
                commands[name]?.nested[array] = keys(line[line.index(after: colon)...])
            }
        }
        return commands
    }()

    /// The objects `outcome` printed for `command`, after checking they are what the document says.
    @discardableResult
    func check(_ command: String, _ outcome: ExternalTool.Outcome, sourceLocation: SourceLocation = #_sourceLocation) throws -> [[String: Any]] {
        let documented = try #require(Self.document[command], "\(command) is not in docs/cli-json.md", sourceLocation: sourceLocation)
        #expect(outcome.status == 0, "\(command): \(outcome.stderr)", sourceLocation: sourceLocation)
        let objects: [[String: Any]]
        if documented.isJSONLines {
            objects = try outcome.stdoutText.split(separator: "\n").map { line in
                try #require(try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(command): \(line)", sourceLocation: sourceLocation)
            }
        } else {
            let parsed = try #require(try? JSONSerialization.jsonObject(with: outcome.stdout),
                                      "\(command) printed no JSON document: \(outcome.stdoutText) \(outcome.stderr)", sourceLocation: sourceLocation)
            if documented.shape.hasPrefix("array") {
                objects = try #require(parsed as? [[String: Any]], "\(command) is not an array of objects: \(outcome.stdoutText)", sourceLocation: sourceLocation)
            } else {
                objects = [try #require(parsed as? [String: Any], "\(command) is not an object: \(outcome.stdoutText)", sourceLocation: sourceLocation)]
            }
        }
        #expect(!objects.isEmpty, "\(command) printed nothing to check", sourceLocation: sourceLocation)
        for object in objects {
            compare(object, with: documented.keys, command, sourceLocation)
            for (array, keys) in documented.nested {
                // An array of objects, or one object (`Keys of urlCheck`).
                let elements = object[array] as? [[String: Any]] ?? (object[array] as? [String: Any]).map { [$0] } ?? []
                for element in elements { compare(element, with: keys, "\(command) \(array)", sourceLocation) }
            }
        }
        return objects
    }

    func compare(_ object: [String: Any], with keys: [String: Bool], _ what: String, _ sourceLocation: SourceLocation) {
        let undocumented = Set(object.keys).subtracting(keys.keys)
        let missing = Set(keys.filter { !$0.value }.keys).subtracting(object.keys)
        #expect(undocumented.isEmpty, "\(what) prints undocumented keys \(undocumented.sorted())", sourceLocation: sourceLocation)
        #expect(missing.isEmpty, "\(what) lacks documented keys \(missing.sorted())", sourceLocation: sourceLocation)
    }

    func seqr(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse battery"
        environment["SEQR_NEW_PASSWORD"] = "staple horse battery"
        environment.removeValue(forKey: "SEQR_PASSPHRASE")
        return try SeqrBinary.tool.run(arguments, stdin: stdin, environment: environment)
    }

    @Test("the document is read: every command in it has a shape and keys")
    func documentRead() {
        #expect(Self.document.count >= 28)
        for (command, documented) in Self.document {
            #expect(!documented.shape.isEmpty && !documented.keys.isEmpty, "\(command)")
        }
    }

    @Test("codes, images, vault, JWS, SMART Health Cards, identity, channels, scan and history")
    func offline() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file
        let code = file("hello.png")
        try check("seqr encode", seqr(["encode", "--text", "hello", "-o", code, "--json"]))
        let decoded = try check("seqr decode", seqr(["decode", code, "--json"]))
        #expect(decoded.first?["file"] as? String == code)

        let secret = try directory.write(Data("a secret\n".utf8), to: "secret.txt")
        let backup = file("backup/")
        try check("seqr vault backup", seqr(["vault", "backup", secret, "-o", backup, "--rounds", "210000", "--json"]))
        try check("seqr vault restore", seqr(["vault", "restore", file("backup/page-001.png"), "-o", file("restored.txt"), "--json"]))

        let key = file("key.pem")
        #expect(try seqr(["jws", "keygen", "--alg", "ES256", "-o", key, "--jwk"]).status == 0)
        let payload = try directory.write(Data(#"{"host":"mobile.example.com"}"#.utf8), to: "payload.json")
        #expect(try seqr(["jws", "sign", "--key", key, payload, "-o", file("jws.png")]).status == 0)
        try check("seqr jws verify", seqr(["jws", "verify", "--key", file("key.pub.pem"), file("jws.png"), "--json"]))

        let jwk = try String(contentsOfFile: file("key.jwk.json"), encoding: .utf8)
        let jwks = try directory.write(Data("{\"iss\":\"https://issuer.example\",\"keys\":[\(jwk)]}".utf8), to: "jwks.json")
        let bundle = try directory.write(Data(#"""
        {"resourceType":"Bundle","type":"collection","entry":[
         {"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Doe","given":["Jane"]}],"birthDate":"1980-02-03"}}]}
        """#.utf8), to: "bundle.json")
        #expect(try seqr(["shc", "issue", "--key", key, "--issuer", "https://issuer.example", bundle, "-o", file("card.png")]).status == 0)
        try check("seqr shc verify", seqr(["shc", "verify", "--jwks", jwks, file("card.png"), "--json"]))

        let channel = try SubscribedChannel(in: directory)
        try check("seqr id show", seqr(["id", "show", "--store", channel.alice, "--json"]))
        let channels = try check("seqr channel list", seqr(["channel", "list", "--store", channel.alice, "--json"]))
        let channelID = try #require(channels.first?["id"] as? String)
        let subscribers = try check("seqr channel subscribers", seqr(["channel", "subscribers", "Garden", "--store", channel.alice, "--json"]))
        #expect(subscribers.map { $0["name"] as? String } == ["Bob"])
        #expect(channels.first?["shortId"] as? String == String(channelID.prefix(8)))
        #expect(try seqr(["post", "Garden", "--text", "Meeting at 6", "--expires", "1d", "-o", file("text.png"), "--store", channel.alice]).status == 0)
        #expect(try seqr(["post", "Garden", "--url", "https://example.org/", "-o", file("url.png"), "--store", channel.alice]).status == 0)

        // Every kind scan tells apart, in one run; the vault code, JWS and card are named, not dumped.
        let scanned = try check("seqr scan", seqr(["scan", file("text.png"), file("url.png"), code, file("bob.png"), file("backup/page-001.png"),
                                                   file("jws.png"), file("card.png"), "--store", channel.bob, "--lat", "47.5", "--lon", "8.5", "--json"]))
        #expect(scanned.map { $0["kind"] as? String } == ["textMessage", "urlMessage", "text", "publicKey", "vaultCode", "jws", "smartHealthCard"])
        #expect(scanned.compactMap { $0["command"] as? String } == ["seqr vault restore", "seqr jws verify", "seqr shc verify"])
        let history = try check("seqr history", seqr(["history", "--store", channel.bob, "--json"]))
        // The same kind values in history as in scan, the full channel id, dates ending in At.
        #expect(history.map { $0["kind"] as? String } == ["textMessage", "urlMessage"])
        #expect(history.allSatisfy { $0["channelId"] as? String == channelID })
        #expect((history.first?["sightings"] as? [[String: Any]])?.first?["seenAt"] is String)
        #expect((history.first?["createdAt"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("notes and location against a started seqr-server")
    func online() throws {
        let directory = try TemporaryDirectory()
        let server = try NotesCLITests.Server(database: directory.file("server.sqlite"), log: directory.file("server.log"))
        let store = ["--store", directory.file("alice")]
        try check("seqr notes register", seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000", "--json"] + store))
        try check("seqr notes login", seqr(["notes", "login", "alice", "--server", server.url, "--json"] + store))
        try check("seqr notes status", seqr(["notes", "status", "--json"] + store))
        let added = try check("seqr notes add", seqr(["notes", "add", "--title", "Wi-Fi", "--info", "hunter2", "--json"] + store))
        let id = try #require(added.first?["id"] as? String)
        #expect(id == id.lowercased() && added.first?["shortId"] as? String == String(id.prefix(8)) && added.first?["format"] as? String == "seqr")
        try check("seqr notes edit", seqr(["notes", "edit", String(id.prefix(8)), "--info", "hunter3", "--json"] + store))
        try check("seqr notes list", seqr(["notes", "list", "--json"] + store))
        try check("seqr notes show", seqr(["notes", "show", id, "--json"] + store))
        let export = directory.file("notes.sqnx")
        try check("seqr notes export", seqr(["notes", "export", "-o", export, "--json"] + store))
        try check("seqr notes import --dry-run", seqr(["notes", "import", export, "--dry-run", "--json"] + store))
        try check("seqr notes import", seqr(["notes", "import", export, "--json"] + store))
        try check("seqr notes rm", seqr(["notes", "rm", id, "--json"] + store))

        let gpx = try directory.write(Data(LocationCLITests.gpx.utf8), to: "track.gpx")
        try check("seqr location push", seqr(["location", "push", "--lat", "47.3769", "--lon", "8.5417", "--json"] + store))
        let share = try check("seqr location share", seqr(["location", "share", "--expires", "1h", "--no-qr", "--json"] + store))
        #expect(share.first?["format"] as? String == "seqr")
        try check("seqr location push", seqr(["location", "push", "--follow", gpx, "--json"] + store))
        try check("seqr location extend", seqr(["location", "extend", String(try #require(share.first?["id"] as? String).prefix(6)), "--expires", "2h", "--json"] + store))
        let rotated = try check("seqr location rotate", seqr(["location", "rotate", String(try #require(share.first?["id"] as? String).prefix(6)), "--no-qr", "--json"] + store))
        let link = try #require(rotated.first?["link"] as? String)
        let fixes = try check("seqr location follow", seqr(["location", "follow", link, "--once", "--json"]))
        #expect(fixes.count == 4)
        try check("seqr location shares", seqr(["location", "shares", "--json"] + store))
        try check("seqr location revoke", seqr(["location", "revoke", try #require(rotated.first?["id"] as? String), "--json"] + store))

        try check("seqr notes passwd", seqr(["notes", "passwd", "--kdf-iterations", "210000", "--json"] + store))
        let unlock = try check("seqr notes unlock list", seqr(["notes", "unlock", "list", "--json"] + store))
        #expect(unlock.first?["accountKey"] as? Bool == true)
        let upgrade = try check("seqr notes upgrade", seqr(["notes", "upgrade", "--json"] + store))
        // The import skipped the note already there (issue 45), and rm removed it: nothing is left to upgrade.
        #expect(upgrade.first?["upgraded"] as? [String] == [] && upgrade.first?["current"] as? Int == 0)
        try check("seqr notes logout", seqr(["notes", "logout", "--json"] + store))
        let again = try check("seqr notes logout", seqr(["notes", "logout", "--json"] + store))
        #expect(again.first?["signedOut"] is NSNull)

        // A paper kit, printed on another store with the password passwd set, recovered on a third from the PDF itself.
        let password = try directory.write(Data("staple horse battery\n".utf8), to: "password.txt")
        let owner = ["--store", directory.file("owner"), "--password-file", password]
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + owner).status == 0)
        let kit = directory.file("kit.pdf")
        try check("seqr notes kit", seqr(["notes", "kit", "--shares", "2-of-3", "-o", kit, "--json"] + owner))
        let status = try check("seqr notes status", seqr(["notes", "status", "--json", "--store", directory.file("owner")]))
        #expect(status.first?["kitPrintedAt"] is String)
        let recovered = try check("seqr notes recover", seqr(["notes", "recover", "--sheet", kit, "--json", "--kdf-iterations", "210000", "--store", directory.file("heir")]))
        #expect(recovered.first?["username"] as? String == "alice" && recovered.first?["kitPrintedAt"] is String)
        withExtendedLifetime(server) {}
    }
}
