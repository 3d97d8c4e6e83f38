import Crypto
import Foundation
import SeqrCore

/// A passkey authenticator in software for the server tests: an ES256 key, `fmt: "none"`
/// attestation, and assertions with a counter — the bytes a browser would send, written from
/// WebAuthn Level 3 §6.1 and §6.5 (and a minimal CBOR writer, RFC 8949), so the server's checks
/// meet responses it did not write itself. Each field can be spoiled to see the server refuse it.
struct SoftwareAuthenticator {
    let key = P256.Signing.PrivateKey()
    let credentialID = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
    var counter: UInt32 = 0
    /// Flags a response carries: UP | UV (| AT at registration); a test may clear UV.
    var flags: UInt8 = 0x05

    var credentialIDText: String { Base64URL.encode(credentialID) }

    static func cbor(_ major: UInt8, _ value: UInt64) -> Data {
        switch value {
        case 0..<24: Data([major << 5 | UInt8(value)])
        case 24..<256: Data([major << 5 | 24, UInt8(value)])
        default: Data([major << 5 | 25, UInt8(value >> 8), UInt8(value & 0xFF)])
        }
    }
    static func int(_ value: Int) -> Data { value >= 0 ? cbor(0, UInt64(value)) : cbor(1, UInt64(-1 - value)) }
    static func bytes(_ data: Data) -> Data { cbor(2, UInt64(data.count)) + data }
    static func text(_ text: String) -> Data { cbor(3, UInt64(text.utf8.count)) + Data(text.utf8) }

    var coseKey: Data {
        let point = key.publicKey.x963Representation
        return Self.cbor(5, 5) + Self.int(1) + Self.int(2) + Self.int(3) + Self.int(-7) + Self.int(-1) + Self.int(1)
            + Self.int(-2) + Self.bytes(point[1..<33]) + Self.int(-3) + Self.bytes(point[33..<65])
    }

    func authenticatorData(rpID: String, attested: Bool) -> Data {
        var data = Data(SHA256.hash(data: Data(rpID.utf8)))
        data.append(flags | (attested ? 0x40 : 0))
        data.append(contentsOf: withUnsafeBytes(of: counter.bigEndian) { Array($0) })
        if attested {
            data.append(Data(count: 16))
            data.append(contentsOf: [UInt8(credentialID.count >> 8), UInt8(credentialID.count & 0xFF)])
            data.append(credentialID)
            data.append(coseKey)
        }
        return data
    }

    static func clientData(type: String, challenge: String, origin: String) -> Data {
        Data(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }

    /// What `navigator.credentials.create` answers for these options.
    func register(_ options: NotesAPI.PasskeyCreationOptions, origin: String, wrappedKey: Data, rpID: String? = nil) -> NotesAPI.NewPasskey {
        let authData = authenticatorData(rpID: rpID ?? options.rpID, attested: true)
        let object = Self.cbor(5, 3) + Self.text("fmt") + Self.text("none") + Self.text("attStmt") + Self.cbor(5, 0)
            + Self.text("authData") + Self.bytes(authData)
        return NotesAPI.NewPasskey(challengeID: options.challengeID, credentialID: credentialIDText,
                                   clientDataJSON: Base64URL.encode(Self.clientData(type: "webauthn.create", challenge: options.challenge, origin: origin)),
                                   attestationObject: Base64URL.encode(object), wrappedKey: wrappedKey)
    }

    /// What `navigator.credentials.get` answers; the counter rises first, as an authenticator's does.
    mutating func assert(_ options: NotesAPI.PasskeyRequestOptions, username: String, origin: String, rpID: String? = nil,
                         signer: P256.Signing.PrivateKey? = nil) throws -> NotesAPI.PasskeySignIn {
        counter += 1
        let authData = authenticatorData(rpID: rpID ?? options.rpID, attested: false)
        let clientData = Self.clientData(type: "webauthn.get", challenge: options.challenge, origin: origin)
        let signature = try (signer ?? key).signature(for: authData + Data(SHA256.hash(data: clientData))).derRepresentation
        return NotesAPI.PasskeySignIn(username: username, challengeID: options.challengeID, credentialID: credentialIDText,
                                      clientDataJSON: Base64URL.encode(clientData), authenticatorData: Base64URL.encode(authData),
                                      signature: Base64URL.encode(signature))
    }
}
