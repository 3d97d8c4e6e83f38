import Foundation
import SeqrCorpus
import SeqrQR
import Testing

/// The decoder on simulated photographs, one decode-rate floor per kind of damage.
/// The decoder reads every code of this (seeded, so fixed) corpus but one steeply tilted one; the
/// floors allow one code less per class where the images are degraded (a compiler or zxing-cpp
/// update may move a borderline code), none where they are clean, so a regression fails here
/// (docs/benchmarks.md has zbarimg's and zxing-cpp's binding's rates beside Seqr's).
@Suite("Decoding degraded photos")
struct DegradedDecodeTests {
    static let perClass = 16

    static let floors: [DegradedCorpus.Distortion: Double] = [
        .clean: 1.0, .rotated: 1.0, .perspective: 0.93, .blurred: 0.93, .jpeg30: 1.0, .noisy: 0.93,
        .unevenLight: 0.93, .inverted: 1.0, .small: 0.93, .multiple: 0.93, .photo: 0.93, .steepPerspective: 0.87,
    ]

    @Test("decode rate per distortion class", arguments: DegradedCorpus.Distortion.allCases)
    func decodeRate(distortion: DegradedCorpus.Distortion) throws {
        let samples = try DegradedCorpus.generate([distortion], perClass: Self.perClass)
        var expected = 0, found = 0
        for sample in samples {
            // Through the file bytes, exactly as `seqr decode` would see them.
            let image = try ImageFile.decode(sample.fileData, path: sample.fileName)
            let decoded = try QRDecoder().decode(image).map(\.payload)
            expected += sample.payloads.count
            found += sample.payloads.filter(decoded.contains).count
            // Nothing is ever invented: every decoded payload is one that was encoded.
            #expect(decoded.allSatisfy(sample.payloads.contains), "\(sample.fileName) decoded a payload it does not hold")
        }
        let rate = Double(found) / Double(expected)
        let floor = try #require(Self.floors[distortion])
        #expect(rate >= floor, "\(distortion.rawValue): \(found)/\(expected) decoded, floor \(Int(floor * 100))%")
    }

    @Test("the inverted class really is inverted: without zxing-cpp's own inversion nothing decodes")
    func invertedNeedsInversion() throws {
        let samples = try DegradedCorpus.generate([.inverted], perClass: 4)
        let upright = QRDecoder(thorough: true, tryInvert: false, secondOpinion: false)
        for sample in samples {
            let image = try ImageFile.decode(sample.fileData, path: sample.fileName)
            #expect(try upright.decode(image).isEmpty)
            #expect(try QRDecoder().decode(image).first?.inverted == true)
        }
    }

    @Test("several codes in one image are all reported, each once")
    func multiple() throws {
        for sample in try DegradedCorpus.generate([.multiple], perClass: 4) {
            let decoded = try QRDecoder(thorough: true).decode(ImageFile.decode(sample.fileData, path: sample.fileName))
            #expect(Set(decoded.map(\.payload)) == Set(sample.payloads))
            #expect(decoded.count == sample.payloads.count)
        }
    }

    @Test("corners locate the code in the image")
    func corners() throws {
        let symbol = try QREncoder.encode(text: "where am I")
        var canvas = GrayImage(width: 600, height: 400, fill: 255)
        let code = symbol.rasterized(QRRenderStyle(scale: 5, margin: 0))
        for y in 0..<code.height { for x in 0..<code.width { canvas[x + 300, y + 100] = code[x, y] } }
        let decoded = try #require(try QRDecoder().decode(canvas).first)
        #expect(abs(decoded.corners[0].x - 300) <= 3 && abs(decoded.corners[0].y - 100) <= 3)
        #expect(abs(decoded.corners[2].x - (300 + code.width)) <= 6 && abs(decoded.corners[2].y - (100 + code.height)) <= 6)
    }
}
