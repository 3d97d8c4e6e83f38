import Foundation
import SeqrCorpus
import SeqrTestSupport
import Testing

/// The benchmark commands run and report; the figures themselves live in docs/benchmarks.md.
@Suite("seqr-bench")
struct BenchCLITests {
    @Test("seqr-bench corpus writes the images and a manifest of their payloads")
    func corpus() throws {
        let directory = try TemporaryDirectory()
        let result = try SeqrBinary.runBench("corpus", "-o", directory.path, "--per-class", "2", "--classes", "rotated,jpeg30")
        #expect(result.status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(files == ["jpeg30-000.jpg", "jpeg30-001.jpg", "manifest.json", "rotated-000.png", "rotated-001.png"])
        let verified = try SeqrBinary.runBench("corpus", "-o", directory.path, "--per-class", "1", "--classes", "multiple,inverted", "--verify")
        #expect(verified.status == 0)
        #expect(verified.stdoutText.contains("ok   multiple-000.png       3/3 codes exact"))
        #expect(verified.stdoutText.hasSuffix("4 of 4 codes decoded byte for byte\n"))
        let bad = try SeqrBinary.runBench("corpus", "-o", directory.path, "--classes", "sideways")
        #expect(bad.status != 0 && bad.stderr.contains("unknown class 'sideways'"))
    }

    @Test("seqr-bench qr compares with qrencode and zbarimg and reports every class")
    func qr() throws {
        _ = try ExternalTool.named("qrencode")
        _ = try ExternalTool.named("zbarimg")
        let result = try SeqrBinary.runBench("qr", "--runs", "2", "--per-class", "1", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let encode = try #require(report["encode"] as? [String: Any])
        #expect(encode["qrencodeMedianMs"] is Double && encode["seqrMedianMs"] is Double)
        let decode = try #require(report["decode"] as? [[String: Any]])
        #expect(decode.count == DegradedCorpus.Distortion.allCases.count)
        let clean = try #require(decode.first { $0["distortion"] as? String == "clean" })
        #expect(clean["seqrFound"] as? Int == 1 && clean["zbarFound"] as? Int == 1)
    }

    @Test("seqr-bench qr --photos reads each folder's pictures upright and turned, and counts each reader's right and wrong texts")
    func photos() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.file("set-a")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let kanji = "漢字のテキスト"
        let made = try ExternalTool.named("qrencode").run(["-k", "-o", folder + "/1.png"], stdin: kanji.data(using: .shiftJIS))
        try #require(made.status == 0)
        try Data(kanji.utf8).write(to: URL(fileURLWithPath: folder + "/1.txt"))
        #expect(try SeqrBinary.run("encode", "--text", "https://example.org/photo", "-o", folder + "/2.png").status == 0)
        // The expected text is not what the code holds: every reader that reads it is wrong.
        try Data("something else".utf8).write(to: URL(fileURLWithPath: folder + "/2.txt"))

        let result = try SeqrBinary.runBench("qr", "--photos", directory.path, "--photos-only", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let photos = try #require(report["photos"] as? [[String: Any]])
        #expect(photos.count == 1 && photos[0]["folder"] as? String == "set-a" && photos[0]["pictures"] as? Int == 8)
        let seqr = try #require((photos[0]["readers"] as? [String: Any])?["seqr"] as? [String: Any])
        #expect(seqr["found"] as? Int == 4 && seqr["wrong"] as? Int == 4, "\(seqr)")
        #expect((photos[0]["readers"] as? [String: Any])?["zbarimg"] != nil)
        #expect(report["encode"] == nil)
    }

    @Test("seqr-bench vault backs up and restores exactly, reports wall and processor time and the load, and quotes qr-backup's density without it")
    func vault() throws {
        let result = try SeqrBinary.runBench("vault", "--kib", "8", "--runs", "2", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        #expect(report["documentBytes"] as? Int == 8 * 1024 && report["loadBefore"] is Double && report["loadAfter"] is Double)
        let rows = try #require(report["results"] as? [[String: Any]])
        let seqr = try #require(rows.first)
        #expect(seqr["tool"] as? String == "seqr vault" && seqr["restoredExactly"] as? Bool == true && seqr["runs"] as? Int == 2)
        for key in ["backupSeconds", "restoreSeconds", "backupCPUSeconds", "restoreCPUSeconds"] {
            #expect((seqr[key] as? Double ?? 0) > 0, "\(key)")
        }
        #expect(rows.last?["bytesPerPage"] as? Int == 3_500)
    }

    @Test("seqr no longer has the bench command: benchmarks live in seqr-bench")
    func notInSeqr() throws {
        let result = try SeqrBinary.run("bench", "jws")
        #expect(result.status != 0)
        #expect(!(try SeqrBinary.run("--help").stdoutText.contains("bench")))
        // Linked statically, a module shows in the binary as its mangled symbols (…10SeqrCorpus…).
        let nm = try ExternalTool.named("nm")
        #expect(!(try nm.run([SeqrBinary.tool.path]).stdoutText.contains("SeqrCorpus")))
        #expect(try nm.run([SeqrBinary.bench.path]).stdoutText.contains("SeqrCorpus"))
    }

    @Test("seqr-bench jws measures every algorithm")
    func jws() throws {
        let result = try SeqrBinary.runBench("jws", "--seconds", "0.02", "--skip-openssl", "--json")
        try #require(result.status == 0, "\(result.stderr)")
        let rows = try #require(try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]])
        #expect(rows.count == 10)
        #expect(rows.allSatisfy { ($0["seqrSignPerSecond"] as? Double ?? 0) > 0 && ($0["seqrVerifyPerSecond"] as? Double ?? 0) > 0 })
    }

    @Test("seqr-bench second-opinion counts what ZBar adds: an empty code only it reads, nothing on a plain one, and photos")
    func secondOpinion() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.file("empty.png"), plain = directory.file("plain.png")
        #expect(try SeqrBinary.run("encode", "--text", "", "-o", empty).status == 0)
        #expect(try SeqrBinary.run("encode", "--text", "second opinion", "-o", plain).status == 0)
        struct Row: Decodable { let picture: String, withoutZBar: Int, withZBar: Int, addedByZBar: Int }
        let result = try SeqrBinary.runBench("second-opinion", "--json", empty, plain)
        try #require(result.status == 0, "\(result.stderr)")
        let rows = try JSONDecoder().decode([Row].self, from: result.stdout)
        #expect(rows.map(\.picture) == [empty, plain])
        #expect(rows.map(\.withoutZBar) == [0, 1] && rows.map(\.withZBar) == [1, 1] && rows.map(\.addedByZBar) == [1, 0])

        let kept = directory.file("photos")
        try FileManager.default.createDirectory(atPath: kept, withIntermediateDirectories: true)
        let photographed = try SeqrBinary.runBench("second-opinion", "--photos", "2", "--keep", kept, plain)
        try #require(photographed.status == 0, "\(photographed.stderr)")
        #expect(photographed.stdoutText.contains("| **all 2** |"), "\(photographed.stdoutText)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: kept).count == 2)
    }
}
