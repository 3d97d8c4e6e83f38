import Crypto
import Foundation
import FuzzSupport
import SeqrCore

// What seqr-server reads of a passkey's registration and sign-in (SeqrCore/WebAuthn): CBOR, the
// authenticator data, COSE keys, the attestation object and clientDataJSON. A browser, or anyone
// who can reach the server, controls every byte. The first byte picks the mode:
//   0 CBOR (`CBORReader.decode`): what reads writes canonically in no more bytes, and reads back the same
//   1 authenticator data: its flags agree with its parts; an attested key's bytes read back (what the server stores)
//   2 a COSE key: it keeps the bytes it read
//   3 a whole registration (`verifyRegistration`), every field fuzzed
//   4 a whole assertion (`verifyAssertion`), every field fuzzed
//   5 fuzzed authenticator data inside a well-formed attestation object, with the client data and
//     rpIdHash made right, so the parsing behind those checks runs
//   6 fuzzed authenticator data signed with the harness's key, with the client data and rpIdHash
//     made right: accepted exactly when the flags, the counter and the data's own reading allow it
let party = try! WebAuthnRelyingParty(origin: "http://localhost:5000")
let rpIDHash = [UInt8](SHA256.hash(data: Data("localhost".utf8)))
// Static lets, not globals of main.swift: LeakSanitizer misreads a `Data` held for the whole run
// (Fuzz/lsan-suppressions.txt), and only those made under swift_once are suppressed.
enum Fixture {
    static let challenge = Data((0..<32).map { UInt8($0) })
    static let signer = try! P256.Signing.PrivateKey(rawRepresentation: Data(repeating: 7, count: 32))
    static let signerKey: COSEPublicKey = {
        let point = [UInt8](signer.publicKey.x963Representation)
        return try! COSEPublicKey(cose: Data(encode(.map([.unsigned(1): .unsigned(2), .unsigned(3): .negative(6), .negative(0): .unsigned(1),
                                                          .negative(1): .bytes(Data(point[1...32])), .negative(2): .bytes(Data(point[33...64]))]))))
    }()
}

/// The harness's own CBOR writer: shortest lengths, map entries in the order of their encodings.
func encode(_ value: CBORValue) -> [UInt8] {
    func head(_ major: UInt8, _ argument: UInt64) -> [UInt8] {
        switch argument {
        case 0...23: return [major << 5 | UInt8(argument)]
        case 24...0xFF: return [major << 5 | 24, UInt8(argument)]
        case 0x100...0xFFFF: return [major << 5 | 25] + (0..<2).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        case 0x1_0000...0xFFFF_FFFF: return [major << 5 | 26] + (0..<4).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        default: return [major << 5 | 27] + (0..<8).reversed().map { UInt8(truncatingIfNeeded: argument >> ($0 * 8)) }
        }
    }
    switch value {
    case .unsigned(let n): return head(0, n)
    case .negative(let n): return head(1, n)
    case .bytes(let data): return head(2, UInt64(data.count)) + data
    case .text(let text): return head(3, UInt64(text.utf8.count)) + Array(text.utf8)
    case .array(let items): return head(4, UInt64(items.count)) + items.flatMap(encode)
    case .map(let map):
        let entries = map.map { (encode($0.key), encode($0.value)) }.sorted { $0.0.lexicographicallyPrecedes($1.0) }
        return head(5, UInt64(map.count)) + entries.flatMap { $0.0 + $0.1 }
    case .bool(let flag): return [flag ? 0xF5 : 0xF4]
    case .null: return [0xF6]
    case .undefined: return [0xF7]
    }
}

