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

    @Test("refusals are one line and exit 65, the failed step first: another key, alg none, tampering, expiry, garbage")
    func refusals() throws {
        let key = directory.file("k.pem"), other = directory.file("o.pem")
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", key)
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", other)
        let payload = try directory.write(Data(#"{"exp":1000}"#.utf8), to: "expired.json")
        let token = try SeqrBinary.run("jws", "sign", "--key", key, payload, "--print").stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)
        func refuse(_ arguments: [String], _ fragment: String) throws {
            let result = try SeqrBinary.run(arguments)
            #expect(result.status == 65, "\(arguments)")
            #expect(result.errorLines.count == 1 && result.stderr.contains(fragment), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty, "nothing of the payload is shown")
        }
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token], "seqr: failed at expiry: expired at 1970-01-01T00:16:40Z")
        try refuse(["jws", "verify", "--key", directory.file("o.pub.pem"), token], "seqr: failed at signature: the signature does not verify")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), "eyJhbGciOiJub25lIn0.e30."], "seqr: failed at header: the JWS is unsigned")
        // 87 characters end in 2 unused bits, and "x" (110001) sets one: not canonical base64url.
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token + "x"], "seqr: failed at encoding: not a compact JWS: the signature is not base64url")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), token + "w"], "seqr: failed at signature: the signature does not verify")
        try refuse(["jws", "verify", "--key", directory.file("k.pub.pem"), "hello world"], "seqr: failed at encoding: not a compact JWS")
        try refuse(["jws", "verify", "--key", directory.file("k.pem"), token], "expected a public key")
        _ = try SeqrBinary.run("jws", "keygen", "--alg", "ES256", "-o", directory.file("s.pem"), "--jwk", "--force")
        try refuse(["jws", "verify", "--jwks", directory.file("s.jwks.json"), token], "seqr: failed at key id: no trusted key has kid")
        let ok = try SeqrBinary.run("jws", "verify", "--key", directory.file("k.pub.pem"), token, "--ignore-time")
        #expect(ok.status == 0)
    }
}

extension JWSCLITests {
    @Test("the cockpit's DER key and its base64 verify; --onboarding prints the SDK's configuration only when the signature holds")
    func cockpitKeysAndOnboarding() throws {
        let key = directory.file("rsa.pem")
        #expect(try SeqrBinary.run("jws", "keygen", "--alg", "RS256", "-o", key).status == 0)
        let der = try ExternalTool.named("openssl").run(["pkey", "-pubin", "-in", directory.file("rsa.pub.pem"), "-outform", "DER"]).stdout
        let derFile = try directory.write(der, to: "cockpit.der")
        let base64File = try directory.write(Data(der.base64EncodedString().utf8), to: "cockpit.b64")
        let payload = try directory.write(Data(#"{"authType":"oauth2","oauth.0.clientID":"abc","host":"mobile.example.com\",\"port\":\"1","port":"443"}"#.utf8), to: "p.json")
        let png = directory.file("onboarding.png")
        #expect(try SeqrBinary.run("jws", "sign", "--key", key, payload, "-o", png).status == 0)
        for trusted in [derFile, base64File] {
            let result = try SeqrBinary.run("jws", "verify", "--key", trusted, png, "--onboarding")
            #expect(result.status == 0, "\(result.stderr)")
            let json = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
            #expect(json["host"] as? String == #"mobile.example.com","port":"1"# && json["port"] as? String == "443")
            let client = ((json["auth"] as? [[String: Any]])?.first?["config"] as? [String: Any])?["oauth2.clients"] as? [[String: String]]
            #expect(client?.first?["clientID"] == "abc")
        }
        // Another key: nothing of the payload is printed.
        let other = directory.file("other.pem")
        #expect(try SeqrBinary.run("jws", "keygen", "--alg", "RS256", "-o", other).status == 0)
        let refused = try SeqrBinary.run("jws", "verify", "--key", directory.file("other.pub.pem"), png, "--onboarding")
        #expect(refused.status == 65 && refused.stdout.isEmpty && refused.errorLines.count == 1)
        // A file that is no key says which encodings were tried.
        let junk = try directory.write(Data("not a key".utf8), to: "junk.key")
        let unreadable = try SeqrBinary.run("jws", "verify", "--key", junk, png)
        #expect(unreadable.status == 65 && unreadable.stderr.contains("PEM, JWK, DER (SPKI or PKCS#1), base64 of DER"), "\(unreadable.stderr)")
    }
}
