import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Keys as SAP's mobile services cockpit and other tools hand them out, made by OpenSSL.
@Suite("JWS key files")
struct JWSKeyFileTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    func openssl(_ arguments: String...) throws -> Data {
        let result = try ExternalTool.named("openssl").run(Array(arguments))
        try #require(result.status == 0, "openssl \(arguments.joined(separator: " ")): \(result.stderr)")
        return result.stdout
    }

    @Test("RSA: PEM and DER, SPKI and PKCS#1, and the bare base64 of the DER all verify the same token")
    func rsaEncodings() throws {
        let privatePath = directory.file("rsa.pem")
        _ = try openssl("genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048", "-out", privatePath)
        let signer = try JWSSigningKey(pem: String(decoding: try Data(contentsOf: URL(fileURLWithPath: privatePath)), as: UTF8.self))
        let token = try CompactJWS.sign(Data("{\"host\":\"example.com\"}".utf8), with: signer)
        let encodings: [String: Data] = [
            "SPKI PEM": try openssl("pkey", "-in", privatePath, "-pubout"),
            "SPKI DER": try openssl("pkey", "-in", privatePath, "-pubout", "-outform", "DER"),
            "PKCS#1 PEM": try openssl("rsa", "-in", privatePath, "-RSAPublicKey_out"),
            "PKCS#1 DER": try openssl("rsa", "-in", privatePath, "-RSAPublicKey_out", "-outform", "DER"),
        ]
        for (name, data) in encodings {
            let key = try JWSVerificationKey(keyFile: data)
            #expect(try CompactJWS.verify(token, with: key).payload == Data("{\"host\":\"example.com\"}".utf8), "\(name)")
            if name.hasSuffix("DER") {
                let base64 = Data(data.base64EncodedString(options: .lineLength64Characters).utf8) + Data("\n".utf8)
                #expect(try CompactJWS.verify(token, with: JWSVerificationKey(keyFile: base64)).payload.count > 0, "base64 of \(name)")
            }
        }
    }

    @Test("P-256: SPKI DER and its base64 verify; another key's DER is refused by the signature")
    func ecEncodings() throws {
        let privatePath = directory.file("ec.pem")
        _ = try openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", privatePath)
        let signer = try JWSSigningKey(pem: String(decoding: try Data(contentsOf: URL(fileURLWithPath: privatePath)), as: UTF8.self))
        let token = try CompactJWS.sign(Data("{}".utf8), with: signer)
        let der = try openssl("pkey", "-in", privatePath, "-pubout", "-outform", "DER")
        #expect(try JWSVerificationKey(keyFile: der).algorithm == .ES256)
        _ = try CompactJWS.verify(token, with: JWSVerificationKey(keyFile: Data(der.base64EncodedString().utf8)))
        let otherPath = directory.file("other.pem")
        _ = try openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", otherPath)
        let other = try openssl("pkey", "-in", otherPath, "-pubout", "-outform", "DER")
        #expect(throws: JWSError.invalidSignature) { try CompactJWS.verify(token, with: JWSVerificationKey(keyFile: other)) }
    }

    @Test("a file that is no key says which encodings were tried")
    func unreadable() {
        for junk in [Data("hello world".utf8), Data([0x30, 0x03, 0x02, 0x01, 0x00]), Data(), Data("MAMCAQA=".utf8)] {
            #expect(throws: JWSError.invalidKey("not a public key in any encoding tried (\(JWSVerificationKey.keyFileEncodings))")) {
                try JWSVerificationKey(keyFile: junk)
            }
        }
    }
}

@Suite("Onboarding configuration")
struct OnboardingConfigurationTests {
    @Test("the flat payload becomes the seed's nested configuration")
    func shape() throws {
        let payload = """
            {"authType":"oauth2","oauth.0.clientID":"abc","oauth.0.redirectURL":"https://app.example/cb","oauth.0.grantType":"authorization_code",
             "oauth.0.readonlypasscode":"false","tokenEndpoint":"https://idp.example/token","authorizationEndpoint":"https://idp.example/auth",
             "protocol":"https","host":"api.example","port":"443"}
            """
        let json = try #require(try JSONSerialization.jsonObject(with: OnboardingConfiguration(flatPayload: Data(payload.utf8)).json()) as? [String: Any])
        let auth = try #require((json["auth"] as? [[String: Any]])?.first)
        let config = try #require(auth["config"] as? [String: Any])
        let client = try #require((config["oauth2.clients"] as? [[String: String]])?.first)
        #expect(auth["type"] as? String == "oauth2")
        #expect(client == ["clientID": "abc", "redirectURL": "https://app.example/cb", "grantType": "authorization_code", "passcode": "false"])
        #expect(config["oauth2.tokenEndpoint"] as? String == "https://idp.example/token")
        #expect(config["oauth2.authorizationEndpoint"] as? String == "https://idp.example/auth")
        #expect(json["protocol"] as? String == "https" && json["host"] as? String == "api.example" && json["port"] as? String == "443")
        #expect(Set(json.keys) == ["auth", "protocol", "host", "port"])
    }

    @Test("a value with quotes and braces stays one string: it cannot add keys as it would in the seed's template")
    func injection() throws {
        let hostile = "evil.example\",\"port\":\"1\"},{\"type\":\"basic"
        let payload = try JSONSerialization.data(withJSONObject: ["host": hostile, "authType": "oauth2"])
        let json = try #require(try JSONSerialization.jsonObject(with: OnboardingConfiguration(flatPayload: payload).json()) as? [String: Any])
        #expect(json["host"] as? String == hostile)
        #expect(json["port"] as? String == "")
        #expect((json["auth"] as? [Any])?.count == 1)
    }

    @Test("a payload that is not an object of strings is refused")
    func refused() {
        #expect(throws: JWSError.invalidClaims("an onboarding payload is a JSON object")) { try OnboardingConfiguration(flatPayload: Data("[1]".utf8)) }
        #expect(throws: JWSError.invalidClaims("onboarding value \"port\" is not a string")) {
            try OnboardingConfiguration(flatPayload: Data("{\"port\": 443}".utf8))
        }
    }
}
