import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr encode --micro and decode --formats")
struct BarcodeFormatsCLITests {
    @Test("--micro writes a Micro QR code that decode reads by default and names microqr in --json")
    func micro() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("micro.png")
        let encoded = try SeqrBinary.run("encode", "--micro", "--text", "HELLO 42", "-o", png, "--json")
        try #require(encoded.status == 0, "\(encoded.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: encoded.stdout) as? [String: Any])
        #expect(summary["symbol"] as? String == "microqr" && summary["errorCorrection"] as? String == "L")
        #expect((1...4).contains(summary["version"] as? Int ?? 0))
        let decoded = try SeqrBinary.run("decode", "--json", png)
        let images = try #require(try JSONSerialization.jsonObject(with: decoded.stdout) as? [[String: Any]])
        let code = try #require((images.first?["codes"] as? [[String: Any]])?.first)
        #expect(code["text"] as? String == "HELLO 42")
        #expect(code["format"] as? String == "microqr")
    }

    @Test("--micro with too much data says what fits, and exits non-zero")
    func microTooLong() throws {
        let result = try SeqrBinary.run("encode", "--micro", "--text", String(repeating: "x", count: 40), "--format", "text")
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1)
        #expect(result.stderr.contains("too much data for a Micro QR code: 40 bytes"))
        #expect(result.stderr.contains("use a regular QR code"))
    }

    @Test("--formats limits what is read; a regular code is qr in --json; an unknown name is refused")
    func formats() throws {
        let directory = try TemporaryDirectory()
        let png = directory.file("qr.png")
        #expect(try SeqrBinary.run("encode", "--text", "plain QR", "-o", png).status == 0)
        let json = try SeqrBinary.run("decode", "--json", png)
        #expect(json.stdoutText.contains("\"format\" : \"qr\"") || json.stdoutText.contains("\"format\":\"qr\""))
        let all = try SeqrBinary.run("decode", "--formats", "all", png)
        #expect(all.status == 0 && all.stdoutText == "plain QR\n")
        let others = try SeqrBinary.run("decode", "--formats", "ean13,code128,datamatrix", png)
        #expect(others.status == 65)
        let unknown = try SeqrBinary.run("decode", "--formats", "qr,barcode", png)
        #expect(unknown.status != 0 && unknown.stderr.contains("unknown barcode format 'barcode'"))
    }
}
