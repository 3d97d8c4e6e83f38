import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr vault")
struct VaultCLITests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func run(_ arguments: [String], password: String? = "correct horse") throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        if password == nil { environment.removeValue(forKey: "SEQR_PASSWORD") }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    @Test("backup to PDF and PNG pages, restore from either, byte for byte")
    func roundTrip() throws {
        let secret = try directory.write(Data((0..<9_000).map { UInt8(truncatingIfNeeded: $0 &* 97) }), to: "secret.bin")
        let pdf = directory.file("backup.pdf")
        let backup = try run(["vault", "backup", secret, "-o", pdf, "--json", "--rounds", "210000"])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stderr.contains("original PaperVault app will not read"))
        let summary = try JSONSerialization.jsonObject(with: backup.stdout) as? [String: Any]
        #expect(summary?["contentType"] as? String == "bytes" && summary?["format"] as? String == "pdf")

        let restored = directory.file("restored.bin")
        let restore = try run(["vault", "restore", pdf, "-o", restored])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: restored)) == Data(contentsOf: URL(fileURLWithPath: secret)))
        #expect(restore.stderr.contains("restored \"secret.bin\" (9000 bytes, bytes)"))

        let pages = directory.file("pages/")
        #expect(try run(["vault", "backup", secret, "-o", pages, "--rounds", "210000"]).status == 0)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        #expect(pngs.first?.hasSuffix("page-001.png") == true)
        let fromPNG = directory.file("from-png.bin")
        #expect(try run(["vault", "restore"] + pngs.reversed() + ["-o", fromPNG]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: fromPNG)) == Data(contentsOf: URL(fileURLWithPath: secret)))
    }

    @Test("restore shows the document's title escaped: a CR or escape sequence in it cannot rewrite the status line")
    func hostileTitle() throws {
        let secret = try directory.write(Data("x".utf8), to: "t.txt")
        let pdf = directory.file("title.pdf")
        let title = "notes\r\u{1B}[2Krestored \"taxes\"\u{202E}"
        #expect(try run(["vault", "backup", secret, "--title", title, "-o", pdf, "--rounds", "210000"]).status == 0)
        let restore = try run(["vault", "restore", pdf, "-o", directory.file("t.out")])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.contains("restored \"notes\\u{D}\\u{1B}[2Krestored \"taxes\"\\u{202E}\" (1 bytes"), "\(restore.stderr)")
        #expect(!restore.stderr.contains("\r") && !restore.stderr.contains("\u{1B}"))
    }

    @Test("the password comes from a file too; a wrong one fails in one line and writes nothing")
    func passwords() throws {
        let note = try directory.write(Data("text note\n".utf8), to: "note.txt")
        let passwordFile = try directory.write(Data("from a file\n".utf8), to: "pw")
        let pdf = directory.file("note.pdf")
        #expect(try run(["vault", "backup", note, "-o", pdf, "--password-file", passwordFile, "--rounds", "210000"], password: nil).status == 0)
        let out = directory.file("note.out")
        let wrong = try run(["vault", "restore", pdf, "-o", out], password: "not it")
        #expect(wrong.status == 77)
        #expect(wrong.errorLines.last == "seqr: decryption failed: the password is wrong, or the backup was tampered with")
        #expect(!FileManager.default.fileExists(atPath: out))
        #expect(try run(["vault", "restore", pdf, "-o", out, "--password-file", passwordFile], password: nil).status == 0)
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "text note\n")
        let none = try run(["vault", "restore", pdf, "-o", directory.file("x")], password: nil)
        #expect(none.status == 64 && none.stderr.contains("no password"))
    }

    @Test("missing pages are named; mixed backups and foreign images are told apart")
    func incomplete() throws {
        let big = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let pages = directory.file("big/")
        #expect(try run(["vault", "backup", big, "-o", pages, "--no-compress", "--rounds", "210000"]).status == 0)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        try #require(pngs.count >= 3)
        let partial = try run(["vault", "restore", pngs[0], pngs[2], "-o", directory.file("p.out")])
        #expect(partial.status == 65)
        #expect(partial.errorLines.last?.contains("missing codes 7–12") == true, "\(partial.stderr)")

        let other = directory.file("other/")
        #expect(try run(["vault", "backup", big, "-o", other, "--no-compress", "--rounds", "210000"]).status == 0)
        // A page of another backup first: the rest never completes it, and the mix is reported.
        let mixed = try run(["vault", "restore", other + "page-001.png"] + pngs + ["-o", directory.file("m.out")])
        #expect(mixed.status == 65)
        #expect(mixed.errorLines.last == "seqr: codes from 2 different backups were mixed; scan the codes of one backup only")

        let plain = directory.file("plain.png")
        _ = try SeqrBinary.run("encode", "--text", "https://example.org", "-o", plain)
        let foreign = try run(["vault", "restore", plain, "-o", directory.file("f.out")])
        #expect(foreign.status == 65)
        #expect(foreign.errorLines.last == "seqr: no vault code was found")
    }

    @Test("restore reports each picture, looks again at pages the count cut short and with every pass only at short pages while codes are missing, and names files not needed")
    func progress() throws {
        let big = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let pages = directory.file("big/")
        #expect(try run(["vault", "backup", big, "-o", pages, "--no-compress", "--rounds", "210000", "--survive-pages", "0", "--no-restore-program"]).status == 0)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        try #require(pngs.count == 4)  // 21 codes: six a page, three on the last
        let partial = try run(["vault", "restore", pngs[3], pngs[0], "-o", directory.file("p.out")])
        #expect(partial.status == 65)
        #expect(partial.errorLines == [
            "seqr: \(pngs[3]): +3 codes; 3 of 21 found; missing 1–18",
            "seqr: \(pngs[0]): +6 codes; 9 of 21 found; missing 7–18",
            "seqr: \(pngs[0]) (read again): +0 codes; 9 of 21 found; missing 7–18",
            "seqr: \(pngs[3]) (read again, every pass): +0 codes; 9 of 21 found; missing 7–18",
            "seqr: 9 of 21 codes found; missing codes 7–18",
        ])
        let out = directory.file("c.out")
        let complete = try run(["vault", "restore"] + pngs + [pngs[0], "-o", out])
        #expect(complete.status == 0)
        #expect(complete.errorLines.suffix(3) == [
            "seqr: \(pngs[3]): +3 codes; 21 of 21 found",
            "seqr: all codes found; 1 more file not needed",
            "seqr: restored \"big.bin\" (40000 bytes, bytes) to \(out)",
        ])
    }

    @Test("with --redundancy 40% any 40% of the codes may be lost, a whole page among them")
    func redundancy() throws {
        let secret = try directory.write(Data((0..<30_000).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 13) }), to: "r.bin")
        let pages = directory.file("r/")
        let backup = try run(["vault", "backup", secret, "-o", pages, "--redundancy", "40%", "--no-compress", "--rounds", "210000", "--json"])
        let summary = try JSONSerialization.jsonObject(with: backup.stdout) as? [String: Any]
        let codes = try #require(summary?["codes"] as? Int), parity = try #require(summary?["parityCodes"] as? Int)
        // 16 data codes: 11 parity codes, any 11 of the 27 (40.7%) may be lost; 10 would be 38.5% of 26.
        #expect(Double(parity) >= 0.4 * Double(codes + parity) && Double(parity - 1) < 0.4 * Double(codes + parity - 1))
        #expect(summary?["survivesCodes"] as? Int == parity && (summary?["survivesPages"] as? Int ?? 0) >= 1)
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        let out = directory.file("r.out")
        let restore = try run(["vault", "restore"] + pngs.dropFirst() + ["-o", out])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.contains("rebuilt from parity"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: secret)))
        let bad = try run(["vault", "backup", secret, "-o", directory.file("x.pdf"), "--redundancy", "lots"])
        #expect(bad.status != 0 && bad.stderr.contains("--redundancy must be a percentage"))
        let tooMuch = try run(["vault", "backup", secret, "-o", directory.file("x.pdf"), "--redundancy", "100%"])
        #expect(tooMuch.status != 0 && tooMuch.stderr.contains("from 0% to 90%"))
    }

    @Test("by default a backup of several pages survives the loss of any one page; beyond that, restore says how many more codes it needs")
    func anyOnePage() throws {
        let big = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let pages = directory.file("big/")
        let backup = try run(["vault", "backup", big, "-o", pages, "--no-compress", "--rounds", "210000", "--no-restore-program"])
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.errorLines.contains("seqr: any 1 whole page or any 6 codes may be lost"), "\(backup.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        try #require(pngs.count == 5)  // 21 data codes and 6 parity codes, six a page
        for lost in pngs.indices {
            let out = directory.file("one-\(lost).out")
            let restore = try run(["vault", "restore"] + pngs.enumerated().filter { $0.offset != lost }.map(\.element) + ["-o", out])
            #expect(restore.status == 0, "page \(lost + 1) lost: \(restore.stderr)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == Data(contentsOf: URL(fileURLWithPath: big)))
        }
        // Pages 1 and 2 lost: 12 data codes, of which the 6 parity codes rebuild 6.
        let two = try run(["vault", "restore"] + pngs.dropFirst(2) + ["-o", directory.file("two.out")])
        #expect(two.status == 65)
        #expect(two.errorLines.last == "seqr: 9 of 21 codes and 6 of 6 parity codes found; 6 more codes needed (any of the missing ones: codes 1–12 or their parity); pages 1–2 not read", "\(two.stderr)")
        let json = try run(["vault", "backup", big, "-o", directory.file("b.pdf"), "--no-compress", "--rounds", "210000", "--survive-pages", "2", "--json", "--no-restore-program"])
        let summary = try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any]
        #expect(summary?["survivesPages"] as? Int == 2 && summary?["parityCodes"] as? Int == 12 && summary?["pages"] as? Int == 6)
    }

    @Test("a 50 MB input is refused at once, before the password and the KDF, with the page estimate; --max-pages lets a large backup through")
    func pageLimit() throws {
        let urandom = try #require(FileHandle(forReadingAtPath: "/dev/urandom"))
        let huge = try directory.write(urandom.readData(ofLength: 50_000_000), to: "huge.bin")
        // No password anywhere: had it got as far as asking, it would fail with "no password".
        let refused = try run(["vault", "backup", huge, "-o", directory.file("huge.pdf")], password: nil)
        #expect(refused.status == 65)
        let line = try #require(refused.errorLines.last)
        // The processor time the refusal took (bash's `times`: the child's user and system time),
        // not the wall clock, which a loaded machine stretches.
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SEQR_PASSWORD")
        let timed = try ExternalTool.named("bash").run(["-c", "\"$0\" \"$@\" 2>/dev/null; times", SeqrBinary.tool.path, "vault", "backup", huge, "-o", directory.file("huge.pdf")],
                                                        environment: environment)
        let childTimes = timed.stdoutText.split(separator: "\n").last?.split(separator: " ").map { word -> Double in
            let parts = word.dropLast().split(separator: "m")  // "0m0.079s"
            return (Double(parts.first ?? "0") ?? 0) * 60 + (Double(parts.last ?? "0") ?? 0)
        } ?? []
        let seconds = childTimes.reduce(0, +)
        #expect(childTimes.count == 2, "\(timed.stdoutText)")
        let words = line.split(separator: " ")
        let estimate = try #require(words.firstIndex(of: "about").flatMap { Int(words[$0 + 1]) }, "\(line)")
        #expect(line == "seqr: \(huge): the backup would take about \(estimate) pages, more than --max-pages 50; give --max-pages \(estimate) to print it anyway")
        #expect(estimate > 4_000, "\(line)")  // 50 MB at about 11.6 KB a page
        // The estimate compresses the 50 MB once at brotli's probe quality (0.3–0.6 s of processor
        // time alone, about twice that beside the whole suite); the backup it refuses would take
        // minutes, so 5 s still tells the two apart.
        #expect(seconds < 5, "took \(seconds) s of processor time")
        #expect(!FileManager.default.fileExists(atPath: directory.file("huge.pdf")))

        let medium = try directory.write(urandom.readData(ofLength: 150_000), to: "medium.bin")
        let limited = try run(["vault", "backup", medium, "-o", directory.file("m.pdf"), "--max-pages", "5", "--rounds", "210000"])
        #expect(limited.status == 65 && limited.errorLines.last?.contains("more than --max-pages 5") == true, "\(limited.stderr)")
        let limitedWords = try #require(limited.errorLines.last?.split(separator: " "))
        let pages = try #require(limitedWords.firstIndex(of: "about").flatMap { Int(limitedWords[$0 + 1]) })
        let allowed = try run(["vault", "backup", medium, "-o", directory.file("m.pdf"), "--max-pages", String(pages), "--rounds", "210000", "--json", "--no-restore-program"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        let summary = try JSONSerialization.jsonObject(with: allowed.stdout) as? [String: Any]
        let actual = try #require(summary?["pages"] as? Int)
        #expect(actual <= pages && actual >= pages - 1, "estimated \(pages), printed \(actual)")
    }

    @Test("a progress bar per page written and read on a terminal; none when piped; nothing but errors with --quiet")
    func progressBar() throws {
        let big = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let pages = directory.file("tty/")
        // `script` gives the command a terminal; its own output is what the terminal showed.
        let script = try ExternalTool.named("script")
        func quoted(_ words: [String]) -> String { words.map { "'\($0)'" }.joined(separator: " ") }
        let onTerminal = try script.run(["-qec", quoted([SeqrBinary.tool.path, "vault", "backup", big, "-o", pages, "--no-compress", "--rounds", "210000", "--no-restore-program"]), "/dev/null"],
                                        environment: ProcessInfo.processInfo.environment.merging(["SEQR_PASSWORD": "correct horse"]) { $1 })
        #expect(onTerminal.status == 0)
        #expect(onTerminal.stdoutText.contains("writing pages [" + String(repeating: "#", count: 24) + "] 5/5"), "\(onTerminal.stdoutText)")
        #expect(onTerminal.stdoutText.contains("writing pages [####") && onTerminal.stdoutText.contains("] 1/5"))
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).sorted().map { pages + $0 }
        let restoredOnTerminal = try script.run(["-qec", quoted([SeqrBinary.tool.path, "vault", "restore"] + pngs + ["-o", directory.file("t.out")]), "/dev/null"],
                                                environment: ProcessInfo.processInfo.environment.merging(["SEQR_PASSWORD": "correct horse"]) { $1 })
        #expect(restoredOnTerminal.status == 0)
        #expect(restoredOnTerminal.stdoutText.contains("reading codes [######"), "\(restoredOnTerminal.stdoutText)")

        let piped = try run(["vault", "backup", big, "-o", directory.file("p/"), "--no-compress", "--rounds", "210000"])
        // Piped: no bar, but a plain line per tenth of the pages.
        #expect(piped.status == 0 && !piped.stderr.contains("\r") && piped.stderr.contains("writing pages: 100 % ("), "\(piped.stderr)")
        let restorePiped = try run(["vault", "restore"] + pngs + ["-o", directory.file("p.out")])
        #expect(restorePiped.status == 0 && !restorePiped.stderr.contains("\r") && !restorePiped.stderr.contains("reading codes"))
        let quiet = try run(["vault", "backup", big, "-o", directory.file("q/"), "--no-compress", "--rounds", "210000", "--quiet"])
        // Only the warning that the original app cannot read a binary file stays.
        #expect(quiet.status == 0 && quiet.errorLines == ["seqr: \(big) is not UTF-8 text: Seqr restores it, but the original PaperVault app will not read this backup"], "\(quiet.stderr)")
        let quietRestore = try run(["vault", "restore"] + pngs + ["-o", directory.file("q.out"), "-q"])
        #expect(quietRestore.status == 0 && quietRestore.stderr.isEmpty, "\(quietRestore.stderr)")
    }

    @Test("restoring one PDF with standard error piped reports its pages as they are read, before the file's line")
    func pdfProgressWhenPiped() throws {
        let big = try directory.write(Data((0..<60_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 5) }), to: "pdf-progress.bin")
        let pdf = directory.file("pdf-progress.pdf")
        let backup = try run(["vault", "backup", big, "-o", pdf, "--no-compress", "--rounds", "210000", "--no-restore-program", "-q"])
        try #require(backup.status == 0, "\(backup.stderr)")
        let restore = try run(["vault", "restore", pdf, "-o", directory.file("pdf-progress.out")])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("pdf-progress.out"))) == Data(contentsOf: URL(fileURLWithPath: big)))
        // A plain line per tenth of the codes while the PDF's pages are drawn and read, then the file's line.
        let lines = restore.errorLines
        let tenths = lines.indices.filter { lines[$0].hasPrefix("seqr: reading codes: ") && lines[$0].contains(" % (") }
        let fileLine = try #require(lines.firstIndex { $0.hasPrefix("seqr: \(pdf): +") }, "\(restore.stderr)")
        #expect(tenths.count >= 5 && tenths.allSatisfy { $0 < fileLine } && !restore.stderr.contains("\r"), "\(restore.stderr)")
    }

    @Test("refuses weak rounds, unknown outputs, and overwriting without --force")
    func refusals() throws {
        let note = try directory.write(Data("x".utf8), to: "n.txt")
        let weak = try run(["vault", "backup", note, "-o", directory.file("w.pdf"), "--rounds", "1000"])
        #expect(weak.status != 0 && weak.stderr.contains("from 210,000"))
        let gif = try run(["vault", "backup", note, "-o", directory.file("w.gif"), "--rounds", "210000"])
        #expect(gif.status != 0 && gif.stderr.contains("give a .pdf file"))
        let pdf = directory.file("n.pdf")
        #expect(try run(["vault", "backup", note, "-o", pdf, "--rounds", "210000"]).status == 0)
        let existing = try directory.write(Data("keep me".utf8), to: "existing.txt")
        let clobber = try run(["vault", "restore", pdf, "-o", existing])
        #expect(clobber.status == 73 && clobber.stderr.contains("use --force"))
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "keep me")
        #expect(try run(["vault", "restore", pdf, "-o", existing, "--force"]).status == 0)
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "x")
    }

    @Test("backup refuses to replace a backup without --force; with --force no page of the older backup is left beside the new one")
    func replacingBackups() throws {
        let big = try directory.write(Data((0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 7) }), to: "big.bin")
        let note = try directory.write(Data("new\n".utf8), to: "note.txt")
        let pages = directory.file("pages/")
        #expect(try run(["vault", "backup", big, "-o", pages, "--no-compress", "--rounds", "210000"]).status == 0)
        let old = try FileManager.default.contentsOfDirectory(atPath: pages).sorted()
        try #require(old.count >= 3)
        let keep = try directory.write(Data("mine".utf8), to: "pages/page-notes.txt")
        let other = try directory.write(Data("mine".utf8), to: "pages/page-1.png")

        let refused = try run(["vault", "backup", note, "-o", pages, "--rounds", "210000"])
        #expect(refused.status == 73)
        #expect(refused.errorLines == ["seqr: \(pages) holds the pages of a backup; use --force to replace them"], "\(refused.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages).sorted() == (old + ["page-1.png", "page-notes.txt"]).sorted())

        #expect(try run(["vault", "backup", note, "-o", pages, "--rounds", "210000", "--force", "--no-restore-program"]).status == 0)
        // Only the pattern Seqr writes (page-NNN.png) is removed; the user's other files stay.
        #expect(try FileManager.default.contentsOfDirectory(atPath: pages).sorted() == ["page-001.png", "page-1.png", "page-notes.txt"])
        #expect(FileManager.default.fileExists(atPath: keep) && FileManager.default.fileExists(atPath: other))
        let restored = directory.file("restored.txt")
        #expect(try run(["vault", "restore", pages + "page-001.png", "-o", restored]).status == 0)
        #expect(try String(contentsOfFile: restored, encoding: .utf8) == "new\n")

        let pdf = directory.file("b.pdf")
        #expect(try run(["vault", "backup", big, "-o", pdf, "--rounds", "210000"]).status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: pdf))
        let again = try run(["vault", "backup", note, "-o", pdf, "--rounds", "210000"])
        #expect(again.status == 73 && again.errorLines == ["seqr: \(pdf) exists; use --force to overwrite it"], "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) == before)
        #expect(try run(["vault", "backup", note, "-o", pdf, "--rounds", "210000", "--force"]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)) != before)
    }
}
