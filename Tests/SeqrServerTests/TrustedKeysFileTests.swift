import Foundation
import HummingbirdTesting
import SeqrCore
import SeqrServer
import SeqrTestSupport
import SeqrWebApp
import Testing

/// `seqr-server --trusted-keys FILE`: the operator's list of keys the web app's scanner trusts,
/// checked when read and served at /app/trusted-keys.json with the app's headers.
@Suite("seqr-server --trusted-keys")
struct TrustedKeysFileTests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    /// A public JWK of a fresh key of `algorithm`, as `seqr jws keygen --jwk` writes it.
    static func publicJWK(_ algorithm: JWSAlgorithm) throws -> [String: String] {
        JWK.publicJWK(try JWSSigningKey.generate(algorithm).verificationKey.material, algorithm: algorithm)
    }

    func write(_ object: Any, to name: String) throws -> String {
        try directory.write(JSONSerialization.data(withJSONObject: object), to: name)
    }

    @Test("a JWK set of usable public keys is read; the page gets it at /app/trusted-keys.json, as the file holds it, with the app's headers")
    func served() async throws {
        let path = try write(["iss": "https://issuer.example", "keys": [try Self.publicJWK(.ES256), try Self.publicJWK(.EdDSA)]], to: "keys.json")
        let file = try TrustedKeysFile(path: path)
        #expect(file.keyCount == 2)
        let csp = try WebApp(tiles: nil, qrcodeGenerator: nil).contentSecurityPolicy
        try await Backend.sqlite.withApp(webApp: WebAppSettings(trustedKeys: file)) { client, _, _ in
            let response = try await client.execute(uri: "/app/trusted-keys.json", method: .get)
            #expect(response.status == .ok && response.headers[.contentType] == "application/json")
            #expect(Data(buffer: response.body) == FileManager.default.contents(atPath: path))
            WebAppRoutesTests.expectAppHeaders(response, csp: csp, "trusted-keys.json")
            let again = try await client.execute(uri: "/app/trusted-keys.json", method: .get, headers: [.ifNoneMatch: response.headers[.eTag] ?? ""])
            #expect(again.status == .notModified)
        }
        try await Backend.sqlite.withApp { client, _, _ in
            let unpublished = try await client.execute(uri: "/app/trusted-keys.json", method: .get)
            #expect(unpublished.status == .notFound, "no --trusted-keys: nothing published")
        }
    }

    @Test("refused in one line naming the file: unreadable, not JSON, not a set, an unusable key, an empty set, a private key")
    func refused() throws {
        var jwk = try Self.publicJWK(.ES256)
        #expect(throws: TrustedKeysFile.Failure.unreadable(path: directory.file("none.json"))) { try TrustedKeysFile(path: directory.file("none.json")) }
        let cases: [(Any, String)] = [
            (["not", "a", "set"], "not a JWK set"),
            (["keys": [["kty": "oct", "k": "AAAA"]]], "unsupported key type oct"),
            (["keys": [] as [Any]], "the \"keys\" array is empty"),
            (["keys": [jwk.merging(["d": "AAAA"]) { $1 }]], "key 1 holds a private part (\"d\"): publish public keys only"),
        ]
        for (index, (object, fragment)) in cases.enumerated() {
            let path = try write(object, to: "case-\(index).json")
            do throws(TrustedKeysFile.Failure) {
                _ = try TrustedKeysFile(path: path)
                Issue.record("accepted: \(fragment)")
            } catch {
                #expect(error.description.hasPrefix("\(path): not a list of trusted keys: ") && error.description.contains(fragment), "\(error)")
            }
        }
        jwk["use"] = "enc"
        #expect(throws: TrustedKeysFile.Failure.self) { try TrustedKeysFile(path: try write(["keys": [jwk]], to: "enc.json")) }
    }
}
