import Foundation
import SeqrCore
import SeqrTestSupport
import SeqrURLSafety
import Testing

/// The checker: the offline blocklist and Safe Browsing (against the loopback server) together.
@Suite("URL safety")
struct URLSafetyTests {
    @Test("verdicts: flagged with reasons, no match with sources, never 'safe' when unchecked")
    func verdicts() async throws {
        let server = try SafeBrowsingTestServer()
        let blocklist = URLBlocklist(parsing: "# test list\nevil.example\nhttps://cdn.example/bad/ \n")
        let safeBrowsing = SafeBrowsingUpdateClient(apiKey: "test-key", databasePath: server.directory.file("sb.db"), endpoint: server.endpoint, timeout: 60)
        let both = URLSafetyChecker(blocklist: blocklist, safeBrowsing: safeBrowsing)
        #expect(await both.check("https://www.evil.example/x") == .flagged(["blocklist entry evil.example"]))
        #expect(await both.check("https://cdn.example/bad/file") == .flagged(["blocklist entry https://cdn.example/bad/"]))
        #expect(await both.check("https://a.malware.test/") == .flagged(["Safe Browsing: MALWARE"]))
        #expect(await both.check("https://fine.example/") == .noMatch(checkedBy: ["the offline blocklist", "Google Safe Browsing"]))
        #expect(await URLSafetyChecker().check("https://fine.example/") == .notChecked("no blocklist or Safe Browsing key configured"))
        // Safe Browsing unreachable: the blocklist still checked, and the gap is said.
        let directory = try TemporaryDirectory()
        let down = URLSafetyChecker(blocklist: blocklist, safeBrowsing: SafeBrowsingUpdateClient(apiKey: "test-key", databasePath: directory.file("a.db"), endpoint: "http://127.0.0.1:9/v4", timeout: 3))
        guard case .noMatch(let sources) = await down.check("https://fine.example/") else { Issue.record("expected noMatch"); return }
        #expect(sources.first == "the offline blocklist" && sources.count == 3 && sources[1].contains("unreachable"))
        let onlySB = URLSafetyChecker(safeBrowsing: SafeBrowsingUpdateClient(apiKey: "test-key", databasePath: directory.file("b.db"), endpoint: "http://127.0.0.1:9/v4", timeout: 3))
        guard case .notChecked(let reason) = await onlySB.check("https://fine.example/") else { Issue.record("expected notChecked"); return }
        #expect(reason.contains("unreachable"))
    }

    @Test("the environment: key and endpoint read, the Lookup API's old endpoint still accepted, an unreadable blocklist refused")
    func environment() async throws {
        let directory = try TemporaryDirectory()
        let checker = try URLSafetyChecker.fromEnvironment(["SEQR_SAFE_BROWSING_KEY": "k", "SEQR_SAFE_BROWSING_ENDPOINT": "http://127.0.0.1:1/v4/threatMatches:find"],
                                                           safeBrowsingDatabasePath: directory.file("sb.db"))
        #expect(checker.safeBrowsing?.endpoint == "http://127.0.0.1:1/v4")
        #expect(checker.safeBrowsing?.databasePath == directory.file("sb.db"))
        #expect(try URLSafetyChecker.fromEnvironment([:], safeBrowsingDatabasePath: directory.file("sb.db")).safeBrowsing == nil)
        #expect(throws: URLSafetyError.blocklistUnreadable(path: directory.file("missing"))) {
            try URLSafetyChecker.fromEnvironment([:], blocklistPath: directory.file("missing"), safeBrowsingDatabasePath: directory.file("sb.db"))
        }
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
