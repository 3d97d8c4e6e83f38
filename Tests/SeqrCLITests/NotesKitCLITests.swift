import Foundation
import SeqrCore
import SeqrQR
import SeqrTestSupport
import Testing

/// `seqr notes kit` and `seqr notes recover` (docs/formats/notes.md, "Paper emergency kit"): a
/// 3-of-5 kit printed to a PDF; sheets 1, 4 and 5 as pictures sign in on another machine without
/// the password, set a new one and read every note, with no note rewritten; two sheets and an
/// older kit's sheets are refused with one line.
@Suite("seqr notes paper kit", .serialized)
struct NotesKitCLITests {
    typealias Server = NotesCLITests.Server

    func seqr(_ arguments: [String], password: String = "correct horse battery staple", extra: [String: String] = [:],
              stdin: Data? = nil) throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_NEW_PASSWORD", "SEQR_NOTES_SERVER"] { environment.removeValue(forKey: name) }
        environment["SEQR_PASSWORD"] = password
        environment.merge(extra) { $1 }
        return try SeqrBinary.tool.run(arguments, stdin: stdin, environment: environment)
    }

    /// Page `page` of `pdf` as a picture, as a phone or scanner would give it.
    func picture(_ pdf: String, page: Int, format: String, in directory: TemporaryDirectory) throws -> String {
        let stem = directory.file("sheet-\(page)")
        let outcome = try ExternalTool.named("pdftoppm").run(["-r", "150", "-f", "\(page)", "-l", "\(page)", "-singlefile", "-\(format)", pdf, stem])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        return stem + (format == "jpeg" ? ".jpg" : ".png")
    }

    @Test("print 3-of-5, recover with sheets 1, 4 and 5 as pictures and a new password: every note intact; 2 sheets and an older kit refused")
    func printAndRecover() throws {
        let directory = try TemporaryDirectory()
        let database = directory.file("server.sqlite")
        let server = try Server(database: database, log: directory.file("server.log"))
        defer { withExtendedLifetime(server) {} }
        let owner = ["--store", directory.file("owner")], heir = ["--store", directory.file("heir")]
        #expect(try seqr(["notes", "register", "alice", "--server", server.url, "--kdf-iterations", "210000"] + owner).status == 0)
        let notes = ["Bank": "IBAN DE00 1234", "Will": "in the blue folder", "Wi-Fi": "hunter2"]
        for (title, info) in notes { #expect(try seqr(["notes", "add", "--title", title, "--info", info] + owner).status == 0) }
        #expect(try seqr(["notes", "status"] + owner).stdoutText.contains("no paper kit"))

        let kit = directory.file("kit.pdf")
        let printed = try seqr(["notes", "kit", "--shares", "3-of-5", "-o", kit] + owner)
        #expect(printed.status == 0 && printed.stdoutText.contains("3-of-5 kit"), "\(printed.stderr)")
        #expect(try seqr(["notes", "status"] + owner).stdoutText.contains("paper kit printed "))
        #expect(try seqr(["notes", "unlock", "list"] + owner).stdoutText.contains("kit  "))
        // The same file is not replaced without --force, before any password is asked.
        #expect(try seqr(["notes", "kit", "--shares", "3-of-5", "-o", kit] + owner, password: "wrong").status == 73)
        let before = try NotesUnlockCLITests().noteRows(database)

        let one = try picture(kit, page: 1, format: "png", in: directory)
        let four = try picture(kit, page: 4, format: "png", in: directory)
        let five = try picture(kit, page: 5, format: "jpeg", in: directory)
        let two = try seqr(["notes", "recover", "--sheet", one, "--sheet", five] + heir, extra: ["SEQR_NEW_PASSWORD": "the heir's password"])
        #expect(two.status == 65 && two.errorLines == ["seqr: 2 of the 3 sheets this kit needs: 1 more needed"], "\(two.stderr)")

        // The heir knows no password: SEQR_PASSWORD is wrong on purpose, and unused.
        let recovered = try seqr(["notes", "recover", "--sheet", one, "--sheet", four, "--sheet", five] + heir, password: "not the password",
                                 extra: ["SEQR_NEW_PASSWORD": "the heir's password"])
        #expect(recovered.status == 0 && recovered.stdoutText.contains("3 notes read"), "\(recovered.stdoutText) \(recovered.stderr)")
        #expect(try NotesUnlockCLITests().noteRows(database) == before, "a recovery rewrites no note")
        for (title, info) in notes {
            #expect(try seqr(["notes", "show", title] + heir, password: "the heir's password").stdoutText == "\(title)\n\(info)\n")
        }
        // The owner's session ended, and the old password no longer signs in.
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + owner).status == 77)
        #expect(try seqr(["notes", "login", "alice", "--server", server.url] + owner, password: "the heir's password").status == 0)

        // A new kit revokes the old one: its sheets are refused with one line.
        let newKit = directory.file("kit2.pdf")
        #expect(try seqr(["notes", "kit", "--shares", "2-of-3", "-o", newKit] + owner, password: "the heir's password").status == 0)
        let old = try seqr(["notes", "recover", "--sheet", one, "--sheet", four, "--sheet", five] + heir, extra: ["SEQR_NEW_PASSWORD": "x"])
        #expect(old.status == 77 && old.errorLines.count == 1 && old.stderr.contains("a newer kit was printed"), "\(old.stderr)")

        // The new kit's words, typed (a damaged code): the server and account are then given.
        let typed = try KeyShare.read(fromFile: newKit).prefix(2).map(\.mnemonic).joined(separator: "\n") + "\n"
        let words = try seqr(["notes", "recover", "--words", "--server", server.url, "--username", "alice"] + heir,
                             extra: ["SEQR_NEW_PASSWORD": "typed later"], stdin: Data(typed.utf8))
        #expect(words.status == 0 && words.stdoutText.contains("3 notes read"), "\(words.stderr)")
        #expect(try seqr(["notes", "show", "Will"] + heir, password: "typed later").stdoutText == "Will\nin the blue folder\n")
    }
}
