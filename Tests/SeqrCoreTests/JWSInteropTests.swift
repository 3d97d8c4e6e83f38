import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Seqr against an independent JOSE implementation (Python joserfc + cryptography),
/// both ways, for every algorithm.
@Suite("JWS against joserfc")
struct JWSInteropTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/jose_reference.py").path

    static func python(_ arguments: [String], stdin: Data? = nil) throws -> ExternalTool.Outcome {
        try ExternalTool.named("python3").run([script] + arguments, stdin: stdin)
    }

    @Test("joserfc signs, Seqr verifies; Seqr signs, joserfc verifies", arguments: JWSAlgorithm.allCases)
    func bothWays(algorithm: JWSAlgorithm) throws {
        let directory = try TemporaryDirectory()
        let privatePath = directory.file("key.pem"), publicPath = directory.file("key.pub")
        let keygen = try Self.python(["keygen", algorithm.rawValue, privatePath, publicPath])
        try #require(keygen.status == 0, "\(keygen.stderr)")
        let payload = Data(#"{"authType":"oauth2","host":"mobile.example.com","unicode":"✓"}"#.utf8)

        let theirs = try Self.python(["sign", algorithm.rawValue, privatePath], stdin: payload)
        try #require(theirs.status == 0, "\(theirs.stderr)")
        let publicKey = try JWSVerificationKey(pem: String(contentsOfFile: publicPath, encoding: .utf8), algorithm: algorithm)
        #expect(try CompactJWS.verify(theirs.stdoutText, with: publicKey).payload == payload)

        let signer = try JWSSigningKey(pem: String(contentsOfFile: privatePath, encoding: .utf8), algorithm: algorithm)
        let ours = try CompactJWS.sign(payload, with: signer)
        let checked = try Self.python(["verify", algorithm.rawValue, publicPath, ours])
        #expect(checked.status == 0, "joserfc refused Seqr's \(algorithm.rawValue): \(checked.stderr)")
        #expect(checked.stdout == payload)

        // And a token altered after signing is refused by both.
        let altered = String(ours.dropLast(2)) + (ours.hasSuffix("AA") ? "BB" : "AA")
        #expect(try Self.python(["verify", algorithm.rawValue, publicPath, altered]).status != 0)
        #expect(throws: JWSError.self) { try CompactJWS.verify(altered, with: publicKey) }
    }

    @Test("RFC 7638 thumbprints agree with joserfc", arguments: [JWSAlgorithm.RS256, .ES384, .EdDSA])
    func thumbprints(algorithm: JWSAlgorithm) throws {
        let directory = try TemporaryDirectory()
        let privatePath = directory.file("k.pem"), publicPath = directory.file("k.pub")
        try #require(try Self.python(["keygen", algorithm.rawValue, privatePath, publicPath]).status == 0)
        let key = try JWSVerificationKey(pem: String(contentsOfFile: publicPath, encoding: .utf8), algorithm: algorithm)
        let theirs = try Self.python(["thumbprint", publicPath]).stdoutText
        #expect(JWK.publicJWK(key.material)["kid"] == theirs)
    }
}
