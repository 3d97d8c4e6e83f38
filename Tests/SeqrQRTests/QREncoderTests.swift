import Foundation
import SeqrCore
import SeqrQR
import Testing

@Suite("QR encoder")
struct QREncoderTests {
    @Test("every version's byte capacity agrees with libqrencode", arguments: QRErrorCorrectionLevel.allCases)
    func capacityAgreesWithLibqrencode(level: QRErrorCorrectionLevel) throws {
        for version in QRCapacity.versions {
            let capacity = QRCapacity.capacity(version: version, level: level)
            let full = Data(repeating: 0xA5, count: capacity)
            let options = QREncodingOptions(errorCorrection: level, minimumVersion: version, segmentation: .binary)
            #expect(try QREncoder.encode(full, options: options).version == version, "v\(version)-\(level) holds \(capacity) bytes")
            let overfull = Data(repeating: 0xA5, count: capacity + 1)
            if version < 40 {
                #expect(try QREncoder.encode(overfull, options: options).version == version + 1, "v\(version)-\(level) holds no more")
            } else {
                #expect(throws: QREncodingError.self) { try QREncoder.encode(overfull, options: options) }
            }
        }
    }

    @Test("too much data names the capacity at the chosen level", arguments: QRErrorCorrectionLevel.allCases)
    func tooLarge(level: QRErrorCorrectionLevel) {
        let capacity = QRCapacity.capacity(version: 40, level: level)
        let payload = Data((0..<(capacity + 1)).map { UInt8(truncatingIfNeeded: $0) })
        do {
            _ = try QREncoder.encode(payload, options: QREncodingOptions(errorCorrection: level))
            Issue.record("expected an error")
        } catch {
            #expect(error == .dataTooLarge(byteCount: capacity + 1, capacity: capacity, mode: .byte, level: level))
            #expect(error.description.contains("at most \(capacity) bytes at error correction \(level.rawValue)"))
        }
    }

    @Test("too much alphanumeric text names the alphanumeric capacity")
    func tooLargeText() {
        let text = String(repeating: "A", count: 4297)
        #expect(throws: QREncodingError.dataTooLarge(byteCount: 4297, capacity: 4296, mode: .alphanumeric, level: .L)) {
            try QREncoder.encode(text: text, options: QREncodingOptions(errorCorrection: .L))
        }
    }

    @Test("versions outside 1...40 are refused", arguments: [0, -1, 41])
    func invalidVersion(version: Int) {
        #expect(throws: QREncodingError.invalidVersion(version)) {
            try QREncoder.encode(Data("x".utf8), options: QREncodingOptions(minimumVersion: version))
        }
    }

    @Test("a symbol has finder patterns in three corners")
    func finderPatterns() throws {
        let symbol = try QREncoder.encode(text: "finder", options: QREncodingOptions())
        let n = symbol.size
        for (ox, oy) in [(0, 0), (n - 7, 0), (0, n - 7)] {
            // Outer ring dark, next ring light, 3×3 centre dark.
            #expect((0..<7).allSatisfy { symbol.isDark(x: ox + $0, y: oy) && symbol.isDark(x: ox + $0, y: oy + 6) })
            #expect((1..<6).allSatisfy { !symbol.isDark(x: ox + $0, y: oy + 1) })
            #expect((2..<5).allSatisfy { x in (2..<5).allSatisfy { y in symbol.isDark(x: ox + x, y: oy + y) } })
        }
    }
}
