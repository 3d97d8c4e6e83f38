import Foundation
import SeqrTestSupport
import Testing

@Suite("seqr history")
struct HistoryCLITests {
    @Test("history of an identity with a passphrase needs it: none is 64, a wrong one 77, the right one shows the messages")
    func needsThePassphrase() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("sam")
        let phrase = try directory.write(Data("correct horse\n".utf8), to: "pp")
        let wrong = try directory.write(Data("wrong horse\n".utf8), to: "bad")
        #expect(try SeqrBinary.run("id", "init", "--name", "Sam", "--passphrase-file", phrase, "--store", store).status == 0)
        #expect(try SeqrBinary.run("channel", "create", "Diary", "--passphrase-file", phrase, "--store", store).status == 0)
        let posted = try SeqrBinary.run("post", "Diary", "--text", "private words", "-o", directory.file("m.png"), "--passphrase-file", phrase, "--store", store)
        try #require(posted.status == 0, "\(posted.stderr)")

        let locked = try SeqrBinary.run("history", "--store", store)
        #expect(locked.status == 64 && locked.stdoutText.isEmpty && locked.stderr.contains("passphrase"), "\(locked.status) \(locked.stdoutText)")
        let refused = try SeqrBinary.run("history", "--json", "--passphrase-file", wrong, "--store", store)
        #expect(refused.status == 77 && refused.stdoutText.isEmpty && refused.stderr.contains("wrong passphrase"))
        let shown = try SeqrBinary.run("history", "--passphrase-file", phrase, "--store", store)
        #expect(shown.status == 0 && shown.stdoutText.contains("private words"), "\(shown.stderr)")
    }

    @Test("history of an identity without a passphrase asks for none")
    func noPassphrase() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("tom")
        #expect(try SeqrBinary.run("id", "init", "--name", "Tom", "--no-passphrase", "--store", store).status == 0)
        let shown = try SeqrBinary.run("history", "--store", store)
        #expect(shown.status == 0 && shown.stdoutText == "no messages\n", "\(shown.stderr)")
    }
}
