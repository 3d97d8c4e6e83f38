import Crypto
import Foundation
import FuzzSupport
import SeqrCore

// SMART Health Card QR contents, compact JWS, JWK sets, key files (PEM, DER, base64, JWK),
// onboarding payloads and raw DEFLATE.
// One mode signs a fuzzed header and payload with a fixed P-256 key, so the code after the
// signature check (header members, inflate, the card's JSON) is reached, not just the split.
let signer = P256.Signing.PrivateKey()
let trusted = try! JWSVerificationKey(.p256(signer.publicKey), algorithm: .ES256, keyID: "k")
let keys = JWKSet(keys: [trusted])

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let mode = input.byte() % 8
    let text = String(decoding: input.rest(), as: UTF8.self)
    switch mode {
    case 0:
        let contents = text.split(separator: "\n").map(String.init)
        if let jws = try? SmartHealthCard.jws(fromQRContents: contents) {
            _ = try? SmartHealthCard.verify(jws: jws, keys: keys, trustedIssuer: "https://example.org")
        }
    case 1:
        _ = try? CompactJWS.verify(text, with: trusted)
        _ = try? CompactJWS.verify(text, with: keys)
        _ = JWSURL.extract(from: text)
    case 2:
        _ = try? JWKSet(json: Data(text.utf8))
    case 3:
        _ = try? JWSVerificationKey(pem: text)
        _ = try? JWSSigningKey(pem: text)
    case 4:
        let raw = Array(bytes.dropFirst())
        if let inflated = try? RawDeflate.decompress(raw, limit: 1 << 20) {
            // What inflates must survive a round trip through our compressor.
            fuzzCheck((try? RawDeflate.decompress(try RawDeflate.compress(inflated), limit: 1 << 20)) == inflated, "raw DEFLATE round trip")
        }
    case 6:
        _ = try? JWSVerificationKey(keyFile: Data(bytes.dropFirst()))
    case 7:
        if let configuration = try? OnboardingConfiguration(flatPayload: Data(bytes.dropFirst())) {
            // What it prints must be JSON that reads back to the same configuration.
            fuzzCheck((try? JSONDecoder().decode(OnboardingConfiguration.self, from: configuration.json())) == configuration, "onboarding JSON round trip")
        }
    default:
        var parts = FuzzInput(Array(bytes.dropFirst()))
        let header = Data(parts.longChunk())
        var payload = parts.rest()
        if payload.first.map({ $0 & 1 == 1 }) ?? false, let deflated = try? RawDeflate.compress(Array(payload.dropFirst())) {
            payload = deflated  // most cards carry a deflated JSON payload
        }
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(payload)
        let signature = try! signer.signature(for: Data(signingInput.utf8)).rawRepresentation
        let jws = signingInput + "." + Base64URL.encode(signature)
        _ = try? SmartHealthCard.verify(jws: jws, keys: keys, trustedIssuer: "https://example.org")
        _ = try? CompactJWS.verify(jws, with: keys)
    }
}
