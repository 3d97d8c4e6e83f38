import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr jws")
struct JWSCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    @Test("keygen, sign to a QR image, verify the image; URL form; JWK set", arguments: ["ES256", "EdDSA", "RS256"])
    func endToEnd(alg: String) throws {
        let key = directory.file("\(alg).pem")
        let keygen = try SeqrBinary.run("jws", "keygen", "--alg", alg, "-o", key, "--jwk")
        try #require(keygen.status == 0, "\(keygen.stderr)")
        let publicKey = directory.file("\(alg).pub.pem")
        let payload = try directory.write(Data(#"{"authType":"oauth2","host":"mobile.example.com"}"#.utf8), to: "p.json")
        let png = directory.file("\(alg).png")
        #expect(try SeqrBinary.run("jws", "sign", "--key", key, payload, "-o", png).status == 0)
        let verified = try SeqrBinary.run("jws", "verify", "--key", publicKey, png)
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(verified.stdoutText.contains("\"host\" : \"mobile.example.com\""))

        let url = try SeqrBinary.run("jws", "sign", "--key", key, "--url", "https://mobile.example.com/onboard?x=1", payload, "--print").stdoutText
        #expect(url.hasPrefix("https://mobile.example.com/onboard?x=1&jws="))
        let jwk = try String(contentsOfFile: directory.file("\(alg).jwk.json"), encoding: .utf8)
        let set = try directory.write(Data("{\"keys\":[\(jwk)]}".utf8), to: "set.json")
        let viaSet = try SeqrBinary.run("jws", "verify", "--jwks", set, url.trimmingCharacters(in: .whitespacesAndNewlines), "--json")
        #expect(viaSet.status == 0, "\(viaSet.stderr)")
        let report = try JSONSerialization.jsonObject(with: viaSet.stdout) as? [String: Any]
        #expect(report?["algorithm"] as? String == alg && report?["verified"] as? Bool == true)
    }

    @Test("refusals are one line and exit 1: another key, alg none, tampering, expiry, garbage")
    func refusals() throws {
        let key = directory.file("k.pem"), other = directory.file("o.pem")
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key)
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", other)
        let payload = try directory.write(Data(#"{"exp":1000}"#.utf8), to: "expired.json")
        let token = try SeqrBinary.run("jws", "sign", "--key", key, payload, "--print").stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        func refuse(_ arguments: [String], _ fragment: String) throws {
            let result = try SeqrBinary.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.errorLines.count == 1 && result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing of the payload is shown")
        }
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token], "expired at 1970-01-01T00:16:40Z")
        try refuse(["jws", "verify", "--key", directory.file("o.pub.pem"), token], "signature does not verify")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), "eyJhbGciOiJub25lIn0.e30."], "unsigned")
        // 87 characters end in 2 unused bits, and "x" (110001) sets one: not canonical base64url.
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token + "x"], "the signature is not base64url")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token + "w"], "signature does not verify")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), "hello world"], "not a compact JWS")
        try refuse(["jws", "verify", "--key", directory.file("k.pem"), token], "expected a public key")
        let ok = try SeqrBinary.run("jws", "verify", "--key", directory.file("k.pub.pem"), token, "--ignore-time")
        #expect(ok.status == 0)
    }
}
