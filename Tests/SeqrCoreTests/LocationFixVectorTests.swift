import Crypto
import Foundation
import SeqrCore
import Testing

/// `seqr-location-v1` against the shared vector file (Tests/Vectors/location-fix-v1.json), written
/// by an independent implementation from docs/formats/location.md (Tests/Reference/location_reference.py,
/// Python `cryptography`) and read by the web app's node tests too: the CLI, the page and the
/// reference seal the same JSON and open each other's fixes.
@Suite("Location fix vectors")
struct LocationFixVectorTests {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Vectors/location-fix-v1.json").path

    struct Vectors: Decodable {
        struct Fix: Decodable { let lat: Double; let lon: Double; let accuracy: Double?; let altitude: Double?; let time: Double }
        struct Valid: Decodable { let fix: Fix; let json: String; let keyHex: String; let shareID: String; let data: String }
        struct Unpadded: Decodable { let fix: Fix; let keyHex: String; let shareID: String; let data: String }
        struct Invalid: Decodable { let why: String; let error: String; let keyHex: String; let shareID: String; let data: String }
        let valid: [Valid]
        let unpadded: [Unpadded]
        let invalid: [Invalid]
    }

    static func vectors() throws -> Vectors {
        try JSONDecoder().decode(Vectors.self, from: try #require(FileManager.default.contents(atPath: file)))
    }

    static func key(_ hex: String) throws -> LocationShareKey {
        var bytes = Data()
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            bytes.append(try #require(UInt8(hex[index..<next], radix: 16)))
            index = next
        }
        return try LocationShareKey(bytes: bytes)
    }

    static func fix(_ f: Vectors.Fix) throws -> LocationFix {
        try LocationFix(lat: f.lat, lon: f.lon, accuracy: f.accuracy, altitude: f.altitude, time: Date(timeIntervalSince1970: f.time / 1000))
    }

    @Test("a fix's JSON is byte for byte the reference's, and the reference's sealed fixes open to it, padded or not")
    func valid() throws {
        let vectors = try Self.vectors()
        for v in vectors.valid {
            let fix = try Self.fix(v.fix)
            #expect(String(decoding: fix.json(), as: UTF8.self) == v.json)
            #expect(try Self.key(v.keyHex).open(v.data, shareID: v.shareID) == fix)
            // What Swift seals opens under the same key and id, at the same padded size.
            let sealed = try Self.key(v.keyHex).seal(fix, shareID: v.shareID)
            #expect(Data(base64Encoded: sealed)?.count == Data(base64Encoded: v.data)?.count)
        }
        for v in vectors.unpadded {
            #expect(try Self.key(v.keyHex).open(v.data, shareID: v.shareID) == Self.fix(v.fix))
        }
    }

    @Test("each damaged fix of the vectors is refused with its own error")
    func invalid() throws {
        for v in try Self.vectors().invalid {
            let key = try Self.key(v.keyHex)
            do {
                let fix = try key.open(v.data, shareID: v.shareID)
                Issue.record("\(v.why): opened as \(fix)")
            } catch {
                #expect(Self.caseName(error) == v.error, "\(v.why): \(error)")
            }
        }
    }

    /// The case's name, as the vector file spells the error.
    static func caseName(_ error: LocationError) -> String {
        switch error {
        case .authenticationFailed: "authenticationFailed"
        case .unsupportedVersion: "unsupportedVersion"
        case .truncatedFix: "truncatedFix"
        case .malformedData: "malformedData"
        case .latitudeOutOfRange: "latitudeOutOfRange"
        default: "\(error)"
        }
    }
}
