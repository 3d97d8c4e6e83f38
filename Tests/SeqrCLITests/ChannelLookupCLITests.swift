import Foundation
import SeqrTestSupport
import Testing

/// `channel create` keeps names usable by `post`, and the short ids `channel list` prints work.
@Suite("seqr channel names and short ids")
struct ChannelLookupCLITests {
    @Test("a duplicate or empty name is refused in one line; the short id from `channel list` posts")
    func namesAndShortIDs() throws {
        let directory = try TemporaryDirectory()
        let store = directory.file("alice")
        #expect(try SeqrBinary.run("id", "init", "--name", "Alice", "--no-passphrase", "--store", store).status == 0)
        #expect(try SeqrBinary.run("channel", "create", "Garden", "--store", store).status == 0)
        let again = try SeqrBinary.run("channel", "create", "Garden", "--store", store)
        #expect(again.status != 0 && again.errorLines.count == 1 && again.stderr.contains("already"), "\(again.stderr)")
        let empty = try SeqrBinary.run("channel", "create", "", "--store", store)
        #expect(empty.status != 0 && empty.errorLines.count == 1, "\(empty.stderr)")
        #expect(try SeqrBinary.run("post", "Garden", "--text", "hi", "-o", directory.file("a.png"), "--store", store).status == 0)

        let listed = try SeqrBinary.run("channel", "list", "--store", store)
        let line = try #require(listed.stdoutText.split(separator: "\n").first { $0.contains("Garden") })
        let shortID = try #require(line.split(separator: "(").last?.prefix(8))
        #expect(shortID.count == 8 && shortID.allSatisfy(\.isHexDigit), "\(line)")
        let posted = try SeqrBinary.run("post", String(shortID), "--text", "by id", "-o", directory.file("b.png"), "--store", store)
        #expect(posted.status == 0, "\(posted.stderr)")
    }
}
