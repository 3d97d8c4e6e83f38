import Foundation
import SeqrCore
import Testing

@Suite("Payload display")
struct PayloadDisplayTests {
    @Test("printable UTF-8 shows as text, line breaks and tabs included")
    func text() {
        #expect(PayloadDisplay(Data("héllo\tworld\n✓".utf8)) == .text("héllo\tworld\n✓"))
        #expect(PayloadDisplay(Data("héllo".utf8)).line == "héllo")
    }

    @Test("invalid UTF-8, NUL and other control bytes show as base64, byte for byte")
    func binary() {
        let samples: [[UInt8]] = [[0xFF, 0xFE, 0x00], [0x41, 0x00, 0x42], [0x1B, 0x5B, 0x32, 0x4A], [0xC3]]
        for bytes in samples {
            let display = PayloadDisplay(bytes)
            guard case .binary(let base64) = display else {
                Issue.record("\(bytes) should be binary")
                continue
            }
            #expect(Data(base64Encoded: base64) == Data(bytes))
            #expect(display.line == "base64:" + base64)
        }
    }

    @Test("an empty payload is empty text")
    func empty() {
        #expect(PayloadDisplay([UInt8]()) == .text(""))
    }
}
