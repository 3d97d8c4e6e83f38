import Foundation
import SeqrCLISupport
import SeqrCore
import SeqrCorpus
import SeqrQR
import Testing

@testable import seqr

/// `decode --json` is written by hand (DecodeCommand+JSON.swift) for speed; it must stay byte for
/// byte what `JSONOutput`'s encoder writes for the same reports, whatever they hold.
@Suite("seqr decode --json: the hand-written document is JSONOutput's, byte for byte")
struct DecodeJSONTests {
    /// Payloads that exercise the writer: text with every control, quotes, backslashes, slashes,
    /// DEL, non-ASCII and emoji; text in a declared encoding; bytes that are no text at all.
    static func payload(_ generator: inout SeededGenerator) -> (Data, TextEncodingBlocks) {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0:
            let pieces = ["a", "\"", "\\", "/", "\u{7F}", "é", "😀", "\u{2028}", " ", "https://example.com/?q=1&r=2"]
                + (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }
            let text = (0..<Int.random(in: 0...40, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
            return (Data(text.utf8), .unstated)
        case 1:
            // Shift_JIS (ECI 20): 日本 and half-width katakana.
            return (Data([0x93, 0xFA, 0x96, 0x7B, 0xB1, 0xB2]), TextEncodingBlocks(blocks: [.init(eci: 20, position: 0)], fromECI: true))
        case 2:
            return (Data((0..<Int.random(in: 1...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }), .unstated)
        default:
            return (Data("plain text".utf8), .unstated)
        }
    }

    /// Every C0 control, DEL, a C1 control, the line separators JavaScript minds, and non-ASCII.
    static let everyControl = (0..<0x20).map { String(Unicode.Scalar(UInt8($0))) }.joined() + "\u{7F}\u{85}\u{2028}\u{2029}/é😀"

    static func report(_ generator: inout SeededGenerator, index: Int) -> DecodeCommand.ImageReport {
        let file = ["a.png", "dir/with \"quotes\"\\and\u{1B}[31m.png", "-", "séance/😀.jpg", Self.everyControl][index % 5]
        if Int.random(in: 0..<5, using: &generator) == 0 {
            var failed = DecodeCommand.ImageReport(file: file, width: nil, height: nil, codes: [], error: "\(file): \(Self.everyControl)")
            if Bool.random(using: &generator) { failed.joinedInto = ["b.png", "c/d.png"] }
            return failed
        }
        let codes = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
            let (payload, blocks) = payload(&generator)
            let symbol = DecodedSymbol(
                payload: payload,
                corners: (0..<4).map { _ in PixelPoint(x: Int.random(in: -5...5_000, using: &generator), y: Int.random(in: 0...5_000, using: &generator)) },
                version: Bool.random(using: &generator) ? Int.random(in: 1...40, using: &generator) : nil,
                errorCorrection: QRErrorCorrectionLevel.allCases.randomElement(using: &generator),
                inverted: Bool.random(using: &generator),
                format: BarcodeFormat.allCases.randomElement(using: &generator)!,
                sequence: Bool.random(using: &generator) ? StructuredAppend(index: 1, count: 3, id: "7") : nil,
                joinedParts: Bool.random(using: &generator) ? 3 : nil,
                encodingBlocks: blocks)
            var code = DecodeCommand.CodeReport(symbol, page: Bool.random(using: &generator) ? Int.random(in: 1...9, using: &generator) : nil)
            if Bool.random(using: &generator) {
                code.parts = [SequencePartReport(file: "x/1.png", page: nil, part: 1), SequencePartReport(file: "2.pdf", page: 4, part: 2)]
            }
            return code
        }
        return DecodeCommand.ImageReport(file: file, width: Int.random(in: 1...9_000, using: &generator),
                                         height: Int.random(in: 1...9_000, using: &generator), codes: codes, error: nil)
    }

    @Test("2,000 documents of one to four reports, with every optional member present and absent")
    func sameBytesAsTheEncoder() throws {
        var generator = SeededGenerator(seed: 2026)
        var texts = 0
        for round in 0..<2_000 {
            let reports = (0..<Int.random(in: 1...4, using: &generator)).map { Self.report(&generator, index: round + $0) }
            texts += reports.flatMap(\.codes).filter { $0.text != nil }.count
            let written = DecodeCommand.json(reports)
            let encoded = try JSONOutput.encode(reports) + Data("\n".utf8)
            #expect(written == encoded, "\(String(decoding: written, as: UTF8.self))\n---\n\(String(decoding: encoded, as: UTF8.self))")
            if written != encoded { break }
        }
        #expect(texts > 500)
    }

    @Test("no report at all is an empty array, as the encoder writes it")
    func empty() throws {
        #expect(DecodeCommand.json([]) == (try JSONOutput.encode([DecodeCommand.ImageReport]()) + Data("\n".utf8)))
    }
}
