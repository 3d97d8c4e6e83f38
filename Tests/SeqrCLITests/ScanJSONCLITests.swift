import Foundation
import SeqrCore
import SeqrQR
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

        // A picture that cannot be read, or holds no code, fails the run and is an object with its error, in its place.
        let blank = try directory.write(Data("not a picture".utf8), to: "notes.txt")
        let partly = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), directory.file("missing.png"), directory.file("a.png"), blank)
        #expect(partly.status == 66)
        let objects = try #require(try JSONSerialization.jsonObject(with: partly.stdout) as? [[String: Any]], "\(partly.stdoutText)")
        #expect(objects.map { $0["file"] as? String } == [directory.file("missing.png"), directory.file("a.png"), blank])
        #expect(objects.map { $0["kind"] as? String } == [nil, "url", nil])
        #expect(objects[0]["error"] as? String == "no such file" && (objects[2]["error"] as? String)?.contains("not an image") == true, "\(objects)")
        #expect(Set(objects[0].keys) == ["file", "error"])
        #expect(partly.errorLines.count == 2, "\(partly.stderr)")
    }

    @Test("urlCheck is a verdict with its reasons, never a sentence or a sign; codes scan does not open name their command and hold no sentence")
    func structuredValues() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("store")
        #expect(try SeqrBinary.run("encode", "--text", "https://bad.example/x", "-o", directory.file("bad.png")).status == 0)
        #expect(try SeqrBinary.run("encode", "--text", "https://fine.example/", "-o", directory.file("fine.png")).status == 0)
        #expect(try SeqrBinary.run("encode", "--text", "shc:/5676", "-o", directory.file("card.png")).status == 0)
        let list = try directory.write(Data("bad.example\n".utf8), to: "blocklist.txt")
        let scanned = try SeqrBinary.run("scan", "--json", "--blocklist", list, "--store", store, directory.file("bad.png"), directory.file("fine.png"), directory.file("card.png"))
        #expect(scanned.status == 0, "\(scanned.stderr)")
        let findings = try #require(try JSONSerialization.jsonObject(with: scanned.stdout) as? [[String: Any]], "\(scanned.stdoutText)")
        try #require(findings.count == 3)
        let flagged = findings[0]["urlCheck"] as? [String: Any], clean = findings[1]["urlCheck"] as? [String: Any]
        #expect(flagged?["verdict"] as? String == "flagged" && flagged?["reasons"] as? [String] == ["blocklist entry bad.example"], "\(findings[0])")
        #expect(findings[0]["flagged"] as? Bool == true)
        #expect(clean?["verdict"] as? String == "noMatch" && clean?["reasons"] as? [String] == ["the offline blocklist"], "\(findings[1])")
        #expect(findings[2]["kind"] as? String == "smartHealthCard" && findings[2]["command"] as? String == "seqr shc verify" && findings[2]["content"] == nil)
        #expect(!scanned.stdoutText.contains("⚠"))

        let unchecked = try SeqrBinary.run("scan", "--json", "--store", store, directory.file("fine.png"))
        let verdict = ((try JSONSerialization.jsonObject(with: unchecked.stdout) as? [[String: Any]])?.first?["urlCheck"]) as? [String: Any]
        #expect(verdict?["verdict"] as? String == "notChecked" && (verdict?["reasons"] as? [String])?.count == 1, "\(unchecked.stdoutText)")
        // The text output still says it in words.
        let words = try SeqrBinary.run("scan", "--blocklist", list, "--store", store, directory.file("bad.png"), directory.file("card.png"))
        #expect(words.stdoutText.contains("flagged as dangerous") && words.stdoutText.contains("verify it with `seqr shc verify"), "\(words.stdoutText)")
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

    @Test("every code in a picture is checked: one that only a later decoding pass reads is scanned too, though decode stops at the first")
    func everyCodeChecked() throws {
        let directory = try TemporaryDirectory()
        // A vault page of six codes, one of them faded (120 on 135) past zxing-cpp's local-average
        // binarizer, which takes such an area for flat; the fixed-threshold pass reads it.
        var options = PaperVault.Options()
        options.rounds = 1_000
        options.allowCompression = false
        options.survivePages = 0
        let document = VaultDocument(title: "scan", contents: (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 40_503 >> 7) })
        var printout = VaultPrintout(backup: try PaperVault.backup(document, password: "paper", options: options))
        printout.includesRestoreProgram = false
        var page = try ImageCodec.png.decode(printout.pngPages(dpi: 200)[0])
        var everyPass = QRDecoder()
        everyPass.endsAtFirstFind = false
        let symbols = try everyPass.decode(page)
        try #require(symbols.count == 6)
        let xs = symbols[2].corners.map(\.x), ys = symbols[2].corners.map(\.y)
        for y in max(0, ys.min()! - 30)...min(page.height - 1, ys.max()! + 30) {
            for x in max(0, xs.min()! - 30)...min(page.width - 1, xs.max()! + 30) {
                page.pixels[y * page.width + x] = page.pixels[y * page.width + x] < 128 ? 120 : 135
            }
        }
        let picture = directory.file("page.png")
        try ImageCodec.png.encode(page).write(to: URL(fileURLWithPath: picture))

        // The premise: a default decode ends with the first pass, which reads the five others only.
        let decoded = try SeqrBinary.run("decode", "--json", picture)
        #expect(decoded.status == 0)
        let files = try #require(try JSONSerialization.jsonObject(with: decoded.stdout) as? [[String: Any]])
        #expect((files.first?["codes"] as? [Any])?.count == 5, "\(decoded.stdoutText)")
        let scanned = try SeqrBinary.run("scan", "--json", "--store", directory.file("store"), picture)
        let findings = try #require(try JSONSerialization.jsonObject(with: scanned.stdout) as? [[String: Any]], "\(scanned.stdoutText)")
        #expect(findings.count == 6, "\(scanned.stdoutText)")
    }
}
