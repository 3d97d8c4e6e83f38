import SeqrURLSafety
import Testing

/// Issue 47: a Seqr link's host is shown and checked for the letters a look-alike host uses.
@Suite("host names worth reading letter by letter")
struct HostNameWarningTests {
    @Test("an xn-- label, letters outside ASCII and a label mixing scripts are each named; a plain host is not")
    func warnings() {
        #expect(HostNameWarning.check("seqr.example").isEmpty)
        #expect(HostNameWarning.check("seqr-example.evil:8443").isEmpty)
        #expect(HostNameWarning.check("xn--sqr-8cd.example") == [.punycode])
        // "sеqr" with a Cyrillic е (U+0435) among Latin letters.
        #expect(HostNameWarning.check("s\u{435}qr.example") == [.nonASCII, .mixedScripts])
        // A whole label in one script is not mixed; it is still outside ASCII.
        #expect(HostNameWarning.check("\u{43F}\u{440}\u{438}\u{43C}\u{435}\u{440}.example") == [.nonASCII])
        #expect(HostNameWarning.check("XN--SQR-8CD.EXAMPLE") == [.punycode])
    }
}
