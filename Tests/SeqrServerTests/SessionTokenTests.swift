import Foundation
@testable import SeqrServer
import Testing

@Suite("Bearer session tokens")
struct SessionTokenTests {
    @Test("the stored hash is SHA-256 of the token's bytes (checked against Python's hashlib)")
    func hashIsSHA256() {
        let hex = SessionToken.hash(String(repeating: "A", count: 43)).map { String(format: "%02x", $0) }.joined()
        #expect(hex == "0f007385b6f9d4b7eeb2748605afe1a984a0a3bfa3f014d09e2a784ce9e5cd1a")
    }

    @Test("fresh tokens are 43 base64url characters, all different, and read back from their header")
    func generateAndParse() {
        let tokens = (0..<50).map { _ in SessionToken.generate() }
        #expect(Set(tokens.map(\.token)).count == tokens.count)
        for (token, hash) in tokens {
            #expect(token.utf8.count == 43)
            #expect(SessionToken.hash(token) == hash)
            #expect(SessionToken.fromHeader("Bearer \(token)") == token)
        }
    }

    @Test("malformed Authorization headers give no token")
    func malformedHeaders() {
        let token = SessionToken.generate().token
        for header in [nil, "", "Bearer", "Bearer ", "bearer \(token)", "Basic \(token)", "Bearer \(token)x",
                       "Bearer \(token.dropLast())", "Bearer \(token.dropLast())=", "Bearer  \(token)", "Bearer \(token.dropLast())é"] {
            #expect(SessionToken.fromHeader(header) == nil, "\(header ?? "nil")")
        }
    }
}
