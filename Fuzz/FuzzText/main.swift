import CZXing
import Foundation
import FuzzSupport
import SeqrCore
import SeqrQR

// A payload read as text (`seqr_zx_read_text`, zxing-cpp's Content and libzueci underneath) with
// the encoding blocks a symbol states, and the Swift side that shows it (`DecodedSymbol.text`,
// `PayloadDisplay`). A QR author controls the bytes and every ECI designator and mode switch.
// Input: a flags byte (bit 0: the blocks are ECI designators; bits 1–3: how many blocks), per
// block an ECI selector and a position step (`eci`, `position`), then the payload.
// Checks: a refusal only for blocks out of order or past the end, with a message; text is valid
// UTF-8 of the stated length, NUL-terminated, without a NUL that no zero byte wrote; a payload
// that is not empty is not shown as empty text; ASCII and declared UTF-8 read back as their
// bytes; the Swift side gives the same typed result and, shown as Base64, gives back every byte.

/// An ECI from a selector byte: the values a symbol can state (0…252, 899 Binary, -1 unknown),
/// or any 32-bit value.
func eci(_ input: inout FuzzInput) -> Int32 {
    switch input.byte() {
    case 0xFF: -1
    case 0xFE: 899
    case 0xFD: Int32(bitPattern: input.uint32())
    case let value: Int32(value)
    }
}

/// A position: the previous one plus a step byte, or (step 0xFF) any 32-bit value.
func position(_ input: inout FuzzInput, after previous: Int32) -> Int32 {
    let step = input.byte()
    return step == 0xFF ? Int32(bitPattern: input.uint32()) : previous &+ Int32(step)
}

func isValidUTF8(_ bytes: [UInt8]) -> Bool { Array(String(decoding: bytes, as: UTF8.self).utf8) == bytes }

runFuzzer { bytes in
    var input = FuzzInput(bytes)
    let flags = input.byte()
    let hasECI = flags & 1 == 1
    var blocks: [seqr_zx_encoding] = []
    for _ in 0..<Int(flags >> 1 & 7) {
        let value = eci(&input)
        blocks.append(seqr_zx_encoding(eci: value, position: position(&input, after: blocks.last?.position ?? 0)))
    }
    let payload = input.rest()
    let inOrder = zip([0] + blocks.map(\.position), blocks.map(\.position)).allSatisfy { $0 <= $1 }
        && blocks.allSatisfy { $0.position <= payload.count }

    var result = seqr_zx_text()
    var message = [CChar](repeating: 0, count: 256)
    let status = payload.withUnsafeBufferPointer { bytes in
        blocks.withUnsafeBufferPointer { list in
            seqr_zx_read_text(bytes.baseAddress, bytes.count, list.baseAddress, list.count, hasECI ? 1 : 0,
                              &result, &message, message.count)
        }
    }
    defer { seqr_zx_text_free(&result) }
    fuzzCheck(status == 0 || status == -1, "status 0 or -1, not \(status)")
    fuzzCheck((status == 0) == inOrder, "refused exactly the blocks out of order or past the end (status \(status))")
    var cText: String?
    var cEncoding = ""
    if status != 0 {
        fuzzCheck(message[0] != 0 && message.contains(0), "a refusal says why")
        fuzzCheck(result.text == nil, "no text with a refusal")
    } else if let text = result.text {
        fuzzCheck(text[result.text_length] == 0, "text is NUL-terminated")
        let utf8 = Array(UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: result.text_length))
        fuzzCheck(isValidUTF8(utf8), "text is valid UTF-8")
        fuzzCheck(utf8.isEmpty == payload.isEmpty, "\(payload.count) bytes read as \(utf8.count) bytes of text")
        fuzzCheck(!utf8.contains(0) || payload.contains(0), "no NUL in the text that no zero byte wrote")
        let encoding = withUnsafeBytes(of: result.encoding) { Array($0) }
        fuzzCheck(encoding.contains(0) && encoding[0] != 0 && encoding.prefix { $0 != 0 }.allSatisfy { $0 >= 0x20 && $0 < 0x7F },
                  "encoding is a printable ASCII name")
        cEncoding = String(decoding: encoding.prefix { $0 != 0 }, as: UTF8.self)
        if !hasECI, payload.allSatisfy({ $0 < 0x80 }), blocks.allSatisfy({ $0.eci == -1 }) {
            fuzzCheck(utf8 == payload, "ASCII of unknown encoding reads as itself")
        }
        if hasECI, !blocks.isEmpty, blocks.allSatisfy({ $0.eci == 26 && $0.position == 0 }), isValidUTF8(payload) {
            fuzzCheck(utf8 == payload, "declared UTF-8 reads as itself")
        }
        cText = String(decoding: utf8, as: UTF8.self)
    }

    // The Swift side, as `decode` and `scan` read a symbol.
    let symbol = DecodedSymbol(
        payload: Data(payload), corners: [], version: nil, errorCorrection: nil, inverted: false,
        encodingBlocks: TextEncodingBlocks(blocks: blocks.map { .init(eci: $0.eci, position: Int($0.position)) }, fromECI: hasECI))
    let text = symbol.text
    fuzzCheck(text?.text == cText, "DecodedSymbol.text is the shim's text")
    if let text, status == 0 {
        fuzzCheck(text.guessed == (result.guessed != 0), "the same guess")
        fuzzCheck(text.encoding == cEncoding, "the same encoding name")
    }
    switch PayloadDisplay(symbol) {
    case .text(let shown): fuzzCheck(shown == text?.text, "shown text is the symbol's text")
    case .binary(let base64): fuzzCheck(Data(base64Encoded: base64) == Data(payload), "Base64 gives back every byte")
    }
}
