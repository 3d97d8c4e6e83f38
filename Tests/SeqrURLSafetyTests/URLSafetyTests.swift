import Foundation
import SeqrCore
import SeqrTestSupport
import SeqrURLSafety
import Testing

/// The Safe Browsing client against a loopback server that speaks the v4 API, and the
/// offline blocklist.
@Suite("URL safety", .serialized)
struct URLSafetyTests {
    /// Starts Tests/Reference/safebrowsing_server.py on a free loopback port; killed when
    /// released, and it also stops when this process ends, so a crashed run leaves nothing behind.
    final class Server: @unchecked Sendable {
        let process: BackgroundProcess
        let port: Int

        init() throws {
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Reference/safebrowsing_server.py").path
            let portFile = NSTemporaryDirectory() + "seqr-sb-\(UUID().uuidString)"
            defer { try? FileManager.default.removeItem(atPath: portFile) }
            process = try BackgroundProcess(try ExternalTool.named("python3").path, [script, portFile, "900"], logPath: "/dev/null")
            var found: Int?
            for _ in 0..<800 {  // up to 20 s: python3 starts slowly on a loaded machine
                if let text = try? String(contentsOfFile: portFile, encoding: .utf8), let value = Int(text) { found = value; break }
                usleep(25_000)
            }
            guard let found else { throw ExternalTool.Missing(name: "the Safe Browsing test server") }
            port = found
        }

        var endpoint: String { "http://127.0.0.1:\(port)/v4/threatMatches:find" }
    }

    @Test("the v4 client reports matches by URL and threat type")
    func lookup() async throws {
        let server = try Server()
        let client = SafeBrowsingClient(apiKey: "test-key", endpoint: server.endpoint, timeout: .seconds(60))
        let result = try await client.lookup(["https://x.malware.test/a", "https://ok.example/", "http://phish.test/login"])
        #expect(result == ["https://x.malware.test/a": ["MALWARE"], "http://phish.test/login": ["SOCIAL_ENGINEERING"]])
        #expect(try await client.lookup(["https://ok.example/"]).isEmpty)
        let badKey = SafeBrowsingClient(apiKey: "wrong", endpoint: server.endpoint, timeout: .seconds(60))
        await #expect(throws: SafeBrowsingClient.Failure.self) { try await badKey.lookup(["https://ok.example/"]) }
    }

    @Test("verdicts: flagged with reasons, no match with sources, never 'safe' when unchecked")
    func verdicts() async throws {
        let server = try Server()
        let blocklist = URLBlocklist(parsing: "# test list\nevil.example\nhttps://cdn.example/bad/ \n")
        let both = URLSafetyChecker(blocklist: blocklist, safeBrowsing: SafeBrowsingClient(apiKey: "test-key", endpoint: server.endpoint, timeout: .seconds(60)))
        #expect(await both.check("https://www.evil.example/x") == .flagged(["blocklist entry evil.example"]))
        #expect(await both.check("https://cdn.example/bad/file") == .flagged(["blocklist entry https://cdn.example/bad/"]))
        #expect(await both.check("https://a.malware.test/") == .flagged(["Safe Browsing: MALWARE"]))
        #expect(await both.check("https://fine.example/") == .noMatch(checkedBy: ["the offline blocklist", "Google Safe Browsing"]))
        #expect(await URLSafetyChecker().check("https://fine.example/") == .notChecked("no blocklist or Safe Browsing key configured"))
        // Safe Browsing unreachable: the blocklist still checked, and the gap is said.
        let down = URLSafetyChecker(blocklist: blocklist, safeBrowsing: SafeBrowsingClient(apiKey: "test-key", endpoint: "http://127.0.0.1:9/v4/threatMatches:find"))
        guard case .noMatch(let sources) = await down.check("https://fine.example/") else { Issue.record("expected noMatch"); return }
        #expect(sources.first == "the offline blocklist" && sources.count == 2 && sources[1].contains("unreachable"))
        let onlySB = URLSafetyChecker(safeBrowsing: SafeBrowsingClient(apiKey: "test-key", endpoint: "http://127.0.0.1:9/v4/threatMatches:find"))
        guard case .notChecked = await onlySB.check("https://fine.example/") else { Issue.record("expected notChecked"); return }
    }

    @Test("blocklist matching: hosts cover subdomains only, prefixes are prefixes")
    func blocklist() {
        let list = URLBlocklist(parsing: "evil.example\nhttps://shop.example/phish\n")
        #expect(list.match("https://evil.example") == "evil.example")
        #expect(list.match("https://a.b.evil.example/p?q") == "evil.example")
        #expect(list.match("https://notevil.example") == nil)
        #expect(list.match("https://shop.example/phishing") == "https://shop.example/phish")
        #expect(list.match("https://shop.example/") == nil)
        #expect(list.match("not a url") == nil)
    }
}
