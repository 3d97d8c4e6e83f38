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

    @Test("traditional PEM forms from cryptography: SEC1 EC and PKCS#1 RSA keys")
    func traditionalPEM() throws {
        let directory = try TemporaryDirectory()
        let script = """
        import sys
        from cryptography.hazmat.primitives import serialization as s
        from cryptography.hazmat.primitives.asymmetric import ec, rsa
        d = sys.argv[1]
        e = ec.generate_private_key(ec.SECP256R1())
        open(d + "/ec.pem", "wb").write(e.private_bytes(s.Encoding.PEM, s.PrivateFormat.TraditionalOpenSSL, s.NoEncryption()))
        r = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        open(d + "/rsa.pem", "wb").write(r.private_bytes(s.Encoding.PEM, s.PrivateFormat.TraditionalOpenSSL, s.NoEncryption()))
        open(d + "/rsa.pub", "wb").write(r.public_key().public_bytes(s.Encoding.PEM, s.PublicFormat.PKCS1))
        """
        try #require(try ExternalTool.named("python3").run(["-c", script, directory.path]).status == 0)
        let ec = try String(contentsOfFile: directory.file("ec.pem"), encoding: .utf8)
        let rsa = try String(contentsOfFile: directory.file("rsa.pem"), encoding: .utf8)
        let rsaPublic = try String(contentsOfFile: directory.file("rsa.pub"), encoding: .utf8)
        #expect(ec.contains("BEGIN EC PRIVATE KEY") && rsa.contains("BEGIN RSA PRIVATE KEY") && rsaPublic.contains("BEGIN RSA PUBLIC KEY"))
        let ecKey = try JWSSigningKey(pem: ec)
        #expect(ecKey.algorithm == .ES256)
        let rsaKey = try JWSSigningKey(pem: rsa)
        #expect(rsaKey.algorithm == .RS256)
        let token = try CompactJWS.sign(Data("x".utf8), with: rsaKey)
        #expect(try CompactJWS.verify(token, with: JWSVerificationKey(pem: rsaPublic)).payload == Data("x".utf8))
    }
}
