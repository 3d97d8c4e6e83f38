import Foundation
import SeqrCore
import SeqrCorpus
import SeqrQR
import SeqrTestSupport
import Testing

/// Random payloads through the real encoder, a real PNG file on disk, and the real decoder.
@Suite("Byte-exact round trips")
struct RoundTripTests {
    static func randomBytes(_ count: Int, seed: UInt64) -> Data {
        var generator = SeededGenerator(seed: seed)
        return Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// Encode → PNG file → read file → decode, expecting exactly `payload` back.
    static func roundTrip(_ payload: Data, options: QREncodingOptions, directory: TemporaryDirectory, name: String) throws {
        let symbol = try QREncoder.encode(payload, options: options)
        // Two pixels per module keeps version-40 images small; the decoder must still read them.
        let path = try directory.write(symbol.pngData(QRRenderStyle(scale: 2, margin: 4)), to: name)
        // zxing-cpp 3 reports no symbol without content (DecoderResult::isValid); ZBar, the thorough
        // decoder's second opinion, still reads one.
        let decoded = try QRDecoder(thorough: payload.isEmpty).decode(ImageFile.read(path))
        try #require(decoded.count == 1, "\(name): expected one symbol, found \(decoded.count)")
        #expect(decoded[0].payload == payload, "\(name): payload differs")
        // ZBar reports neither version nor level.
        guard !payload.isEmpty else { return }
        #expect(decoded[0].version == symbol.version, "\(name): version")
        #expect(decoded[0].errorCorrection == options.errorCorrection, "\(name): EC level")
    }

    @Test("binary payloads from 0 bytes to the full capacity", arguments: QRErrorCorrectionLevel.allCases)
    func binary(level: QRErrorCorrectionLevel) throws {
        let directory = try TemporaryDirectory()
        let capacity = QRCapacity.capacity(version: 40, level: level)
        let sizes = [0, 1, 2, 7, 17, 64, 255, 256, 1000, capacity / 2, capacity - 1, capacity]
        for (index, size) in sizes.enumerated() {
            let payload = Self.randomBytes(size, seed: UInt64(level.ordinal * 1000 + index))
            try Self.roundTrip(payload, options: QREncodingOptions(errorCorrection: level, segmentation: .binary),
                               directory: directory, name: "\(level)-\(size).png")
        }
    }

    @Test("payloads of only NUL and only 0xFF bytes")
    func extremeBytes() throws {
        let directory = try TemporaryDirectory()
        try Self.roundTrip(Data(repeating: 0, count: 300), options: QREncodingOptions(errorCorrection: .Q), directory: directory, name: "zeros.png")
        try Self.roundTrip(Data(repeating: 0xFF, count: 300), options: QREncodingOptions(errorCorrection: .Q), directory: directory, name: "ones.png")
    }

    @Test("text uses the smallest modes and still comes back byte for byte", arguments: QRErrorCorrectionLevel.allCases)
    func text(level: QRErrorCorrectionLevel) throws {
        let directory = try TemporaryDirectory()
        let digits = String(repeating: "0123456789", count: 800).prefix(QRCapacity.capacity(version: 40, level: level, mode: .numeric))
        let alphanumeric = String(repeating: "SEQR $%*+-./:0", count: 400).prefix(QRCapacity.capacity(version: 40, level: level, mode: .alphanumeric))
        let samples = [String(digits), String(alphanumeric), "https://example.org/a?b=c#d", "Grüße, 世界 — ✓ 🙂", "MIXED 12345 then lower case"]
        for (index, text) in samples.enumerated() {
            try Self.roundTrip(Data(text.utf8), options: QREncodingOptions(errorCorrection: level), directory: directory, name: "text-\(level)-\(index).png")
        }
        // A full numeric symbol is only possible because text used numeric mode: as bytes it would not fit.
        #expect(digits.count > QRCapacity.capacity(version: 40, level: level, mode: .byte))
    }

    @Test("the minimum version is honoured and the decoder reports it")
    func minimumVersion() throws {
        let directory = try TemporaryDirectory()
        for version in [1, 10, 25, 40] {
            let options = QREncodingOptions(errorCorrection: .M, minimumVersion: version)
            let symbol = try QREncoder.encode(Data("tiny".utf8), options: options)
            #expect(symbol.version == version)
            #expect(symbol.size == QRCapacity.moduleCount(version: version))
            try Self.roundTrip(Data("tiny".utf8), options: options, directory: directory, name: "v\(version).png")
        }
    }

    @Test("a JPEG file of a code decodes too")
    func jpegFile() throws {
        let directory = try TemporaryDirectory()
        let payload = Self.randomBytes(500, seed: 42)
        let symbol = try QREncoder.encode(payload, options: QREncodingOptions(errorCorrection: .M))
        let path = try directory.write(ImageCodec.jpeg.encode(symbol.rasterized(QRRenderStyle(scale: 4)), quality: 75), to: "code.jpg")
        let decoded = try QRDecoder().decode(ImageFile.read(path))
        #expect(decoded.map(\.payload) == [payload])
    }

    @Test("ZBar, the thorough decoder's second reader, returns binary payloads byte for byte")
    func zbarIsByteExact() throws {
        let payload = Data((0..<256).map { UInt8($0) } + (0..<256).map { UInt8(255 - $0) })
        let image = try QREncoder.encode(payload, options: QREncodingOptions(errorCorrection: .Q, segmentation: .binary)).rasterized(QRRenderStyle(scale: 4))
        // No zxing-cpp passes: only the ZBar fallback can find it.
        let decoded = try QRDecoder(passes: [], thorough: true).decode(image)
        #expect(decoded.map(\.payload) == [payload])
        #expect(decoded.first?.version == nil)
    }

    @Test("signed QR codes for every JWS algorithm survive a PNG round trip and verify", arguments: JWSAlgorithm.allCases)
    func signedCodes(algorithm: JWSAlgorithm) throws {
        let key = try JWSSigningKey.generate(algorithm)
        let url = JWSURL.make(base: "https://mobile.example.com/onboard", token: try CompactJWS.sign(Data(#"{"host":"mobile.example.com"}"#.utf8), with: key))
        let png = try QREncoder.encode(text: url, options: QREncodingOptions(errorCorrection: .L)).pngData(QRRenderStyle(scale: 3))
        let scanned = try #require(try QRDecoder().decode(ImageCodec.png.decode(png)).first)
        let token = try #require(JWSURL.extract(from: String(decoding: scanned.payload, as: UTF8.self)))
        #expect(try CompactJWS.verify(token, with: key.verificationKey).payload == Data(#"{"host":"mobile.example.com"}"#.utf8))
    }
}
