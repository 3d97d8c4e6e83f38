import SeqrCore
import Testing

/// Errors that quote what a token or card says: the quoted words are escaped (issue 32, finding 10),
/// so a kid or issuer holding a CR or an escape sequence cannot rewrite the error line.
@Suite("Untrusted text in errors")
struct UntrustedTextDisplayTests {
    static let hostile = "x\r\u{1B}[2Kverified\u{202E}"
    static let shown = "x\\u{D}\\u{1B}[2Kverified\\u{202E}"

    @Test("a token's kid, alg and crit names and a card's issuer are escaped in their error's message")
    func errorMessages() {
        let messages = [
            JWSError.keyNotFound(kid: Self.hostile).description,
            JWSError.unsupportedAlgorithm(Self.hostile).description,
            JWSError.unknownCriticalHeaders([Self.hostile]).description,
            SmartHealthCardError.untrustedIssuer(Self.hostile).description,
        ]
        for message in messages {
            #expect(message.contains(Self.shown) && !message.contains("\r") && !message.contains("\u{1B}"), "\(message)")
        }
    }
}
