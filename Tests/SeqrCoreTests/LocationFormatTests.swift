import Crypto
import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

@Suite("Location formats")
struct LocationFormatTests {
    static let fix = try! LocationFix(lat: 47.3769, lon: 8.5417, accuracy: 12.5, altitude: 408, time: Date(timeIntervalSince1970: 1_795_000_000.123))

    @Test("fixes: JSON round trip, ranges checked, distance and bearing")
    func fixes() throws {
        #expect(try LocationFix(json: Self.fix.json()) == Self.fix)
        #expect(throws: LocationError.latitudeOutOfRange(91)) { try LocationFix(lat: 91, lon: 0, time: Date()) }
        #expect(throws: LocationError.longitudeOutOfRange(-181)) { try LocationFix(lat: 0, lon: -181, time: Date()) }
        #expect(throws: LocationError.badAccuracy(-1)) { try LocationFix(lat: 0, lon: 0, accuracy: -1, time: Date()) }
        #expect(throws: LocationError.malformedFix) { try LocationFix(json: Data("{\"lat\":1}".utf8)) }
        // Zürich → Bern: about 95 km, bearing about 240°.
        let bern = try LocationFix(lat: 46.9480, lon: 7.4474, time: Date())
        #expect(abs(Self.fix.distance(to: bern) - 95_000) < 2_000)
        #expect(abs(Self.fix.bearing(to: bern) - 240) < 5)
        let north = try LocationFix(lat: 48, lon: 8.5417, time: Date())
        #expect(abs(Self.fix.bearing(to: north)) < 0.01 || abs(Self.fix.bearing(to: north) - 360) < 0.01)
    }

    @Test("seqr-location-v1: AES-256-GCM round trip; wrong key, other share, tampering, truncation refused")
    func sealed() throws {
        let key = SymmetricKey(size: .bits256)
        let sealed = SealedLocationFix.seal(Self.fix, shareID: "share-1", key: key)
        #expect(sealed.first == 1 && sealed.count == 1 + 12 + SealedLocationFix.paddedLength + 16)
        #expect(try SealedLocationFix.open(sealed, shareID: "share-1", key: key) == Self.fix)
        #expect(try SealedLocationFix.seal(Self.fix, shareID: "share-1", key: key) != sealed)  // fresh nonce
        #expect(throws: LocationError.authenticationFailed) { try SealedLocationFix.open(sealed, shareID: "share-1", key: SymmetricKey(size: .bits256)) }
        #expect(throws: LocationError.authenticationFailed) { try SealedLocationFix.open(sealed, shareID: "share-2", key: key) }
        for index in stride(from: 1, to: sealed.count, by: 5) {
            var tampered = sealed
            tampered[index] ^= 0x80
            #expect(throws: LocationError.authenticationFailed) { try SealedLocationFix.open(tampered, shareID: "share-1", key: key) }
        }
        #expect(throws: LocationError.truncatedFix(length: 20)) { try SealedLocationFix.open(sealed.prefix(20), shareID: "share-1", key: key) }
        var future = sealed
        future[0] = 2
        #expect(throws: LocationError.unsupportedVersion(2)) { try SealedLocationFix.open(future, shareID: "share-1", key: key) }
    }

    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Reference/berrypicker_reference.py").path

    @Test("CryptoJS strings: the same bytes as an independent implementation, both ways")
    func cryptoJS() throws {
        let python = try ExternalTool.named("python3")
        let key = CryptoJSLocationString.generateKey()
        let text = String(decoding: Self.fix.json(), as: UTF8.self)
        // Fixed IV: both implementations must write the identical string.
        let iv: [UInt8] = Array(0..<16)
        let ours = try CryptoJSLocationString.encrypt(text, keyBase64: key, iv: iv)
        let theirs = try python.run([Self.reference, "encrypt", key, "000102030405060708090a0b0c0d0e0f"], stdin: Data(text.utf8))
        #expect(theirs.status == 0 && theirs.stdoutText == ours, "\(theirs.stderr)")
        #expect(ours.hasSuffix("AAECAwQFBgcICQoLDA0ODw=="))
        // Random IVs: each reads the other's.
        let fresh = try CryptoJSLocationString.encrypt(text, keyBase64: key)
        #expect(try python.run([Self.reference, "decrypt", key], stdin: Data(fresh.utf8)).stdoutText == text)
        let theirsRandom = try python.run([Self.reference, "encrypt", key], stdin: Data(text.utf8)).stdoutText
        #expect(try CryptoJSLocationString.decrypt(theirsRandom, keyBase64: key) == text)
        #expect(try LocationFix(json: Data(CryptoJSLocationString.decrypt(theirsRandom, keyBase64: key).utf8)) == Self.fix)
    }

    @Test("CryptoJS strings: bad keys and malformed strings are refused; a wrong key is not always caught")
    func cryptoJSRefusals() throws {
        let key = CryptoJSLocationString.generateKey()
        let string = try CryptoJSLocationString.encrypt("{\"lat\":1}", keyBase64: key)
        #expect(throws: LocationError.badCryptoJSKey) { try CryptoJSLocationString.decrypt(string, keyBase64: "c2hvcnQ=") }
        #expect(throws: LocationError.malformedCryptoJSString) { try CryptoJSLocationString.decrypt("abc", keyBase64: key) }
        #expect(throws: LocationError.malformedCryptoJSString) { try CryptoJSLocationString.decrypt(String(string.dropLast(2)), keyBase64: key) }
        #expect(throws: LocationError.malformedCryptoJSString) { try CryptoJSLocationString.decrypt("!!!!" + string, keyBase64: key) }
        // Unauthenticated: with a wrong key, decryption fails at the padding or yields garbage —
        // never the original text.
        for _ in 0..<20 {
            let other = CryptoJSLocationString.generateKey()
            let result = try? CryptoJSLocationString.decrypt(string, keyBase64: other)
            #expect(result != "{\"lat\":1}")
        }
    }
}
