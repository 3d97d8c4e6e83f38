import CZXing
import Foundation
import SeqrCore

extension DecodedSymbol {
    /// The payload as text, read with the encodings the symbol states (`encodingBlocks`) by
    /// zxing-cpp's rules; `nil` when zxing-cpp finds it binary (or mixed, or in an ECI it cannot
    /// read). `payload` stays the exact bytes either way.
    public var text: SymbolText? {
        let blocks = encodingBlocks.blocks.map { seqr_zx_encoding(eci: $0.eci, position: Int32(clamping: $0.position)) }
        var result = seqr_zx_text()
        var message = [CChar](repeating: 0, count: 256)
        let status = payload.withUnsafeBytes { bytes in
            blocks.withUnsafeBufferPointer { list in
                seqr_zx_read_text(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, list.baseAddress, list.count,
                                  encodingBlocks.fromECI ? 1 : 0, &result, &message, message.count)
            }
        }
        defer { seqr_zx_text_free(&result) }
        // A failure inside zxing-cpp (out of memory) leaves the payload shown as Base64: no byte is lost.
        guard status == 0, let text = result.text else { return nil }
        return SymbolText(text: String(decoding: UnsafeRawBufferPointer(start: text, count: result.text_length), as: UTF8.self),
                          encoding: cString(result.encoding), guessed: result.guessed != 0)
    }
}

extension PayloadDisplay {
    /// How a decoded symbol's payload is shown: its text as the symbol's encoding gives it, when printable.
    public init(_ symbol: DecodedSymbol) {
        self.init(symbol.payload, text: symbol.text?.text)
    }
}
