import SeqrCore
import Testing

@Suite("QR capacity tables")
struct QRCapacityTests {
    @Test("version 40 holds the byte, alphanumeric and numeric counts of ISO/IEC 18004 Table 7")
    func version40() {
        let expected: [(QRErrorCorrectionLevel, Int, Int, Int)] = [
            (.L, 2953, 4296, 7089), (.M, 2331, 3391, 5596), (.Q, 1663, 2420, 3993), (.H, 1273, 1852, 3057),
        ]
        for (level, bytes, alphanumeric, numeric) in expected {
            #expect(QRCapacity.capacity(version: 40, level: level, mode: .byte) == bytes)
            #expect(QRCapacity.capacity(version: 40, level: level, mode: .alphanumeric) == alphanumeric)
            #expect(QRCapacity.capacity(version: 40, level: level, mode: .numeric) == numeric)
        }
    }

    @Test("version 1 holds 17/14/11/7 bytes and 41 digits at L")
    func version1() {
        #expect(QRErrorCorrectionLevel.allCases.map { QRCapacity.capacity(version: 1, level: $0) } == [17, 14, 11, 7])
        #expect(QRCapacity.capacity(version: 1, level: .L, mode: .numeric) == 41)
        #expect(QRCapacity.capacity(version: 1, level: .L, mode: .alphanumeric) == 25)
        #expect(QRCapacity.moduleCount(version: 1) == 21)
        #expect(QRCapacity.moduleCount(version: 40) == 177)
    }

    @Test("data codewords grow with the version, so they identify it", arguments: QRErrorCorrectionLevel.allCases)
    func versionFromDataCodewords(level: QRErrorCorrectionLevel) {
        for version in QRCapacity.versions {
            let words = QRCapacity.dataCodewords(version: version, level: level)
            #expect(QRCapacity.version(dataCodewords: words, level: level) == version)
            if version > 1 { #expect(words > QRCapacity.dataCodewords(version: version - 1, level: level)) }
        }
        #expect(QRCapacity.version(dataCodewords: 0, level: level) == nil)
        #expect(QRCapacity.version(dataCodewords: 99_999, level: level) == nil)
    }

    @Test("smallest version respects the minimum and gives up past version 40")
    func smallestVersion() {
        #expect(QRCapacity.smallestVersion(holding: 17, level: .L) == 1)
        #expect(QRCapacity.smallestVersion(holding: 18, level: .L) == 2)
        #expect(QRCapacity.smallestVersion(holding: 1, level: .M, minimumVersion: 30) == 30)
        #expect(QRCapacity.smallestVersion(holding: 2954, level: .L) == nil)
    }

    @Test("levels are ordered L < M < Q < H")
    func ordering() {
        #expect(QRErrorCorrectionLevel.allCases.sorted() == [.L, .M, .Q, .H])
        #expect(QRErrorCorrectionLevel.allCases.map(\.recoveryPercent) == [7, 15, 25, 30])
    }
}
