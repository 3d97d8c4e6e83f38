import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr shc")
struct SHCCLITests {
    @Test("issue a chunked card, verify its QR images in any order; wrong issuer keys and missing chunks refused")
    func verify() throws {
        let directory = try TemporaryDirectory()
        let key = directory.file("issuer.pem")
        #expect(try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key, "--jwk").status == 0)
        let jwk = try String(contentsOfFile: directory.file("issuer.jwk.json"), encoding: .utf8)
        let jwks = try directory.write(Data("{\"iss\":\"https://issuer.example\",\"keys\":[\(jwk)]}".utf8), to: "jwks.json")
        let bundle = try directory.write(Data(#"""
        {"resourceType":"Bundle","type":"collection","entry":[
         {"fullUrl":"resource:0","resource":{"resourceType":"Patient","name":[{"family":"Doe","given":["Jane"]}],"birthDate":"1980-02-03"}},
         {"fullUrl":"resource:1","resource":{"resourceType":"Immunization","status":"completed","vaccineCode":{"coding":[{"system":"http://hl7.org/fhir/sid/cvx","code":"208"}]},"patient":{"reference":"resource:0"},"occurrenceDateTime":"2021-04-05"}}]}
        """#.utf8), to: "bundle.json")
        let card = directory.file("card.png")
        #expect(try SeqrBinary.run("shc", "issue", "--key", key, "--issuer", "https://issuer.example", bundle, "--chunks", "2", "-o", card).status == 0)
        let parts = [directory.file("card-2.png"), directory.file("card-1.png")]
        let verified = try SeqrBinary.run(["shc", "verify", "--jwks", jwks] + parts)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdoutText.contains("patient:    Jane Doe") && verified.stdoutText.contains("2021-04-05  CVX 208"))

        let missing = try SeqrBinary.run("shc", "verify", "--jwks", jwks, parts[0])
        #expect(missing.status == 1 && missing.errorLines == ["seqr: missing chunk 1 of 2"])

        let other = directory.file("other.pem")
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", other, "--jwk")
        let otherJWK = try String(contentsOfFile: directory.file("other.jwk.json"), encoding: .utf8)
        let wrong = try directory.write(Data("{\"keys\":[\(otherJWK)]}".utf8), to: "wrong.json")
        let refused = try SeqrBinary.run(["shc", "verify", "--jwks", wrong] + parts)
        #expect(refused.status == 1 && refused.stderr.contains("no trusted key has kid"))

        let pinned = try SeqrBinary.run(["shc", "verify", "--jwks", jwks, "--issuer", "https://elsewhere.example"] + parts)
        #expect(pinned.status == 1 && pinned.stderr.contains("is not the trusted one"))
    }
}
