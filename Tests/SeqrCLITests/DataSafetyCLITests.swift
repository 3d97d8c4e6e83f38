import Foundation
import SeqrQR
import SeqrTestSupport
import Testing

/// Issue 30: no mistake loses a backup or a message, and the help and exit statuses tell the truth.
// Serialized: each test blocks a thread while `seqr` runs (some for a minute), and the suite's
// eight at once would hold the whole thread pool from the other suites.
@Suite("seqr: mistakes lose nothing, promises hold", .serialized)
struct DataSafetyCLITests {
    let directory: TemporaryDirectory

    init() throws { directory = try TemporaryDirectory() }

    func seqr(_ arguments: [String], stdin: Data? = nil, environment extra: [String: String] = [:]) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD"] { environment.removeValue(forKey: name) }
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, stdin: stdin, environment: environment)
    }

    let password = ["SEQR_PASSWORD": "correct horse"]

    // MARK: vault backup

    @Test("backup refuses what restore would refuse, before the password; every option's extremes restore")
    func backupParametersRestore() throws {
        let secret = try directory.write(Data("the secret\n".utf8), to: "secret.txt")
        for rounds in ["60000000", "50000001", "209999"] {
            let refused = try seqr(["vault", "backup", secret, "-o", directory.file("r\(rounds).pdf"), "--rounds", rounds])
            #expect(refused.status == 64 && refused.stderr.contains("--rounds must be from 210,000 to 50,000,000"), "\(rounds): \(refused.stderr)")
        }
        let shares = try seqr(["vault", "backup", secret, "-o", directory.file("s.pdf"), "--shares", "1-of-3"])
        #expect(shares.status == 64 && shares.stderr.contains("N goes from 2 to 16 and K from 2 to N"), "\(shares.stderr)")
        let extremes: [[String]] = [
            ["--qr-version", "10", "--ec", "L", "--dpi", "72"],
            ["--qr-version", "40", "--ec", "H", "--paper", "letter"],
            ["--rounds", "210000", "--no-compress", "--survive-pages", "0"],
            ["--redundancy", "90%", "--no-restore-program"],
        ]
        for (number, options) in extremes.enumerated() {
            for output in [directory.file("x\(number).pdf"), directory.file("x\(number)/")] {
                let backup = try seqr(["vault", "backup", secret, "-o", output, "--rounds", "210000"] + options, environment: password)
                #expect(backup.status == 0, "\(options): \(backup.stderr)")
                let restored = directory.file("x\(number)-\(output.hasSuffix("/") ? "png" : "pdf").txt")
                let restore = try seqr(["vault", "restore", output, "-o", restored], environment: password)
                #expect(restore.status == 0, "\(options): \(restore.stderr)")
                #expect((try? String(contentsOfFile: restored, encoding: .utf8)) == "the secret\n")
            }
        }
        let sheets = try seqr(["vault", "backup", secret, "-o", directory.file("k16.pdf"), "--shares", "16-of-16", "-q"])
        #expect(sheets.status == 0, "\(sheets.stderr)")
        // -q hides the summary but never the warning that the sheet files decrypt the backup.
        #expect(sheets.errorLines.count == 1 && sheets.stderr.contains("delete these files"), "\(sheets.stderr)")
    }

    @Test("an unwritable output is reported before the password and the work; only the last folder is created, for PDF and PNG alike")
    func outputFoldersChecked() throws {
        let secret = try directory.write(Data("x".utf8), to: "secret.txt")
        // No password is given and there is no terminal: had the password come first, this would be 64.
        for output in [directory.file("no/such/pages/"), directory.file("no/such/b.pdf")] {
            let result = try seqr(["vault", "backup", secret, "-o", output])
            #expect(result.status == 73 && result.errorLines.count == 1, "\(output): \(result.stderr)")
        }
        #expect(try seqr(["vault", "backup", secret, "-o", directory.file("new/b.pdf"), "--rounds", "210000"], environment: password).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.file("new/b.pdf")))
        #expect(try seqr(["vault", "backup", secret, "-o", directory.file("newpages/"), "--rounds", "210000"], environment: password).status == 0)
        #expect(FileManager.default.fileExists(atPath: directory.file("newpages/page-001.png")))
    }

    @Test("Ctrl-C during a PNG-page backup leaves nothing that looks like a backup")
    func interruptedBackupLeavesNothing() throws {
        var random = SystemRandomNumberGenerator()
        let big = try directory.write(Data((0..<600_000).map { _ in UInt8.random(in: 0...255, using: &random) }), to: "big.bin")
        let passwordFile = try directory.write(Data("correct horse\n".utf8), to: "password")
        let pages = directory.file("pages/")
        let process = try BackgroundProcess(SeqrBinary.tool.path, ["vault", "backup", big, "-o", pages, "--rounds", "210000", "--max-pages", "200",
                                                                    "--password-file", passwordFile], logPath: directory.file("backup.log"))
        // Wait until pages are being written in the staging folder, then interrupt.
        let staging: String? = process.waitForLog(seconds: 60) { _ in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            return names.first { name in
                name.hasPrefix(".pages.partial-")
                    && ((try? FileManager.default.contentsOfDirectory(atPath: directory.file(name)))?.count ?? 0) >= 2
            }
        }
        #expect(staging != nil, "no staging folder appeared: \(process.log)")
        #expect(process.stop(SIGINT) == 130, "\(process.log)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        #expect(!left.contains { $0.hasPrefix(".pages.partial-") } && !left.contains("pages"), "\(left)")
        let restore = try seqr(["vault", "restore", pages, "-o", directory.file("out")], environment: password)
        #expect(restore.status == 66, "\(restore.stderr)")
    }

    @Test("restore reads a page folder, skips a broken picture when the others hold every code, names a duplicate sheet")
    func restoreGathers() throws {
        let secret = try directory.write(Data("folder\n".utf8), to: "secret.txt")
        #expect(try seqr(["vault", "backup", secret, "-o", directory.file("pages/"), "--rounds", "210000"], environment: password).status == 0)
        let broken = try directory.write(Data("\u{89}PNG\r\n\u{1A}\nbroken".utf8), to: "broken.png")
        let restore = try seqr(["vault", "restore", broken, directory.file("pages/"), "-o", directory.file("out.txt")], environment: password)
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stderr.contains("broken.png: skipped"), "\(restore.stderr)")
        #expect((try? String(contentsOfFile: directory.file("out.txt"), encoding: .utf8)) == "folder\n")
        // Alone, the broken picture cannot complete the backup: then it is the error.
        let alone = try seqr(["vault", "restore", broken, "-o", directory.file("out2.txt")], environment: password)
        #expect(alone.status != 0 && alone.stderr.contains("could not be read"), "\(alone.stderr)")

        #expect(try seqr(["vault", "backup", secret, "-o", directory.file("k.pdf"), "--shares", "2-of-3", "-q"]).status == 0)
        let twice = try seqr(["vault", "restore", directory.file("k.pdf"), "-o", directory.file("k.txt"),
                              "--share", directory.file("k-key-sheet-1.pdf"), "--share", directory.file("k-key-sheet-1.pdf")])
        #expect(twice.status == 64 && twice.stderr.contains("is the same key sheet (sheet 1)"), "\(twice.stderr)")
    }

    @Test("a backup reports progress as plain lines when standard error is not a terminal")
    func progressWithoutTerminal() throws {
        var random = SystemRandomNumberGenerator()
        let data = try directory.write(Data((0..<120_000).map { _ in UInt8.random(in: 0...255, using: &random) }), to: "data.bin")
        let backup = try seqr(["vault", "backup", data, "-o", directory.file("p/"), "--rounds", "210000"], environment: password)
        #expect(backup.status == 0, "\(backup.stderr)")
        #expect(backup.stderr.contains("writing pages: 100 %") && backup.stderr.contains("writing pages: 50 %"), "\(backup.stderr)")
        #expect(!backup.stderr.contains("\r"))
    }

    // MARK: -o -, overwrite rule, password pipes

    @Test("-o - is standard output in post, id show and channel share; nothing is recorded when no code was written")
    func standardOutputAndPost() throws {
        let store = ["--store", directory.file("store")]
        #expect(try seqr(["id", "init", "--name", "Alice", "--no-passphrase"] + store).status == 0)
        #expect(try seqr(["channel", "create", "Garden"] + store).status == 0)
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]
        let post = try seqr(["post", "Garden", "--text", "hi", "-o", "-"] + store)
        #expect(post.status == 0 && Array(post.stdout.prefix(4)) == png, "\(post.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "-"))
        let show = try seqr(["id", "show", "-o", "-"] + store)
        #expect(show.status == 0 && Array(show.stdout.prefix(4)) == png, "\(show.stderr)")
        let key = directory.file("me.png")
        #expect(try seqr(["id", "show", "-o", key] + store).status == 0)
        let share = try seqr(["channel", "share", "Garden", "--to", key, "-o", "-"] + store)
        #expect(share.status == 0 && Array(share.stdout.prefix(4)) == png, "\(share.stderr)")

        let before = try seqr(["history", "--json"] + store).stdoutText
        let missing = try seqr(["post", "Garden", "--text", "lost", "-o", directory.file("no/dir/m.png")] + store)
        #expect(missing.status == 73, "\(missing.stderr)")
        let tooLarge = try seqr(["post", "Garden", "--text", String(repeating: "a", count: 5000), "-o", directory.file("big.png")] + store)
        #expect(tooLarge.status != 0, "\(tooLarge.stderr)")
        #expect(try seqr(["history", "--json"] + store).stdoutText == before)
        // One overwrite rule: an existing file is refused without --force.
        let again = try seqr(["id", "show", "-o", key] + store)
        #expect(again.status == 73 && again.stderr.contains("--force"), "\(again.stderr)")
        #expect(try seqr(["id", "show", "-o", key, "--force"] + store).status == 0)
        let encoded = directory.file("e.png")
        #expect(try seqr(["encode", "--text", "a", "-o", encoded]).status == 0)
        let overwrite = try seqr(["encode", "--text", "b", "-o", encoded])
        #expect(overwrite.status == 73 && overwrite.stderr.contains("exists; use --force"), "\(overwrite.stderr)")
        #expect(try seqr(["encode", "--text", "b", "-o", encoded, "--force"]).status == 0)
    }

    @Test("id init, channel create, subscribe and unsubscribe: the result on standard output, the status on standard error")
    func resultsAndStatusLines() throws {
        let alice = ["--store", directory.file("alice")], bob = ["--store", directory.file("bob")]
        let made = try seqr(["id", "init", "--name", "Alice", "--no-passphrase"] + alice)
        let fingerprint = try seqr(["id", "show", "--json"] + alice).stdoutText
        #expect(made.status == 0 && made.stdoutText.hasPrefix("fingerprint: ") && made.stdoutText.split(separator: "\n").count == 1, "\(made.stdoutText)")
        #expect(fingerprint.contains(String(made.stdoutText.dropFirst(13).dropLast())) && made.stderr.hasPrefix("seqr: identity \"Alice\" created in "), "\(made.stderr)")
        let created = try seqr(["channel", "create", "Garden"] + alice)
        let id = created.stdoutText.trimmingCharacters(in: .newlines)
        #expect(created.status == 0 && id.count == 32 && id.allSatisfy(\.isHexDigit) && created.stderr == "seqr: channel \"Garden\" created\n", "\(created.stdoutText) \(created.stderr)")
        #expect(try seqr(["channel", "list", "--json"] + alice).stdoutText.contains(id))

        #expect(try seqr(["id", "init", "--name", "Bob", "--no-passphrase"] + bob).status == 0)
        let key = directory.file("bob.png"), share = directory.file("share.png")
        #expect(try seqr(["id", "show", "-o", key] + bob).status == 0)
        #expect(try seqr(["channel", "share", "Garden", "--to", key, "-o", share] + alice).status == 0)
        let subscribed = try seqr(["channel", "subscribe", share] + bob)
        #expect(subscribed.status == 0 && subscribed.stdoutText == made.stdoutText, "\(subscribed.stdoutText)")
        #expect(subscribed.stderr.hasPrefix("seqr: subscribed to \"Garden\" from Alice"), "\(subscribed.stderr)")
        let left = try seqr(["channel", "unsubscribe", "Garden"] + bob)
        #expect(left.status == 0 && left.stdout.isEmpty && left.stderr.hasPrefix("seqr: unsubscribed from \"Garden\""), "\(left.stderr)")
    }

    @Test("--password-file reads /dev/stdin and pipes")
    func passwordFromPipe() throws {
        let secret = try directory.write(Data("piped\n".utf8), to: "secret.txt")
        let backup = try seqr(["vault", "backup", secret, "-o", directory.file("b.pdf"), "--rounds", "210000", "--password-file", "/dev/stdin"],
                              stdin: Data("correct horse\n".utf8))
        #expect(backup.status == 0, "\(backup.stderr)")
        let restore = try seqr(["vault", "restore", directory.file("b.pdf"), "-o", "-", "--password-file", "/dev/stdin"], stdin: Data("correct horse\n".utf8))
        #expect(restore.status == 0 && restore.stdoutText == "piped\n", "\(restore.stderr)")
    }

    // MARK: small promises

    @Test("an empty QR code decodes; help for no command and a bare seqr are usage errors; a negative number gets its range")
    func smallPromises() throws {
        let empty = directory.file("empty.png")
        #expect(try seqr(["encode", "--text", "", "-o", empty]).status == 0)
        let decoded = try seqr(["decode", "--json", empty])
        #expect(decoded.status == 0 && decoded.stdoutText.contains("\"payloadBase64\" : \"\""), "\(decoded.stdoutText) \(decoded.stderr)")
        let nosuch = try seqr(["help", "nosuch"])
        #expect(nosuch.status == 64 && nosuch.errorLines == ["seqr: no command \"nosuch\" (see `seqr --help`)"], "\(nosuch.stderr)")
        #expect(try seqr(["help", "vault", "backup"]).status == 0)
        let bare = try seqr([])
        #expect(bare.status == 64 && bare.stderr.contains("SUBCOMMANDS") && bare.stdout.isEmpty, "\(bare.stderr)")
        #expect(try seqr(["notes"]).status == 64)
        let margin = try seqr(["encode", "--text", "a", "--margin", "-1", "-o", directory.file("m.png")])
        #expect(margin.status == 64 && margin.stderr.contains("--margin must be between 0 and 100"), "\(margin.stderr)")
    }

    @Test("seqr-server says in one line that its port is taken")
    func serverPortTaken() throws {
        let first = try NotesCLITests.Server(database: directory.file("a.sqlite"), log: directory.file("a.log"))
        let binary = URL(fileURLWithPath: SeqrBinary.tool.path).deletingLastPathComponent().appendingPathComponent("seqr-server").path
        let second = try ExternalTool(path: binary).run(["--database", directory.file("b.sqlite"), "--port", String(first.port)])
        #expect(second.status == 69, "\(second.stderr)")
        let lines = second.errorLines.filter { !$0.hasPrefix("{") }  // the JSON log lines before it
        #expect(lines == ["seqr-server: cannot listen on 127.0.0.1:\(first.port): the address is already in use (is another server running on that port?)"], "\(second.stderr)")
    }
}
