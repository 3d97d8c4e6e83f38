import Crypto
import _CryptoExtras
import Foundation
import SeqrCore
import Testing

@Suite("Compact JWS")
struct JWSTests {
    static let payload = Data(#"{"host":"example.org","port":"443","exp":4102444800}"#.utf8)
    /// One RSA key serves all six RSA algorithms here (the algorithm is chosen explicitly).
    static let rsa = try! _RSA.Signing.PrivateKey(keySize: .bits2048)

    static func key(_ algorithm: JWSAlgorithm) throws -> JWSSigningKey {
        switch algorithm.family {
        case .rsaPKCS1, .rsaPSS: try JWSSigningKey(.rsa(rsa), algorithm: algorithm)
        default: try JWSSigningKey.generate(algorithm)
        }
    }

    /// Replaces one part of a token.
    static func replacing(_ token: String, part: Int, with text: String) -> String {
        var parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        parts[part] = text
        return parts.joined(separator: ".")
    }

    @Test("sign and verify", arguments: JWSAlgorithm.allCases)
    func roundTrip(algorithm: JWSAlgorithm) throws {
        let key = try Self.key(algorithm)
        let token = try CompactJWS.sign(Self.payload, with: key)
        let verified = try CompactJWS.verify(token, with: key.verificationKey)
        #expect(verified.payload == Self.payload && verified.algorithm == algorithm)
        // Through PEM, as keys travel between tools.
        let publicPEM = key.verificationKey.material.pemRepresentation
        #expect(try CompactJWS.verify(token, with: JWSVerificationKey(pem: publicPEM, algorithm: algorithm)).payload == Self.payload)
        let reloaded = try JWSSigningKey(pem: key.pemRepresentation, algorithm: algorithm)
        #expect(try CompactJWS.verify(CompactJWS.sign(Self.payload, with: reloaded), with: key.verificationKey).payload == Self.payload)
    }

    @Test("ECDSA signatures are raw R‖S of the curve's size", arguments: [(JWSAlgorithm.ES256, 64), (.ES384, 96), (.ES512, 132)])
    func rawECDSA(algorithm: JWSAlgorithm, length: Int) throws {
        let token = try CompactJWS.sign(Self.payload, with: JWSSigningKey.generate(algorithm))
        let signature = try #require(Base64URL.decode(token.split(separator: ".")[2]))
        #expect(signature.count == length)
    }

    @Test("tampered payload, header or signature, and another key: invalid signature", arguments: [JWSAlgorithm.RS256, .PS384, .ES256, .ES512, .EdDSA])
    func tampering(algorithm: JWSAlgorithm) throws {
        let key = try Self.key(algorithm)
        let token = try CompactJWS.sign(Self.payload, with: key)
        let forgedPayload = Self.replacing(token, part: 1, with: Base64URL.encode(Data(#"{"host":"evil.example"}"#.utf8)))
        #expect(throws: JWSError.invalidSignature) { try CompactJWS.verify(forgedPayload, with: key.verificationKey) }
        var signature = try #require(Base64URL.decode(token.split(separator: ".")[2]))
        signature[signature.count / 2] ^= 1
        #expect(throws: JWSError.invalidSignature) { try CompactJWS.verify(Self.replacing(token, part: 2, with: Base64URL.encode(signature)), with: key.verificationKey) }
        let other = algorithm.family == .rsaPKCS1 || algorithm.family == .rsaPSS
            ? try JWSSigningKey(.rsa(_RSA.Signing.PrivateKey(keySize: .bits2048)), algorithm: algorithm) : try JWSSigningKey.generate(algorithm)
        #expect(throws: JWSError.invalidSignature) { try CompactJWS.verify(token, with: other.verificationKey) }
        let shortened = Self.replacing(token, part: 2, with: Base64URL.encode(signature.prefix(10)))
        #expect(throws: JWSError.invalidSignature) { try CompactJWS.verify(shortened, with: key.verificationKey) }
    }

    @Test("base64url decoding is canonical: non-zero unused bits refused, so a JWS has one spelling")
    func canonicalBase64URL() throws {
        #expect(Base64URL.decode("AA") == Data([0]))
        #expect(Base64URL.decode("AB") == nil)   // 4 unused bits, the lowest set
        #expect(Base64URL.decode("AAA") == Data([0, 0]))
        #expect(Base64URL.decode("AAB") == nil)  // 2 unused bits
        #expect(Base64URL.decode("AAAA") == Data([0, 0, 0]))
        for length in 0..<40 {
            let bytes = Data((0..<length).map { _ in UInt8.random(in: 0...255) })
            #expect(Base64URL.decode(Base64URL.encode(bytes)) == bytes)
        }
        // An ES256 signature is 64 bytes = 86 characters: its last character carries 4 unused bits.
        let key = try JWSSigningKey.generate(.ES256)
        let token = try CompactJWS.sign(Self.payload, with: key)
        let signature = String(token.split(separator: ".")[2])
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = alphabet.firstIndex(of: signature.last!)!
        let respelled = Self.replacing(token, part: 2, with: signature.dropLast() + String(alphabet[last ^ 1]))
        #expect(respelled != token)
        #expect(throws: JWSError.self) { try CompactJWS.verify(respelled, with: key.verificationKey) }
        #expect(try CompactJWS.verify(token, with: key.verificationKey).payload == Self.payload)
    }

    @Test("alg none, HMAC algorithm confusion, a mismatched alg, unknown crit")
    func headerAttacks() throws {
        let key = try JWSSigningKey.generate(.ES256)
        let body = Base64URL.encode(Self.payload)
        func token(_ header: String) -> String { Base64URL.encode(Data(header.utf8)) + "." + body + "." + Base64URL.encode(Data([1, 2, 3])) }
        #expect(throws: JWSError.unsigned) { try CompactJWS.verify(token(#"{"alg":"none"}"#), with: key.verificationKey) }
        #expect(throws: JWSError.unsigned) { try CompactJWS.verify(Base64URL.encode(Data(#"{"alg":"NONE"}"#.utf8)) + "." + body + ".", with: key.verificationKey) }
        // HS256 "signed" with the public key's bytes as the secret: refused outright.
        let rsaKey = try JWSSigningKey(.rsa(Self.rsa), algorithm: .RS256)
        let secret = SymmetricKey(data: Data(rsaKey.verificationKey.material.pemRepresentation.utf8))
        let input = Base64URL.encode(Data(#"{"alg":"HS256"}"#.utf8)) + "." + body
        let mac = HMAC<SHA256>.authenticationCode(for: Data(input.utf8), using: secret)
        #expect(throws: JWSError.unsupportedAlgorithm("HS256")) { try CompactJWS.verify(input + "." + Base64URL.encode(Data(mac)), with: rsaKey.verificationKey) }
        // A genuine ES384 token checked with a key trusted for ES256.
        let es384 = try CompactJWS.sign(Self.payload, with: JWSSigningKey.generate(.ES384))
        #expect(throws: JWSError.algorithmMismatch(expected: .ES256, found: "ES384")) { try CompactJWS.verify(es384, with: key.verificationKey) }
        // A PS256 token presented to a key trusted for RS256.
        let ps = try CompactJWS.sign(Self.payload, with: JWSSigningKey(.rsa(Self.rsa), algorithm: .PS256))
        #expect(throws: JWSError.algorithmMismatch(expected: .RS256, found: "PS256")) { try CompactJWS.verify(ps, with: rsaKey.verificationKey) }
        #expect(throws: JWSError.unknownCriticalHeaders(["exp"])) { try CompactJWS.verify(token(#"{"alg":"ES256","crit":["exp"],"exp":1}"#), with: key.verificationKey) }
        #expect(throws: JWSError.invalidHeader("no \"alg\"")) { try CompactJWS.verify(token(#"{"typ":"JWT"}"#), with: key.verificationKey) }
        #expect(throws: JWSError.invalidHeader("not a JSON object")) { try CompactJWS.verify(token("[1]"), with: key.verificationKey) }
    }

    @Test("malformed, truncated, trailing garbage and oversized input")
    func malformed() throws {
        let key = try JWSSigningKey.generate(.ES256)
        let token = try CompactJWS.sign(Self.payload, with: key)
        for bad in [token + ".extra", String(token.dropLast(token.count - token.lastIndex(of: ".")!.utf16Offset(in: token))), "a.b", "", token + " ", token + "=", "e30.e30.a+b"] {
            #expect(throws: JWSError.self) { try CompactJWS.verify(bad, with: key.verificationKey) }
        }
        #expect(throws: JWSError.malformed("expected 3 dot-separated parts, found 4")) { try CompactJWS.verify(token + ".x", with: key.verificationKey) }
        #expect(throws: JWSError.malformed("the signature is not base64url")) { try CompactJWS.verify(token + "!", with: key.verificationKey) }
        #expect(throws: JWSError.tooLarge(limit: CompactJWS.maximumLength)) {
            try CompactJWS.verify(String(repeating: "A", count: CompactJWS.maximumLength + 1), with: key.verificationKey)
        }
    }

    @Test("wrong key type and wrong curve are refused when the key is made")
    func keyTypes() throws {
        let p384 = P384.Signing.PrivateKey()
        #expect(throws: JWSError.wrongKeyType(.ES256)) { try JWSVerificationKey(.p384(p384.publicKey), algorithm: .ES256) }
        #expect(throws: JWSError.wrongKeyType(.RS256)) { try JWSVerificationKey(.p384(p384.publicKey), algorithm: .RS256) }
        #expect(throws: JWSError.wrongKeyType(.EdDSA)) { try JWSVerificationKey(.rsa(Self.rsa.publicKey), algorithm: .EdDSA) }
        #expect(throws: JWSError.self) { try JWSVerificationKey(pem: "not a key") }
        #expect(throws: JWSError.self) { try JWSVerificationKey(pem: p384.pemRepresentation) }  // a private key where a public one belongs
    }

    @Test("JWK and JWK sets: keys chosen by kid, use must be sig, alg in the JWK binds")
    func jwks() throws {
        let a = try JWSSigningKey.generate(.ES256), b = try JWSSigningKey.generate(.EdDSA)
        let jwkA = JWK.publicJWK(a.verificationKey.material, algorithm: .ES256), jwkB = JWK.publicJWK(b.verificationKey.material)
        let set = try JWKSet(json: JSONSerialization.data(withJSONObject: ["keys": [jwkA, jwkB]]))
        var signer = b
        signer.keyID = jwkB["kid"]
        let token = try CompactJWS.sign(Self.payload, with: signer)
        #expect(try CompactJWS.verify(token, with: set).payload == Self.payload)
        signer.keyID = "unknown"
        #expect(throws: JWSError.keyNotFound(kid: "unknown")) { try CompactJWS.verify(CompactJWS.sign(Self.payload, with: signer), with: set) }
        signer.keyID = nil
        #expect(throws: JWSError.keyNotFound(kid: nil)) { try CompactJWS.verify(CompactJWS.sign(Self.payload, with: signer), with: set) }
        var encryption = jwkA
        encryption["use"] = "enc"
        #expect(throws: JWSError.invalidKey("the key's \"use\" is \"enc\", not \"sig\"")) { try JWK.verificationKey(encryption) }
        #expect(throws: JWSError.self) { try JWKSet(json: Data("{}".utf8)) }
        var offCurve = jwkA
        offCurve["y"] = offCurve["x"]
        #expect(throws: JWSError.invalidKey("the point is not on the curve")) { try JWK.verificationKey(offCurve) }
    }

    @Test("exp and nbf are checked after verification, with leeway")
    func claims() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        #expect(throws: JWSError.expired(Date(timeIntervalSince1970: 1_699_990_000))) { try JWSClaims.check(Data(#"{"exp":1699990000}"#.utf8), now: now) }
        #expect(throws: JWSError.notYetValid(Date(timeIntervalSince1970: 1_700_010_000))) { try JWSClaims.check(Data(#"{"nbf":1700010000}"#.utf8), now: now) }
        try JWSClaims.check(Data(#"{"exp":1700000030,"nbf":1699999990}"#.utf8), now: now)
        try JWSClaims.check(Data("not json".utf8), now: now)
        #expect(throws: JWSError.invalidClaims("\"exp\" is not a number")) { try JWSClaims.check(Data(#"{"exp":"soon"}"#.utf8), now: now) }
    }

    @Test("?jws= URLs: made and found, with & and # around them")
    func urls() {
        #expect(JWSURL.make(base: "https://h/p", token: "a.b.c") == "https://h/p?jws=a.b.c")
        #expect(JWSURL.make(base: "https://h/p?x=1", token: "a.b.c") == "https://h/p?x=1&jws=a.b.c")
        #expect(JWSURL.extract(from: "https://h/p?jws=a.b.c") == "a.b.c")
        #expect(JWSURL.extract(from: "https://h/p?x=1&jws=a.b.c&y=2#frag") == "a.b.c")
        #expect(JWSURL.extract(from: "https://h/p?x=1") == nil)
    }

    @Test("base64url is strict")
    func base64url() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == Data([0xFB, 0xFF]))
        #expect(Base64URL.decode("-_8=") == nil && Base64URL.decode("+/8") == nil && Base64URL.decode("A") == nil)
    }
}