func clientData(_ type: String) -> Data {
    Data(#"{"type":"\#(type)","challenge":"\#(Base64URL.encode(Fixture.challenge))","origin":"http://localhost:5000","crossOrigin":false}"#.utf8)
}

/// `bytes` with its first 32 bytes (all of it, if shorter) replaced by the relying party's rpIdHash.
func withRPIDHash(_ bytes: [UInt8]) -> [UInt8] { rpIDHash + bytes.dropFirst(32) }

/// The credential id where authenticator data with the AT flag keeps it, or nothing.
func credentialID(in bytes: [UInt8]) -> Data {
    guard bytes.count >= 55 else { return Data() }
    let length = Int(bytes[53]) << 8 | Int(bytes[54])
    return Data(bytes[55..<min(bytes.count, 55 + length)])
}

func checkAttested(_ credential: AuthenticatorData.AttestedCredential) {
    fuzzCheck(credential.aaguid.count == 16, "an aaguid of \(credential.aaguid.count) bytes")
    fuzzCheck((1...AuthenticatorData.maximumCredentialIDLength).contains(credential.credentialID.count), "a credential id of \(credential.credentialID.count) bytes")
    // The server stores these bytes and reads them at every sign-in: they must read back.
    let again = try? COSEPublicKey(cose: credential.publicKey.bytes)
    fuzzCheck(again?.bytes == credential.publicKey.bytes, "an attested key's bytes do not read back as a key")
}

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let mode = input.byte() % 7
    switch mode {
    case 0:
        let raw = input.rest()
        guard let value = try? CBORReader.decode(raw) else { return }
        let written = encode(value)
        fuzzCheck(written.count <= raw.count, "\(raw.count) bytes of CBOR written canonically in \(written.count)")
        fuzzCheck((try? CBORReader.decode(written)) == value, "CBOR written canonically reads back otherwise")
    case 1:
        let raw = input.rest()
        guard let data = try? AuthenticatorData(parsing: Data(raw)) else { return }
        fuzzCheck(data.rpIDHash.count == 32 && data.rpIDHash == Data(raw.prefix(32)), "rpIdHash")
        fuzzCheck((data.flags & 0x40 != 0) == (data.attestedCredential != nil), "the AT flag and the attested credential disagree")
        fuzzCheck(!data.backedUp || data.backupEligible, "backed up but not backup-eligible")
        if let credential = data.attestedCredential { checkAttested(credential) }
    case 2:
        let raw = Data(input.rest())
        guard let key = try? COSEPublicKey(cose: raw) else { return }
        fuzzCheck(key.bytes == raw, "a COSE key keeps other bytes than it read")
    case 3:
        let challenge = Data(input.chunk()), credentialID = Data(input.chunk()), client = Data(input.longChunk())
        let requireUV = input.bool()
        let object = Data(input.rest())
        guard let registration = try? party.verifyRegistration(credentialID: credentialID, clientDataJSON: client, attestationObject: object,
                                                               challenge: challenge, requireUserVerification: requireUV) else { return }
        fuzzCheck(registration.credentialID == credentialID, "a registration of another credential id")
        fuzzCheck(registration.userVerified || !requireUV, "an unverified user registered where verification is required")
        fuzzCheck((try? COSEPublicKey(cose: registration.publicKey.bytes)) != nil, "a registered key does not read back")
    case 4:
        let challenge = Data(input.chunk()), client = Data(input.longChunk()), authData = Data(input.longChunk())
        let signature = Data(input.chunk()), stored = input.uint32(), requireUV = input.bool()
        guard let key = try? COSEPublicKey(cose: Data(input.rest())),
              let assertion = try? party.verifyAssertion(clientDataJSON: client, authenticatorData: authData, signature: signature, challenge: challenge,
                                                         publicKey: key, storedSignCount: stored, requireUserVerification: requireUV) else { return }
        fuzzCheck(assertion.signCount > stored || (assertion.signCount == 0 && stored == 0), "a counter that did not rise accepted")
        fuzzCheck(assertion.userVerified || !requireUV, "an unverified user accepted where verification is required")
    case 5:
        let requireUV = input.bool()
        let authData = withRPIDHash(input.rest())
        let object = encode(.map([.text("fmt"): .text("none"), .text("attStmt"): .map([:]), .text("authData"): .bytes(Data(authData))]))
        let id = credentialID(in: authData)
        let parsed = try? AuthenticatorData(parsing: Data(authData))
        let result = Result { () throws(WebAuthnError) in
            try party.verifyRegistration(credentialID: id, clientDataJSON: clientData("webauthn.create"), attestationObject: Data(object),
                                         challenge: Fixture.challenge, requireUserVerification: requireUV)
        }
        // Accepted exactly when the data reads, with an attested key, the user present (and verified if asked).
        let expected = parsed.map { $0.attestedCredential != nil && $0.userPresent && ($0.userVerified || !requireUV) } ?? false
        fuzzCheck((try? result.get()) != nil || !expected, "well-formed registration refused: \(result)")
        if case .success(let registration) = result {
            fuzzCheck(expected, "a registration accepted that its data does not allow")
            fuzzCheck(registration.credentialID == id, "a registration of another credential id")
            if let credential = parsed?.attestedCredential { checkAttested(credential) }
        }
    default:
        let stored = input.uint32(), requireUV = input.bool()
        let authData = Data(withRPIDHash(input.rest()))
        let client = clientData("webauthn.get")
        let signature = try! Fixture.signer.signature(for: authData + Data(SHA256.hash(data: client))).derRepresentation
        let parsed = try? AuthenticatorData(parsing: authData)
        let result = Result { () throws(WebAuthnError) in
            try party.verifyAssertion(clientDataJSON: client, authenticatorData: authData, signature: signature, challenge: Fixture.challenge,
                                      publicKey: Fixture.signerKey, storedSignCount: stored, requireUserVerification: requireUV)
        }
        let expected = parsed.map {
            $0.userPresent && ($0.userVerified || !requireUV) && ($0.signCount > stored || ($0.signCount == 0 && stored == 0))
        } ?? false
        fuzzCheck(((try? result.get()) != nil) == expected, "a signed assertion \(expected ? "refused" : "accepted"): \(result)")
    }
}
