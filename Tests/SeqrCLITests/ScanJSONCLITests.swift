import Foundation
import SeqrTestSupport
import Testing

/// `scan --json` is one JSON document whatever the number of pictures and codes.
@Suite("seqr scan --json")
struct ScanJSONCLITests {
    @Test("several pictures and a failure make one JSON array, one object per code in order")
    func oneDocument() throws {
        let directory = try TemporaryDirectory()
        #expect(try SeqrBinary.run("encode", "--text", "https://example.org/a", "-o", directory.file("a.png")).status == 0)
        #expect(try SeqrBinary.run("encode", "--text", "hello", "-o", directory.file("b.png")).status == 0)
        let single = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), directory.file("b.png"))
        #expect(single.status == 0, "\(single.stderr)")
        #expect((try JSONSerialization.jsonObject(with: single.stdout) as? [Any])?.count == 1, "\(single.stdoutText)")

        let scanned = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"),
                                         directory.file("a.png"), directory.file("b.png"), directory.file("a.png"))
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: scanned.stdout) as? [[String: Any]], "\(scanned.stdoutText)")
        #expect(findings.map { $0["kind"] as? String } == ["url", "text", "url"])
        #expect(findings.map { $0["content"] as? String } == ["https://example.org/a", "hello", "https://example.org/a"])

        // A picture that cannot be read fails the run; the codes that were read are still one document.
        let partly = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), directory.file("a.png"), directory.file("missing.png"))
        #expect(partly.status != 0)
        #expect((try JSONSerialization.jsonObject(with: partly.stdout) as? [[String: Any]])?.count == 1, "\(partly.stdoutText)")
    }

    @Test("a structured-append sequence: each part as a phone reads it (and opens its URL), then the joined payload")
    func structuredAppendParts() throws {
        let directory = try TemporaryDirectory()
        // qrencode's three version-1 parts of one URL, side by side in one picture (netpbm).
        #expect(try ExternalTool.named("qrencode").run(["-S", "-v", "1", "-l", "L", "-o", directory.file("part.png"), "https://evil.example@good.example/"]).status == 0)
        var pnms: [String] = []
        for index in 1...3 {
            let pnm = directory.file("part-\(index).pnm")
            try ExternalTool.named("pngtopnm").run([directory.file(String(format: "part-%02d.png", index))]).stdout.write(to: URL(fileURLWithPath: pnm))
            pnms.append(pnm)
        }
        let row = directory.file("row.pnm")
        try ExternalTool.named("pnmcat").run(["-lr"] + pnms).stdout.write(to: URL(fileURLWithPath: row))
        let picture = directory.file("sequence.png")
        try ExternalTool.named("pnmtopng").run([row]).stdout.write(to: URL(fileURLWithPath: picture))

        let scanned = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), picture)
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: scanned.stdout) as? [[String: Any]], "\(scanned.stdoutText)")
        // The first part alone is the URL a phone would open: https://evil.ex, not good.example.
        #expect(findings.map { $0["content"] as? String } == ["https://evil.ex", "ample@good.exam", "ple/", "https://evil.example@good.example/"])
        #expect(findings.first?["kind"] as? String == "url")
    }
}
