import Crypto
import Foundation
import SeqrCore
import Testing

@Suite("Location fix padding")
struct LocationFixPaddingTests {
    /// Far apart in sign and digits: unpadded, their JSON differs by tens of bytes.
    static let fixes = [
        try! LocationFix(lat: 0, lon: 0, time: Date(timeIntervalSince1970: 0)),
        try! LocationFix(lat: 1, lon: 2, time: Date(timeIntervalSince1970: 1_795_000_000)),
        try! LocationFix(lat: 47.3769, lon: 8.5417, accuracy: 12.5, altitude: 408, time: Date(timeIntervalSince1970: 1_795_000_000.123)),
        try! LocationFix(lat: -33.868820123456789, lon: -151.209295987654321, accuracy: 3.0000000000000004,
                         altitude: -12.345678901234567, time: Date(timeIntervalSince1970: 1_795_000_000.999)),
        try! LocationFix(lat: -89.99999999999999, lon: -179.99999999999997, accuracy: 1.7976931348623157e308,
                         altitude: -1.2345678901234567e-300, time: Date(timeIntervalSince1970: 253_402_300_799.999)),
    ]

    @Test("fixes with very different coordinates seal to the same size, and open to themselves")
    func sameSize() throws {
        let key = SymmetricKey(size: .bits256)
        #expect(Set(Self.fixes.map { $0.json().count }).count > 1)  // the plaintexts do differ
        let sealed = Self.fixes.map { SealedLocationFix.seal($0, shareID: "share-1", key: key) }
        #expect(Set(sealed.map(\.count)) == [1 + 12 + SealedLocationFix.paddedLength + 16])
        for (fix, box) in zip(Self.fixes, sealed) {
            #expect(try SealedLocationFix.open(box, shareID: "share-1", key: key) == fix)
        }
    }

    @Test("an unpadded fix, as older writers sealed it, still opens")
    func unpaddedStillReads() throws {
        let key = SymmetricKey(size: .bits256)
        let fix = Self.fixes[2]
        let box = try AES.GCM.seal(fix.json(), using: key, authenticating: Data("seqr-location-v1\u{0}share-1".utf8))
        let old = Data([1]) + box.combined!
        #expect(old.count < 1 + 12 + SealedLocationFix.paddedLength + 16)
        #expect(try SealedLocationFix.open(old, shareID: "share-1", key: key) == fix)
    }
}
