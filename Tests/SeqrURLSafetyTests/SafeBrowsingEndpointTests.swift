import Foundation
import SeqrURLSafety
import Testing

@Suite("Safe Browsing endpoint")
struct SafeBrowsingEndpointTests {
    @Test("the API key is never sent over plain http beyond loopback")
    func insecureEndpointRefused() throws {
        let environment = ["SEQR_SAFE_BROWSING_KEY": "key", "SEQR_SAFE_BROWSING_ENDPOINT": "http://safebrowsing.example/v4"]
        #expect(throws: URLSafetyError.insecureEndpoint("http://safebrowsing.example/v4")) {
            try URLSafetyChecker.fromEnvironment(environment, safeBrowsingDatabasePath: "/nonexistent/safebrowsing.db")
        }
        var loopback = environment
        loopback["SEQR_SAFE_BROWSING_ENDPOINT"] = "http://127.0.0.1:9/v4"
        #expect(try URLSafetyChecker.fromEnvironment(loopback, safeBrowsingDatabasePath: "/nonexistent/safebrowsing.db").safeBrowsing != nil)
    }
}
