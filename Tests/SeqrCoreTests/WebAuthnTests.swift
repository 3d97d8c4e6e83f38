import Foundation
import SeqrCore
import Testing

/// The server's WebAuthn checks (``WebAuthnRelyingParty``) against responses recorded by another
/// implementation's test suite (py_webauthn; Tests/Vectors/webauthn-py_webauthn.json says where
/// from), and every alteration of them refused with its own error, never a crash.
@Suite("WebAuthn verification")
struct WebAuthnTests {
    struct Vectors: Decodable {
        struct Registration: Decodable {
            struct Expected: Decodable { var credentialPublicKey: String; var signCount: UInt32 }
            var name, rpID, origin, challenge, credentialID, attestationObject, clientDataJSON: String
            var expected: Expected
        }
        struct Authentication: Decodable {
            struct Expected: Decodable { var signCount: UInt32?; var userVerified: Bool?; var error: String? }
            var name, rpID, origin, challenge, credentialPublicKey, authenticatorData, clientDataJSON, signature: String
            var storedSignCount: UInt32
            var requireUserVerification: Bool
            var expected: Expected
        }
        var registration: [Registration]
        var authentication: [Authentication]
    }

    static let vectors: Vectors = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Vectors/webauthn-py_webauthn.json")
        return try! JSONDecoder().decode(Vectors.self, from: Data(contentsOf: url))
    }()

    static func bytes(_ text: String) -> Data { Base64URL.decode(text)! }

    static func assert(_ vector: Vectors.Authentication, party: WebAuthnRelyingParty? = nil, clientData: Data? = nil, authenticatorData: Data? = nil,
                       signature: Data? = nil, challenge: Data? = nil, stored: UInt32? = nil) throws(WebAuthnError) -> WebAuthnRelyingParty.Assertion {
        let relyingParty: WebAuthnRelyingParty
        if let party { relyingParty = party } else { relyingParty = try WebAuthnRelyingParty(origin: vector.origin) }
        return try relyingParty.verifyAssertion(clientDataJSON: clientData ?? bytes(vector.clientDataJSON),
                                         authenticatorData: authenticatorData ?? bytes(vector.authenticatorData),
                                         signature: signature ?? bytes(vector.signature), challenge: challenge ?? bytes(vector.challenge),
                                         publicKey: try COSEPublicKey(cose: bytes(vector.credentialPublicKey)),
                                         storedSignCount: stored ?? vector.storedSignCount, requireUserVerification: vector.requireUserVerification)
    }

    @Test("py_webauthn's none-attestation registration verifies, with its public key and counter")
    func registrationVector() throws {
        for vector in Self.vectors.registration {
            let party = try WebAuthnRelyingParty(origin: vector.origin)
            #expect(party.id == vector.rpID)
            // py_webauthn's authenticator did verify the user (flags 0x45).
            let registration = try party.verifyRegistration(credentialID: Self.bytes(vector.credentialID), clientDataJSON: Self.bytes(vector.clientDataJSON),
                                                            attestationObject: Self.bytes(vector.attestationObject), challenge: Self.bytes(vector.challenge))
            #expect(registration.publicKey.bytes == Self.bytes(vector.expected.credentialPublicKey))
            #expect(registration.signCount == vector.expected.signCount)
            #expect(registration.credentialID == Self.bytes(vector.credentialID))
        }
    }

    @Test("py_webauthn's assertions (ES256 and Ed25519) verify with the counters it expects; its unverified user is refused when verification is required")
    func assertionVectors() throws {
        for vector in Self.vectors.authentication {
            if let error = vector.expected.error {
                #expect(error == "userNotVerified")
                #expect(throws: WebAuthnError.userNotVerified) { try Self.assert(vector) }
            } else {
                let assertion = try Self.assert(vector)
                #expect(assertion.signCount == vector.expected.signCount, "\(vector.name)")
                #expect(assertion.userVerified == vector.expected.userVerified)
            }
        }
    }

    @Test("an altered assertion is refused with its own error: signature, authenticator data, client data, challenge, origin, counter, ceremony")
    func alteredAssertions() throws {
        for vector in Self.vectors.authentication where vector.expected.error == nil {
            let signature = Self.bytes(vector.signature)
            let authData = Self.bytes(vector.authenticatorData)
            let clientData = Self.bytes(vector.clientDataJSON)
            // Every byte of the signature, flipped.
            for index in signature.indices {
                var forged = signature
                forged[index] ^= 0x01
                #expect(throws: WebAuthnError.self) { try Self.assert(vector, signature: forged) }
            }
            // A higher counter (or any other byte of the signed data) breaks the signature.
            var counted = authData
            counted[36] &+= 1
            #expect(throws: WebAuthnError.signatureInvalid) { try Self.assert(vector, authenticatorData: counted) }
            var json = clientData
            json[json.count - 2] ^= 0x20  // inside the last value, still JSON
            #expect(throws: WebAuthnError.self) { try Self.assert(vector, clientData: json) }
            #expect(throws: WebAuthnError.challengeMismatch) { try Self.assert(vector, challenge: Data(repeating: 7, count: 64)) }
            #expect(throws: WebAuthnError.originMismatch("http://localhost:5000")) {
                try Self.assert(vector, party: WebAuthnRelyingParty(origin: "http://localhost:5001"))
            }
            #expect(throws: WebAuthnError.signCountDidNotRise(stored: vector.expected.signCount!, received: vector.expected.signCount!)) {
                try Self.assert(vector, stored: vector.expected.signCount!)
            }
            #expect(throws: WebAuthnError.malformedAuthenticatorData("36 bytes, fewer than 37")) { try Self.assert(vector, authenticatorData: authData.prefix(36)) }
            #expect(throws: WebAuthnError.malformedAuthenticatorData("1 bytes left over")) { try Self.assert(vector, authenticatorData: authData + [0]) }
        }
        // A registration's client data offered as an assertion's.
        let registration = Self.vectors.registration[0]
        #expect(throws: WebAuthnError.wrongCeremonyType("webauthn.create")) {
            try Self.assert(Self.vectors.authentication[0], clientData: Self.bytes(registration.clientDataJSON))
        }
    }

    @Test("an altered registration is refused: another credential id, challenge or origin, an attestation format not asked for")
    func alteredRegistration() throws {
        let vector = Self.vectors.registration[0]
        let party = try WebAuthnRelyingParty(origin: vector.origin)
        func register(id: Data? = nil, object: Data? = nil, challenge: Data? = nil) throws(WebAuthnError) {
            _ = try party.verifyRegistration(credentialID: id ?? Self.bytes(vector.credentialID), clientDataJSON: Self.bytes(vector.clientDataJSON),
                                             attestationObject: object ?? Self.bytes(vector.attestationObject), challenge: challenge ?? Self.bytes(vector.challenge))
        }
        #expect(throws: WebAuthnError.credentialIDMismatch) { try register(id: Data(repeating: 1, count: 64)) }
        #expect(throws: WebAuthnError.challengeMismatch) { try register(challenge: Data(repeating: 1, count: 64)) }
        // "none" → "nonf": a format this server never asked for.
        var object = Self.bytes(vector.attestationObject)
        let none = try #require(object.firstRange(of: Data("none".utf8)))
        object[none.upperBound - 1] = UInt8(ascii: "f")
        #expect(throws: WebAuthnError.unsupportedAttestation("nonf")) { try register(object: object) }
        // Every truncation is refused, never a crash.
        let whole = Self.bytes(vector.attestationObject)
        for length in 0..<whole.count {
            #expect(throws: WebAuthnError.self) { try register(object: whole.prefix(length)) }
        }
    }

    @Test("a relying party is a domain over https (or http://localhost); an IP address, a path or plain http elsewhere is refused")
    func origins() throws {
        #expect(try WebAuthnRelyingParty(origin: "http://localhost:8080").id == "localhost")
        #expect(try WebAuthnRelyingParty(origin: "https://Notes.Example/").origin == "https://notes.example")
        #expect(try WebAuthnRelyingParty(origin: "https://notes.example:8443").origin == "https://notes.example:8443")
        for origin in ["http://127.0.0.1:8080", "https://10.0.0.1", "https://[::1]:8443", "https://127.1", "http://notes.example",
                       "https://notes.example/app/", "notes.example", "ftp://notes.example", "https://user@notes.example"] {
            #expect(throws: WebAuthnError.self, "\(origin)") { try WebAuthnRelyingParty(origin: origin) }
        }
    }

    @Test("CBOR the reader refuses, each with malformedCBOR: indefinite lengths, tags, floats, duplicate keys, lies about lengths, deep nesting")
    func malformedCBOR() throws {
        let cases: [[UInt8]] = [
            [0x5F, 0x41, 0x00, 0xFF],              // indefinite byte string
            [0xC2, 0x41, 0x01],                    // tag 2
            [0xF9, 0x3C, 0x00],                    // half float
            [0xA2, 0x01, 0x01, 0x01, 0x02],        // {1: 1, 1: 2}
            [0x5B, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],  // a byte string of 2^64-1
            [0x9B, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00],  // an array of 2^32 items
            [0x62, 0xC3, 0x28],                    // text that is not UTF-8
            [0x01, 0x02],                          // bytes after the item
            [0x1C],                                // reserved additional information
            [],
            [UInt8](repeating: 0x81, count: 40) + [0x01],  // 40 nested arrays
        ]
        for input in cases {
            #expect(throws: WebAuthnError.self, "\(input.prefix(4))") { _ = try CBORReader.decode(input) }
            do { _ = try CBORReader.decode(input) } catch {
                guard case .malformedCBOR = error else { Issue.record("\(input.prefix(4)) gave \(error)"); continue }
            }
        }
        #expect(try CBORReader.decode([0xA2, 0x01, 0x02, 0x20, 0x43, 0x61, 0x62, 0x63]) == .map([.unsigned(1): .unsigned(2), .negative(0): .bytes(Data("abc".utf8))]))
    }

    @Test("a reader started at an offset outside its bytes refuses to read (it used to trap): past the end, and before the start")
    func offsetOutsideTheBytes() throws {
        for offset in [4, 100, -1, Int.min] {
            var reader = CBORReader([0x43, 0x61, 0x62, 0x63], offset: offset)
            #expect(throws: WebAuthnError.self, "offset \(offset)") { _ = try reader.read() }
        }
        // Just past a byte-string's header, its length runs past the end.
        var inside = CBORReader([0x5A, 0xFF, 0xFF, 0xFF, 0xFF], offset: 0)
        #expect(throws: WebAuthnError.self) { _ = try inside.read() }
        var fine = CBORReader([0x00, 0x43, 0x61, 0x62, 0x63], offset: 1)
        #expect(try fine.read() == .bytes(Data("abc".utf8)))
    }

    @Test("fuzz: 20,000 random mutations of a recorded registration and assertion are each refused or verified, never a crash")
    func fuzz() throws {
        var random = SplitMix64(seed: 0x5EC7_2026)
        let registration = Self.vectors.registration[0]
        let party = try WebAuthnRelyingParty(origin: registration.origin)
        let object = Self.bytes(registration.attestationObject)
        let vector = Self.vectors.authentication[0]
        let authData = Self.bytes(vector.authenticatorData)
        var verified = 0
        for round in 0..<20_000 {
            var input = round.isMultiple(of: 2) ? object : authData
            for _ in 0...(random.next() % 4) {
                guard !input.isEmpty else { break }
                let index = Int(random.next() % UInt64(input.count))
                switch random.next() % 4 {
                case 0: input[index] = UInt8(truncatingIfNeeded: random.next())
                case 1: input.remove(at: index)
                case 2: input.insert(UInt8(truncatingIfNeeded: random.next()), at: index)
                default: input = input.prefix(index)
                }
            }
            do {
                if round.isMultiple(of: 2) {
                    _ = try party.verifyRegistration(credentialID: Self.bytes(registration.credentialID), clientDataJSON: Self.bytes(registration.clientDataJSON),
                                                     attestationObject: input, challenge: Self.bytes(registration.challenge))
                } else {
                    _ = try Self.assert(vector, authenticatorData: input)
                }
                verified += 1
            } catch {}
        }
        // Only mutations that leave the signed bytes as they were (or touch nothing checked) can verify.
        #expect(verified < 2_000)
    }
}

/// A small seeded generator, so a fuzz failure repeats.
struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
