import Foundation
import SeqrTestSupport
import SeqrURLSafety
import Testing

/// The Update API client against Tests/Reference/safebrowsing_server.py, which hashes its small
/// lists with Python's hashlib and logs every request it receives.
@Suite("Safe Browsing Update API")
struct SafeBrowsingUpdateTests {
    static func client(_ server: SafeBrowsingTestServer, database: String? = nil, key: String = "test-key", updateInterval: Double = 0) -> SafeBrowsingUpdateClient {
        SafeBrowsingUpdateClient(apiKey: key, databasePath: database ?? server.directory.file("safebrowsing.db"), endpoint: server.endpoint,
                                 updateInterval: updateInterval, timeout: 60)
    }

    /// The `listUpdateRequests` of a logged fetch, by threat type: the state sent, nil when omitted.
    static func states(_ request: SafeBrowsingTestServer.Request) throws -> [String: String?] {
        let body = try #require(try JSONSerialization.jsonObject(with: Data(request.body.utf8)) as? [String: Any])
        let lists = try #require(body["listUpdateRequests"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: lists.map { ($0["threatType"] as? String ?? "", $0["state"] as? String) })
    }

    @Test("a listed URL is flagged, an unlisted one passes, and no request carries a URL or its host")
    func privacy() async throws {
        let server = try SafeBrowsingTestServer()
        let client = Self.client(server)
        #expect(await client.check("https://x.malware.test/a?session=secret") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(await client.check("http://Phish.test/login?next=%2Fhome") == SafeBrowsingAnswer(threats: ["SOCIAL_ENGINEERING"], checked: true))
        #expect(await client.check("https://cdn.example/files/trojan.exe") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(await client.check("https://pua.test/download") == SafeBrowsingAnswer(threats: ["UNWANTED_SOFTWARE"], checked: true))
        let findsBefore = server.finds.count
        #expect(await client.check("https://fine.example/private/page?user=alice") == SafeBrowsingAnswer(checked: true))
        #expect(server.finds.count == findsBefore, "no local prefix matched, so nothing may be asked")
        // A listed prefix whose full hash is another URL's (a collision): asked, then not flagged.
        #expect(await client.check("https://decoy.test/") == SafeBrowsingAnswer(checked: true))
        #expect(server.finds.count == findsBefore + 1)

        let requests = server.requests
        #expect(server.fetches.count == 6 && server.finds.count == 5)
        let secrets = ["x.malware.test", "malware.test", "secret", "phish.test", "Phish.test", "login", "cdn.example", "trojan", "pua.test", "download",
                       "fine.example", "private", "alice", "decoy.test", "https:", "http:"]
        for request in requests {
            for secret in secrets {
                #expect(!request.body.contains(secret) && !request.path.contains(secret), "\(request.path) sent \(secret)")
            }
        }
        // What find sends is hash prefixes from the lists: 4 bytes, or the list's one 32-byte entry.
        for find in server.finds {
            let body = try #require(try JSONSerialization.jsonObject(with: Data(find.body.utf8)) as? [String: Any])
            let entries = try #require((body["threatInfo"] as? [String: Any])?["threatEntries"] as? [[String: String]])
            #expect(!entries.isEmpty)
            for entry in entries {
                #expect(entry.keys.sorted() == ["hash"])
                let prefix = try #require(Data(base64Encoded: entry["hash"] ?? ""))
                #expect([4, 32].contains(prefix.count))
            }
        }
    }

    @Test("no second fetch within minimumWaitDuration, and the database survives a restart")
    func minimumWait() async throws {
        let server = try SafeBrowsingTestServer(["--fetch-wait", "600"])
        let first = Self.client(server)
        #expect(await first.check("https://malware.test/").threats == ["MALWARE"])
        #expect(await first.check("https://fine.example/").checked)
        #expect(server.fetches.count == 1)
        // A new process (a new client on the same file) neither fetches nor forgets.
        let restarted = Self.client(server)
        #expect(await restarted.check("https://a.malware.test/b") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(server.fetches.count == 1)
        let files = try FileManager.default.contentsOfDirectory(atPath: server.directory.path)
        #expect(!files.contains { $0.contains(".tmp-") }, "the atomic write leaves no temporary file: \(files)")
    }

    @Test("after minimumWaitDuration the next check updates, sending the list states")
    func waitElapses() async throws {
        // A clock the test moves: a sleep raced a loaded machine's slow answers and disk.
        let server = try SafeBrowsingTestServer(["--fetch-wait", "600"])
        let clock = TestClock()
        let client = SafeBrowsingUpdateClient(apiKey: "test-key", databasePath: server.directory.file("safebrowsing.db"), endpoint: server.endpoint,
                                              updateInterval: 0, timeout: 60, clock: { clock.now })
        _ = await client.check("https://malware.test/")
        clock.advance(599)
        _ = await client.check("https://malware.test/")
        #expect(server.fetches.count == 1)
        clock.advance(2)
        _ = await client.check("https://malware.test/")
        #expect(server.fetches.count == 2)
        #expect(try Self.states(server.fetches[0]) == ["MALWARE": nil, "SOCIAL_ENGINEERING": nil, "UNWANTED_SOFTWARE": nil])
        #expect(try Self.states(server.fetches[1]) == ["MALWARE": "djE=", "SOCIAL_ENGINEERING": "djE=", "UNWANTED_SOFTWARE": "djE="])
    }

