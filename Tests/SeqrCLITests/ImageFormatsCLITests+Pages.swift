import Foundation
import SeqrTestSupport
import Testing

extension ImageFormatsCLITests {
    @Test("decode: every page of a multi-page TIFF (pnmtotiff -append); --json names each code's page")
    func multiPageTIFF() throws {
        let payloads = ["first page", "second page", "third page"]
        let pngs = try payloads.enumerated().map { index, payload in
            let png = directory.file("tiff-page-\(index).png")
            try ForeignImageFiles.run("qrencode", ["-s", "6", "-m", "4", "-o", png, payload])
            return png
        }
        let tiff = try files.multiPageTIFF(pngs)
        let result = try SeqrBinary.run("decode", tiff)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == payloads.map { $0 + "\n" }.joined())
        let json = try SeqrBinary.run("decode", "--json", tiff)
        let codes = try #require(((try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]])?.first?["codes"] as? [[String: Any]])
        #expect(codes.map { $0["page"] as? Int } == [1, 2, 3])
    }

    @Test("vault restore: a backup's PNG pages combined into one multi-page TIFF restore from that one file")
    func vaultRestoreFromMultiPageTIFF() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        // Large enough for several pages, so that no one page restores it.
        let secret = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let pages = directory.file("pages/")
        let backup = try SeqrBinary.tool.run(["vault", "backup", secret, "-o", pages, "--no-compress", "--rounds", "210000", "--no-restore-program"],
                                             environment: environment)
        #expect(backup.status == 0, "\(backup.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        try #require(pngs.count >= 3)
        let tiff = try files.multiPageTIFF(pngs, name: "backup.tif")

        let firstOnly = try SeqrBinary.tool.run(["vault", "restore", try files.multiPageTIFF([pngs[0]], name: "first.tif"), "-o", directory.file("none.bin")],
                                                environment: environment)
        #expect(firstOnly.status == 65, "one page alone does not restore the backup: \(firstOnly.stderr)")
        let out = directory.file("restored.bin")
        let restored = try SeqrBinary.tool.run(["vault", "restore", tiff, "-o", out], environment: environment)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: secret)))
    }

    @Test("decode: a TIFF of more pages than Seqr reads is one line naming the limit (exit 65)")
    func tooManyPages() throws {
        // A 1×1 white page repeated: every directory points at the next, the strips at one byte.
        var tiff = Data([0x49, 0x49, 0x2A, 0x00, 10, 0, 0, 0, 0xFF, 0x00])
        let pages = 1_001
        for index in 0..<pages {
            let entries: [(Int, Int, Int)] = [(256, 4, 1), (257, 4, 1), (258, 3, 8), (259, 3, 1), (262, 3, 1), (273, 4, 8), (277, 3, 1), (278, 4, 1), (279, 4, 1)]
            tiff += le(entries.count, 2)
            for (tag, type, value) in entries { tiff += le(tag, 2) + le(type, 2) + le(1, 4) + le(value, 4) }
            tiff += le(index == pages - 1 ? 0 : 10 + (index + 1) * 114, 4)
        }
        let path = try directory.write(tiff, to: "many.tif")
        let result = try SeqrBinary.run("decode", path)
        #expect(result.status == 65)
        #expect(result.errorLines == ["seqr: \(path): the TIFF file has more than 1,000 pages, more than Seqr reads from one file (split it)"], "\(result.stderr)")
    }

    /// `value` in `bytes` little-endian bytes (a SHORT's two spare bytes are zero, as TIFF wants).
    private func le(_ value: Int, _ bytes: Int) -> Data { Data((0..<bytes).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
}

extension ImageFormatsCLITests {
    static let sequenceText = "A longer text that qrencode splits over several version-1 QR symbols, one file each."

    /// qrencode's structured-append sequence (-S), one PNG per part, in order.
    func sequenceParts() throws -> [String] {
        let sequence = try TemporaryDirectory()
        try ForeignImageFiles.run("qrencode", ["-S", "-v", "1", "-s", "4", "-o", sequence.file("part.png"), Self.sequenceText])
        let names = try FileManager.default.contentsOfDirectory(atPath: sequence.path).filter { $0.hasPrefix("part-") }.sorted()
        // Moved next to the other files: `sequence` is removed when it goes out of scope.
        return try names.map { name in
            let path = directory.file(name)
            try FileManager.default.moveItem(atPath: sequence.file(name), toPath: path)
            return path
        }
    }

    @Test("decode: a structured-append sequence over several files prints its payload once, on the first part's line; --json lists the parts' files")
    func sequenceAcrossFiles() throws {
        let parts = try sequenceParts()
        try #require(parts.count > 2)
        // Given in any order: the whole payload goes with the file of part 1.
        let given = parts.reversed() as [String]
        let result = try SeqrBinary.run(["decode"] + given)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "\(parts[0]): \(Self.sequenceText)\n")

        let json = try SeqrBinary.run(["decode", "--json"] + given)
        let reports = try #require((try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]])
        #expect(reports.map { $0["file"] as? String } == given)
        let host = try #require(reports.first { $0["file"] as? String == parts[0] })
        let codes = try #require(host["codes"] as? [[String: Any]])
        #expect(codes.count == 1 && codes[0]["text"] as? String == Self.sequenceText && codes[0]["joinedParts"] as? Int == parts.count)
        let listed = try #require(codes[0]["parts"] as? [[String: Any]])
        #expect(listed.map { $0["file"] as? String } == parts && listed.map { $0["part"] as? Int } == Array(1...parts.count))
        for report in reports where report["file"] as? String != parts[0] {
            #expect((report["codes"] as? [Any])?.isEmpty == true && report["joinedInto"] as? [String] == [parts[0]] && report["error"] == nil)
        }
        // --raw: the whole payload is the one code.
        let raw = try SeqrBinary.run(["decode", "--raw", "-"] + given)
        #expect(raw.status == 0 && raw.stdoutText == Self.sequenceText, "\(raw.stderr)")
    }

    @Test("decode: with a part missing each file keeps its own part; a part given twice is joined once")
    func sequenceAcrossFilesIncomplete() throws {
        let parts = try sequenceParts()
        let missing = try SeqrBinary.run(["decode", "--json"] + parts.dropLast())
        #expect(missing.status == 0, "\(missing.stderr)")
        let reports = try #require((try JSONSerialization.jsonObject(with: missing.stdout)) as? [[String: Any]])
        #expect(reports.allSatisfy { ($0["codes"] as? [[String: Any]])?.count == 1 && $0["joinedInto"] == nil })
        #expect(reports.compactMap { (($0["codes"] as? [[String: Any]])?.first?["sequence"] as? [String: Any])?["part"] as? Int } == Array(1..<parts.count))

        // A part given twice (two photos of one code) is still one part: the sequence joins once.
        let twice = directory.file("part-2-again.png")
        try FileManager.default.copyItem(atPath: parts[1], toPath: twice)
        let duplicated = try SeqrBinary.run(["decode"] + parts + [twice])
        #expect(duplicated.status == 0, "\(duplicated.stderr)")
        #expect(duplicated.stdoutText == "\(parts[0]): \(Self.sequenceText)\n")
    }

    @Test("scan: each part as a phone reads it, then the sequence whole across the files, naming them")
    func scanSequenceAcrossFiles() throws {
        let parts = try sequenceParts()
        let result = try SeqrBinary.run(["scan", "--store", directory.file("store")] + parts)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.count == parts.count + 1, "\(result.stdoutText)")
        #expect(lines.last == "\(parts[0]): text (joined from \(parts.count) parts in \(parts.joined(separator: ", "))): \(Self.sequenceText)")
        let json = try SeqrBinary.run(["scan", "--json", "--store", directory.file("store")] + parts)
        let findings = try #require((try JSONSerialization.jsonObject(with: json.stdout)) as? [[String: Any]])
        #expect((findings.last?["parts"] as? [[String: Any]])?.map { $0["file"] as? String } == parts)
    }
}
