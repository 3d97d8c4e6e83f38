import Foundation
@testable import SeqrCore
import SeqrTestSupport
import Testing

/// `seqr vault backup --shares K-of-N` and `restore --share`, and the restore program printed on a
/// backup's last pages run on zbarimg's reading of the pages (issue 18).
@Suite("seqr vault key sheets")
struct VaultKeySheetsCLITests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func run(_ arguments: [String], password: String? = nil) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SEQR_PASSWORD")
        if let password { environment["SEQR_PASSWORD"] = password }
        return try SeqrBinary.tool.run(arguments, environment: environment)
    }

    func contents(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The sheet's words as a person reads them off the printed page (pdftotext), one per line.
    func typedWords(from sheetPDF: String) throws -> String {
        let text = try ExternalTool.named("pdftotext").run(["-layout", sheetPDF, "-"]).stdoutText
        var words: [Int: String] = [:]
        let pattern = /(\d{1,2})\. ([a-z]{4,8})/
        for match in text.matches(of: pattern) { words[Int(match.1)!] = String(match.2) }
        return (1...words.count).map { words[$0] ?? "?" }.joined(separator: "\n") + "\n"
    }

    @Test("2-of-3 as PNG pages: any two sheets restore, as photos or typed words; one sheet says one more is needed")
    func twoOfThree() throws {
        let secret = try directory.write(Data("seed: abandon ability able about above absent\n".utf8), to: "wallet.txt")
        let pages = directory.file("pages/")
        let backup = try run(["vault", "backup", secret, "--shares", "2-of-3", "-o", pages, "--json"], password: "set but not used")
        #expect(backup.status == 0, "\(backup.stderr)")
        let summary = try JSONSerialization.jsonObject(with: backup.stdout) as? [String: Any]
        let sheets = summary?["keySheets"] as? [String: Any]
        #expect(sheets?["threshold"] as? Int == 2 && sheets?["count"] as? Int == 3 && sheets?["password"] as? Bool == false)
        #expect(summary?["rounds"] as? Int == 0 && (summary?["restoreProgramPages"] as? Int ?? 0) >= 2)
        let files = try #require(sheets?["files"] as? [String])
        #expect(files == (1...3).map { pages + "key-sheet-\($0).png" })
        for file in files {
            let mode = try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int
            #expect(mode == 0o600, "a key sheet is part of the key: \(file)")
        }
        let pngs = try FileManager.default.contentsOfDirectory(atPath: pages).filter { $0.hasPrefix("page-") }.sorted().map { pages + $0 }

        let out = directory.file("out.txt")
        let restored = try run(["vault", "restore"] + pngs + ["--share", files[2], "--share", files[0], "-o", out])
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try contents(out) == contents(secret))

        let one = try run(["vault", "restore"] + pngs + ["--share", files[1], "-o", directory.file("one.txt")])
        #expect(one.status == 65 && one.errorLines.last == "seqr: key sheets: 1 of 2 shares: 1 more needed", "\(one.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("one.txt")))
        let none = try run(["vault", "restore"] + pngs + ["-o", directory.file("none.txt")], password: "a password")
        #expect(none.status == 64 && none.errorLines.last == "seqr: this backup's key is split into 3 key sheets: give any 2 with --share (a password alone cannot open it)")
    }

    @Test("PDF sheets with a password: words typed from a sheet work; a mistyped word, a sheet of another backup, a forged sheet and a wrong password each fail in one line and write nothing")
    func pdfWithPassword() throws {
        let secret = try directory.write(Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }), to: "key.bin")
        let pdf = directory.file("backup.pdf")
        let made = try run(["vault", "backup", secret, "--shares", "2-of-3", "--password", "--rounds", "210000", "-o", pdf], password: "Grüße")
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stderr.contains("any 2 restore, with the password"))
        let sheets = (1...3).map { directory.file("backup-key-sheet-\($0).pdf") }
        #expect(sheets.allSatisfy { FileManager.default.fileExists(atPath: $0) })
        let typed = try directory.write(Data(typedWords(from: sheets[1]).utf8), to: "words.txt")

        let out = directory.file("out.bin")
        let ok = try run(["vault", "restore", pdf, "--share", typed, "--share", sheets[2], "-o", out], password: "Gru\u{308}ße")
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(try contents(out) == contents(secret))

        func refused(_ shares: [String], password: String?, _ expected: String) throws {
            let target = directory.file("refused.bin")
            let outcome = try run(["vault", "restore", pdf] + shares.flatMap { ["--share", $0] } + ["-o", target], password: password)
            #expect(outcome.status != 0)
            #expect(outcome.errorLines.last.map(String.init) == expected, "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target))
        }
        try refused([typed, sheets[2]], password: "Grusse",
                    "seqr: decryption failed: a key sheet is forged or damaged, the password is wrong, or the backup was tampered with")
        try refused([typed, sheets[2]], password: nil, "seqr: no password: run on a terminal, or use --password-file or SEQR_PASSWORD")

        var words = try String(contentsOfFile: typed, encoding: .utf8).split(separator: "\n").map(String.init)
        words[9] = words[9] == "academic" ? "acid" : "academic"
        let mistyped = try directory.write(Data(words.joined(separator: " ").utf8), to: "mistyped.txt")
        try refused([mistyped, sheets[0]], password: "Grüße", "seqr: \(mistyped): checksum mismatch: a word is mistyped, missing, or two words are swapped")

        let other = directory.file("other.pdf")
        #expect(try run(["vault", "backup", secret, "--shares", "2-of-3", "-o", other]).status == 0)
        let share = try KeyShare(reading: Array(typedWords(from: sheets[0]).utf8))
        var otherShare = try KeyShare(reading: Array(typedWords(from: directory.file("other-key-sheet-1.pdf")).utf8))
        if otherShare.identifier != share.identifier {
            try refused([sheets[0], directory.file("other-key-sheet-1.pdf")], password: "Grüße",
                        "seqr: key sheet 2 belongs to another backup: its backup id is \(otherShare.identifier), these pages' is \(share.identifier)")
        }
        // A whole forged set, relabelled with this backup's id: every sheet check passes, the cipher refuses.
        let impostors = try KeySheets.split(secret: SecureRandom.bytes(32), threshold: 2, count: 3)
        var forgedFiles: [String] = []
        for (index, impostor) in impostors.prefix(2).enumerated() {
            otherShare = KeyShare(identifier: share.identifier, extendable: true, iterationExponent: impostor.iterationExponent,
                                  memberIndex: impostor.memberIndex, memberThreshold: 2, value: impostor.value)
            forgedFiles.append(try directory.write(Data(otherShare.mnemonic.utf8), to: "forged-\(index).txt"))
        }
        try refused(forgedFiles, password: "Grüße",
                    "seqr: decryption failed: a key sheet is forged or damaged, the password is wrong, or the backup was tampered with")
        let forgedStatus = try run(["vault", "restore", pdf, "--share", forgedFiles[0], "--share", forgedFiles[1], "-o", directory.file("f.bin")], password: "Grüße")
        #expect(forgedStatus.status == 77)
        // Sheets for a backup that has only a password.
        let plain = directory.file("plain.pdf")
        #expect(try run(["vault", "backup", secret, "--rounds", "210000", "-o", plain], password: "pw").status == 0)
        let wrongKind = try run(["vault", "restore", plain, "--share", sheets[0], "-o", directory.file("w.bin")], password: "pw")
        #expect(wrongKind.errorLines.last == "seqr: this backup is opened with a password, not with key sheets")
    }

    @Test("sheets are never silently replaced; --force replaces them and removes the older backup's extra sheets")
    func replacing() throws {
        let secret = try directory.write(Data("x\n".utf8), to: "x.txt")
        let pdf = directory.file("b.pdf")
        #expect(try run(["vault", "backup", secret, "--shares", "3-of-5", "-o", pdf]).status == 0)
        try FileManager.default.removeItem(atPath: pdf)
        let again = try run(["vault", "backup", secret, "--shares", "2-of-3", "-o", pdf])
        #expect(again.status == 73 && again.errorLines.last == "seqr: \(directory.file("b-key-sheet-1.pdf")) exists; use --force to replace the key sheets")
        #expect(try run(["vault", "backup", secret, "--shares", "2-of-3", "--force", "-o", pdf]).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains("key-sheet") }.sorted()
        #expect(left == ["b-key-sheet-1.pdf", "b-key-sheet-2.pdf", "b-key-sheet-3.pdf"])

        for bad in ["1-of-3", "4-of-3", "2-of-17", "two-of-three"] {
            let outcome = try run(["vault", "backup", secret, "--shares", bad, "--force", "-o", pdf])
            #expect(outcome.status == 64 && outcome.stderr.contains("--shares"), "\(bad): \(outcome.stderr)")
        }
        // The label on the sheets: the title by default, --sheet-label instead; the pages never print it.
        #expect(try run(["vault", "backup", secret, "--shares", "2-of-3", "--title", "secret title", "--sheet-label", "Grandma's box",
                         "--no-restore-program", "--force", "-o", pdf]).status == 0)
        let pdftotext = try ExternalTool.named("pdftotext")
        let sheetText = try pdftotext.run([directory.file("b-key-sheet-2.pdf"), "-"]).stdoutText
        #expect(sheetText.contains("Grandma's box") && !sheetText.contains("secret title") && !sheetText.contains("Without Seqr"))
        let pageText = try pdftotext.run([pdf, "-"]).stdoutText
        #expect(!pageText.contains("secret title") && !pageText.contains("Grandma") && !pageText.contains("Without Seqr"))

        let lonePassword = try run(["vault", "backup", secret, "--password", "--force", "-o", pdf], password: "pw")
        #expect(lonePassword.status == 64 && lonePassword.stderr.contains("--password goes with --shares"))
    }

    /// Runs the program printed on the PDF's last pages, rebuilt from the PDF's words, on zbarimg's
    /// reading of the pages (and sheets), as someone without Seqr would: each page at 200 and at
    /// 300 dpi, as the program's instructions say, since zbarimg misses about one large code in a
    /// hundred at any one size.
    func restoreWithoutSeqr(_ pdf: String, sheets: [String], password: String?, into name: String) throws -> ExternalTool.Outcome {
        let program = directory.file("\(name).py")
        let hashes = try ExternalTool.named("python3").run([KeySheetReference.script("extract_restore_program.py"), pdf, program]).stdoutText
        let parts = hashes.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        #expect(parts.count == 2 && parts[0] == parts[1], "the rebuilt program hashes to the printed SHA-256")
        let pdftoppm = try ExternalTool.named("pdftoppm"), zbarimg = try ExternalTool.named("zbarimg")
        func codes(of file: String, as stem: String, resolutions: [String] = ["200"]) throws -> Data {
            for resolution in resolutions {
                #expect(try pdftoppm.run(["-r", resolution, "-png", file, directory.file("\(stem)-\(resolution)")]).status == 0)
            }
            let images = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(stem + "-") && $0.hasSuffix(".png") }.sorted()
            return try zbarimg.run(["--raw", "-Sbinary", "-q"] + images.map(directory.file)).stdout
        }
        let codesFile = try directory.write(codes(of: pdf, as: "\(name)-page", resolutions: ["200", "300"]), to: "\(name)-codes.bin")
        var shareArguments: [String] = []
        for (index, sheet) in sheets.enumerated() {
            shareArguments += ["--share", try directory.write(codes(of: sheet, as: "\(name)-sheet\(index)"), to: "\(name)-share\(index).bin")]
        }
        var environment = ProcessInfo.processInfo.environment
        environment.removeValue(forKey: "SEQR_PASSWORD")
        if let password { environment["SEQR_PASSWORD"] = password }
        return try ExternalTool.named("python3").run([program, codesFile, "-o", directory.file("\(name).out")] + shareArguments, environment: environment)
    }

    @Test("the printed program restores without Seqr: a password backup with parity codes, and a 2-of-3 backup with a password from two sheets")
    func printedProgram() throws {
        let secret = try directory.write(Data((0..<12_000).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 5) }), to: "doc.bin")
        let withParity = directory.file("parity.pdf")
        #expect(try run(["vault", "backup", secret, "--rounds", "210000", "--redundancy", "50%", "--no-compress", "-o", withParity], password: "pässword").status == 0)
        let first = try restoreWithoutSeqr(withParity, sheets: [], password: "pässword", into: "parity")
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try contents(directory.file("parity.out")) == contents(secret))

        let shared = directory.file("shared.pdf")
        #expect(try run(["vault", "backup", secret, "--shares", "2-of-3", "--password", "--rounds", "210000", "-o", shared], password: "Grüße").status == 0)
        let second = try restoreWithoutSeqr(shared, sheets: [directory.file("shared-key-sheet-3.pdf"), directory.file("shared-key-sheet-1.pdf")],
                                            password: "Gru\u{308}ße", into: "shared")
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try contents(directory.file("shared.out")) == contents(secret))

        let oneSheet = try restoreWithoutSeqr(shared, sheets: [directory.file("shared-key-sheet-2.pdf")], password: "Grüße", into: "short")
        #expect(oneSheet.status == 1 && oneSheet.stderr == "seqr-restore: 1 key sheets given, 2 needed\n")
        #expect(!FileManager.default.fileExists(atPath: directory.file("short.out")))

        // `seqr vault restore-program` prints the same program.
        #expect(try run(["vault", "restore-program"]).stdout == Data(VaultRestoreProgram.source.utf8))
    }
}