    @Test("a partial update removes entries by index and adds new ones")
    func partialUpdate() async throws {
        let server = try SafeBrowsingTestServer(["--evolve"])
        let client = Self.client(server)
        #expect(await client.check("https://evil.example/bad/x.html").threats == ["MALWARE"])
        // The second fetch is partial (state "v1"): evil.example/bad/ removed, late.test/ added; a
        // wrong index would have removed another entry and failed the checksum.
        #expect(await client.check("https://evil.example/bad/x.html") == SafeBrowsingAnswer(checked: true))
        #expect(try Self.states(server.fetches[1])["MALWARE"] == "djE=")
        #expect(await client.check("https://late.test/") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(await client.check("https://malware.test/") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(await client.check("https://cdn.example/files/trojan.exe") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
    }

    @Test("a checksum mismatch clears the list, and the next update fetches it whole")
    func checksumMismatch() async throws {
        let server = try SafeBrowsingTestServer(["--corrupt-fetch", "2"])
        let client = Self.client(server)
        #expect(await client.check("https://malware.test/").threats == ["MALWARE"])
        let afterMismatch = await client.check("https://malware.test/")
        #expect(afterMismatch.threats.isEmpty)
        #expect(afterMismatch.notes.contains { $0.contains("MALWARE/ANY_PLATFORM/URL did not match the server's checksum") })
        #expect(afterMismatch.notes.contains("the Safe Browsing list MALWARE/ANY_PLATFORM/URL is not downloaded yet"))
        #expect(await client.check("https://malware.test/") == SafeBrowsingAnswer(threats: ["MALWARE"], checked: true))
        #expect(try Self.states(server.fetches[2]) == ["MALWARE": nil, "SOCIAL_ENGINEERING": "djE=", "UNWANTED_SOFTWARE": "djE="])
    }

    @Test("full hashes are cached for their duration, and find's minimumWaitDuration is honoured")
    func fullHashCache() async throws {
        let server = try SafeBrowsingTestServer(["--fetch-wait", "600", "--find-wait", "600"])
        let client = Self.client(server)
        #expect(await client.check("https://malware.test/").threats == ["MALWARE"])
        #expect(await client.check("https://malware.test/other").threats == ["MALWARE"])
        #expect(server.finds.count == 1)
        // Another listed prefix: confirming it must wait, so it is not called safe.
        let waiting = await client.check("https://phish.test/login")
        #expect(waiting.threats.isEmpty && !waiting.checked)
        #expect(waiting.notes == ["a local Safe Browsing prefix matched, but the server asked to wait before confirming it"])
        #expect(server.finds.count == 1)
        // The cache and the wait survive a restart.
        let restarted = Self.client(server)
        #expect(await restarted.check("https://malware.test/").threats == ["MALWARE"])
        #expect(await restarted.check("https://phish.test/login").checked == false)
        #expect(server.finds.count == 1)
    }

    @Test("a wrong key or an unreachable service is said, never taken for safe, and backs off")
    func failures() async throws {
        let server = try SafeBrowsingTestServer()
        let wrongKey = Self.client(server, key: "wrong")
        let refused = await wrongKey.check("https://malware.test/")
        #expect(!refused.checked && refused.threats.isEmpty)
        #expect(refused.notes.first?.contains("HTTP 403") == true)
        _ = await wrongKey.check("https://malware.test/")
        #expect(server.fetches.count == 1, "a failed update is retried only after the back-off")

        let directory = try TemporaryDirectory()
        let down = SafeBrowsingUpdateClient(apiKey: "test-key", databasePath: directory.file("sb.db"), endpoint: "http://127.0.0.1:9/v4", updateInterval: 0, timeout: 3)
        let unreachable = await down.check("https://malware.test/")
        #expect(!unreachable.checked && unreachable.notes.first?.hasPrefix("Safe Browsing unreachable") == true)
    }

    @Test("a damaged database file is replaced by a full download, not a crash")
    func damagedDatabase() async throws {
        let server = try SafeBrowsingTestServer()
        let path = server.directory.file("safebrowsing.db")
        _ = await Self.client(server, database: path).check("https://malware.test/")
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count / 2] ^= 0x01
        try bytes.write(to: URL(fileURLWithPath: path))
        let answer = await Self.client(server, database: path).check("https://malware.test/")
        #expect(answer.threats == ["MALWARE"])
        #expect(answer.notes == ["the Safe Browsing database is damaged (checksum); it will be downloaded again"])
        #expect(try Self.states(server.fetches[1]) == ["MALWARE": nil, "SOCIAL_ENGINEERING": nil, "UNWANTED_SOFTWARE": nil])
    }
}

/// A clock that moves only when told to.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date()
    var now: Date { lock.withLock { current } }
    func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}
