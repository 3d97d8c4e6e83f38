import Crypto
import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// SMART Health Cards built from the specification's structure (the spec's own example
/// cards are generated, not published as files): ES256 + raw DEFLATE + shc:/ numeric.
@Suite("SMART Health Cards")
struct SmartHealthCardTests {
    static let issuer = "https://spec.smarthealth.cards/examples/issuer"
    static let bundle = Data(#"""
    {"resourceType":"Bundle","type":"collection","entry":[
     {"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Anyperson","given":["John","B."]}],"birthDate":"1951-01-20"}},
     {"fullUrl":"resource:1","resource":{"resourceType":"Immunization","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"207"}]},"patient":{"reference":"resource:0"},"occurrenceDateTime":"2021-01-01","performer":[{"actor":{"display":"ABC General Hospital"}}],"lotNumber":"0000001"}},
     {"fullUrl":"resource:2","resource":{"resourceType":"Immunization","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"207"}]},"patient":{"reference":"resource:0"},"occurrenceDateTime":"2021-01-29","performer":[{"actor":{"display":"ABC General Hospital"}}],"lotNumber":"0000007"}}]}
    """#.utf8)

    let key: JWSSigningKey
    let keys: JWKSet
    let jws: String

    init() throws {
        var key = try JWSSigningKey.generate(.ES256)
        key.keyID = JWK.publicJWK(key.verificationKey.material)["kid"]
        self.key = key
        keys = try JWKSet(json: JSONSerialization.data(withJSONObject: ["keys": [JWK.publicJWK(key.verificationKey.material, algorithm: .ES256)]]))
        jws = try SmartHealthCard.issue(bundle: Self.bundle, issuer: Self.issuer, notBefore: Date(timeIntervalSince1970: 1_620_000_000), key: key)
    }

    @Test("a single shc:/ code: verified, and summarised")
    func single() throws {
        let contents = SmartHealthCard.qrContents(jws: jws)
        #expect(contents.count == 1 && contents[0].hasPrefix("shc:/") && contents[0].dropFirst(5).allSatisfy(\.isNumber))
        let card = try SmartHealthCard.verify(jws: SmartHealthCard.jws(fromQRContents: contents), keys: keys, trustedIssuer: Self.issuer)
        #expect(card.issuer == Self.issuer && card.types == ["https://smarthealth.cards#health-card"])
        let summary = card.summary
        #expect(summary.patient == "John B. Anyperson" && summary.birthDate == "1951-01-20")
        #expect(summary.immunizations.map(\.date) == ["2021-01-01", "2021-01-29"])
        #expect(summary.immunizations.first?.vaccineCodes == ["CVX 207"])
    }

    @Test("chunks in any order, duplicates tolerated; missing and inconsistent chunks named")
    func chunks() throws {
        let contents = SmartHealthCard.qrContents(jws: jws, chunks: 3)
        #expect(contents.map { $0.split(separator: "/")[1] } == ["1", "2", "3"])
        let shuffled = [contents[2], contents[0], contents[2], contents[1]]
        #expect(try SmartHealthCard.jws(fromQRContents: shuffled) == jws)
        #expect(throws: SmartHealthCardError.missingChunks(count: 1, first: [2], total: 3)) { try SmartHealthCard.jws(fromQRContents: [contents[0], contents[2]]) }
        let other = SmartHealthCard.qrContents(jws: jws, chunks: 2)
        #expect(throws: SmartHealthCardError.self) { try SmartHealthCard.jws(fromQRContents: [contents[0], other[1]]) }
    }

    @Test("a chunk claiming a huge chunk count is refused before anything is sized by it; missing chunks listed briefly")
    func chunkBomb() throws {
        let one = String(SmartHealthCard.qrContents(jws: jws)[0].dropFirst(5))
        #expect(throws: SmartHealthCardError.tooManyChunks(claimed: 100_000_000, limit: SmartHealthCard.maximumChunks)) {
            try SmartHealthCard.jws(fromQRContents: ["shc:/1/100000000/56"])
        }
        #expect(throws: SmartHealthCardError.self) { try SmartHealthCard.jws(fromQRContents: ["shc:/1/\(Int.max)/56"]) }
        #expect(throws: SmartHealthCardError.self) { try SmartHealthCard.jws(fromQRContents: ["shc:/1/99999999999999999999999/56"]) }
        // The largest allowed count: 15 missing, 8 of them named, and the message says there are more.
        do {
            _ = try SmartHealthCard.jws(fromQRContents: ["shc:/1/\(SmartHealthCard.maximumChunks)/" + one])
            Issue.record("a 16-chunk card with one chunk given was accepted")
        } catch {
            #expect(error == .missingChunks(count: 15, first: Array(2...9), total: 16))
            #expect(error.description == "missing 15 of 16 chunks: 2, 3, 4, 5, 6, 7, 8, 9, …")
        }
    }

    @Test("foreign, odd, out-of-range and tampered contents")
    func badContents() throws {
        #expect(throws: SmartHealthCardError.notAHealthCard) { try SmartHealthCard.jws(fromQRContents: ["https://example.org"]) }
        #expect(throws: SmartHealthCardError.invalidNumericEncoding) { try SmartHealthCard.jws(fromQRContents: ["shc:/123"]) }
        #expect(throws: SmartHealthCardError.invalidNumericEncoding) { try SmartHealthCard.jws(fromQRContents: ["shc:/9999"]) }
        var digits = Array(SmartHealthCard.qrContents(jws: jws)[0])
        let index = digits.count - 40
        digits[index] = digits[index] == "1" ? "2" : "1"
        #expect(throws: SmartHealthCardError.self) {
            try SmartHealthCard.verify(jws: SmartHealthCard.jws(fromQRContents: [String(digits)]), keys: keys, trustedIssuer: Self.issuer)
        }
    }

    @Test("another issuer's key, a pinned issuer that differs, a card from the future")
    func trust() throws {
        var impostor = try JWSSigningKey.generate(.ES256)
        impostor.keyID = key.keyID  // claims the real issuer's kid
        let forged = try SmartHealthCard.issue(bundle: Self.bundle, issuer: Self.issuer, notBefore: Date(), key: impostor)
        #expect(throws: SmartHealthCardError.signature(.invalidSignature)) { try SmartHealthCard.verify(jws: forged, keys: keys, trustedIssuer: Self.issuer) }
        #expect(throws: SmartHealthCardError.untrustedIssuer(Self.issuer)) { try SmartHealthCard.verify(jws: jws, keys: keys, trustedIssuer: "https://other.example") }
        // A key in the trusted set signs a card claiming someone else: the claim is refused.
        let claimsOther = try SmartHealthCard.issue(bundle: Self.bundle, issuer: "https://ministry.example", notBefore: Date(), key: key)
        #expect(throws: SmartHealthCardError.untrustedIssuer("https://ministry.example")) {
            try SmartHealthCard.verify(jws: claimsOther, keys: keys, trustedIssuer: Self.issuer)
        }
        let future = try SmartHealthCard.issue(bundle: Self.bundle, issuer: Self.issuer, notBefore: Date().addingTimeInterval(86_400), key: key)
        #expect(throws: SmartHealthCardError.self) { try SmartHealthCard.verify(jws: future, keys: keys, trustedIssuer: Self.issuer) }
        let expiry = Date(timeIntervalSince1970: 1_650_000_000)
        let expired = try SmartHealthCard.issue(bundle: Self.bundle, issuer: Self.issuer, notBefore: Date(timeIntervalSince1970: 1_620_000_000), expires: expiry, key: key)
        #expect(throws: SmartHealthCardError.expired(expiry)) { try SmartHealthCard.verify(jws: expired, keys: keys, trustedIssuer: Self.issuer) }
        #expect(try SmartHealthCard.verify(jws: expired, keys: keys, trustedIssuer: Self.issuer, now: Date(timeIntervalSince1970: 1_640_000_000)).issuer == Self.issuer)
    }

    @Test("keys that are not EC P-256 for signing are refused; an uncompressed payload too")
    func keysAndCompression() throws {
        let p384 = try JWSSigningKey.generate(.ES384)
        let set384 = try JWKSet(json: JSONSerialization.data(withJSONObject: ["keys": [JWK.publicJWK(p384.verificationKey.material)]]))
        var signer = p384
        signer.keyID = nil
        let card = try SmartHealthCard.issue(bundle: Self.bundle, issuer: Self.issuer, notBefore: Date(), key: signer)
        #expect(throws: SmartHealthCardError.unsuitableKey("health cards use ES256 with an EC P-256 key")) { try SmartHealthCard.verify(jws: card, keys: set384, trustedIssuer: Self.issuer) }
        var jwk = JWK.publicJWK(key.verificationKey.material)
        jwk["use"] = "enc"
        #expect(throws: JWSError.self) { try JWKSet(json: JSONSerialization.data(withJSONObject: ["keys": [jwk]])) }
        let plain = try CompactJWS.sign(Self.bundle, with: key)
        #expect(throws: SmartHealthCardError.notCompressed) { try SmartHealthCard.verify(jws: plain, keys: keys, trustedIssuer: Self.issuer) }
        let bad = try CompactJWS.sign(Data([1, 2, 3]), with: key, extraHeader: ["zip": "DEF"])
        #expect(throws: SmartHealthCardError.decompressionFailed) { try SmartHealthCard.verify(jws: bad, keys: keys, trustedIssuer: Self.issuer) }
    }

    @Test("raw DEFLATE agrees with Python's zlib (wbits -15) both ways")
    func deflateInterop() throws {
        let text = Array(String(repeating: "SMART Health Card ", count: 50).utf8)
        let ours = try RawDeflate.compress(text)
        let python = try ExternalTool.named("python3")
        let inflated = try python.run(["-c", "import sys,zlib; sys.stdout.buffer.write(zlib.decompress(sys.stdin.buffer.read(), -15))"], stdin: Data(ours))
        #expect(inflated.stdout == Data(text))
        let theirs = try python.run(["-c", "import sys,zlib; c=zlib.compressobj(9, zlib.DEFLATED, -15); sys.stdout.buffer.write(c.compress(sys.stdin.buffer.read())+c.flush())"], stdin: Data(text))
        #expect(try RawDeflate.decompress([UInt8](theirs.stdout), limit: 10_000) == text)
        #expect(throws: CompressionError.corrupt) { try RawDeflate.decompress(Array(ours.dropLast(3)), limit: 10_000) }
        #expect(throws: CompressionError.tooLarge(limit: 10)) { try RawDeflate.decompress(ours, limit: 10) }
    }
}