enum KeySheetReference {
    static func script(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Reference").appendingPathComponent(name).path
    }
}

@Suite("seqr vault through standard input and output")
struct VaultStandardStreamsCLITests {
    @Test("backup - -o - writes the PDF to standard output, restore - reads it back; -o - with key sheets is refused")
    func pipes() throws {
        let secret = Data((0..<3_000).map { UInt8(truncatingIfNeeded: $0 &* 11) })
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "piped"
        let backup = try SeqrBinary.tool.run(["vault", "backup", "-", "--rounds", "210000", "-o", "-"], stdin: secret, environment: environment)
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stdout.starts(with: Data("%PDF".utf8)))
        #expect(backup.stderr.contains("standard input is not UTF-8 text") && backup.stderr.contains("wrote the PDF to standard output"))
        let restore = try SeqrBinary.tool.run(["vault", "restore", "-", "-o", "-"], stdin: backup.stdout, environment: environment)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout == secret)
        #expect(restore.stderr.contains("seqr: standard input: +"))
        let sheets = try SeqrBinary.tool.run(["vault", "backup", "-", "--shares", "2-of-3", "-o", "-"], stdin: secret, environment: environment)
        #expect(sheets.status == 64 && sheets.errorLines == ["seqr: -o - cannot carry key sheets, which are files of their own: give -o NAME.pdf"])
    }
}
