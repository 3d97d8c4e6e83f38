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

    @Test("on a terminal, a CR, bidi controls and escapes are shown escaped and lines are kept; the exact text stays for JSON")
    func terminalLine() {
        // A CR returns to the line's start: a terminal would show the fake URL over the real one.
        let overwrite = "https://evil.example/login\rhttps://bank.example   "
        #expect(PayloadDisplay(Data(overwrite.utf8)).line == "https://evil.example/login\\u{D}https://bank.example   ")
        #expect(PayloadDisplay(Data(overwrite.utf8)).exact == overwrite)
        // Right-to-left override: "https://example.com/\u{202E}gpj.exe" reads as ending in "exe.jpg".
        #expect(PayloadDisplay(Data("a\u{202E}gpj.exe".utf8)).line == "a\\u{202E}gpj.exe")
        // Lines (LF or CR LF, as in a vCard) stay lines; a backslash is doubled so an escape cannot be faked.
        #expect(PayloadDisplay(Data("BEGIN:VCARD\r\nN:Doe\nNOTE:a\\u{D}b".utf8)).line == "BEGIN:VCARD\nN:Doe\nNOTE:a\\\\u{D}b")
        #expect(PayloadDisplay(Data("tab\there".utf8)).line == "tab\\u{9}here")
    }

    @Test("a QR symbol's text keeps the C0 controls its text segments declared; DEL and C1 controls (bytes guessed as ISO-8859-1) stay Base64")
    func symbolText() {
        let withControls = "\u{1}\u{10}AD:SUB:阿;;"
        let bytes = Data([0x01, 0x10]) + Data("AD:SUB:".utf8) + Data([0xB0, 0xA2]) + Data(";;".utf8)
        #expect(PayloadDisplay(bytes, text: withControls) == .text(withControls))
        #expect(PayloadDisplay(bytes, text: withControls).line == "\\u{1}\\u{10}AD:SUB:阿;;")
        #expect(PayloadDisplay(bytes, text: withControls).exact == withControls)
        for guessedLatin1 in ["a\u{7F}b", "a\u{85}b", "\u{9F}"] {
            let raw = Data(guessedLatin1.unicodeScalars.map { UInt8($0.value) })
            #expect(PayloadDisplay(raw, text: guessedLatin1) == .binary(base64: raw.base64EncodedString()))
        }
        #expect(PayloadDisplay(bytes, text: nil) == .binary(base64: bytes.base64EncodedString()))
        // Bytes that are text only as UTF-8 still need to be printable.
        #expect(PayloadDisplay(Data(withControls.utf8)) == .binary(base64: Data(withControls.utf8).base64EncodedString()))
    }
}
