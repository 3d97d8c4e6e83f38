import Foundation
import SeqrCore
import SeqrTestSupport
import Testing

/// Names travel in codes and are printed beside fingerprints: a crafted name must not be able
/// to hide or fake the real fingerprint on a terminal.
@Suite("seqr channel names on screen")
struct ChannelNameCLITests {
    @Test("a public-key code whose name holds terminal escapes is refused in one line; an ordinary one prints its fingerprint first, alone")
    func hostileName() throws {
        let directory = try TemporaryDirectory()
        let alice = PrivateIdentity.generate(name: "Mallory")
        let forged = PrivateIdentity.generate(name: "Mallory\u{1B}[2K\rAlice  7KQ2-M9XD-AAAA-BBBB")
        let hostile = try directory.write(Data(PublicKeyCode.encode(forged.publicIdentity)), to: "hostile.bin")
        let plain = try directory.write(Data(PublicKeyCode.encode(alice.publicIdentity)), to: "plain.bin")
        #expect(try SeqrBinary.run("encode", "--file", hostile, "-o", directory.file("hostile.png")).status == 0)
        #expect(try SeqrBinary.run("encode", "--file", plain, "-o", directory.file("plain.png")).status == 0)

        let refused = try SeqrBinary.run("scan", directory.file("hostile.png"), "--store", directory.file("bob"))
        #expect(!refused.stdoutText.contains("\u{1B}") && !refused.stderr.contains("\u{1B}"))
        #expect(refused.stderr.contains("U+001B"), "\(refused.stderr)")

        let shown = try SeqrBinary.run("scan", directory.file("plain.png"), "--store", directory.file("bob"))
        #expect(shown.status == 0, "\(shown.stderr)")
        let lines = shown.stdoutText.split(separator: "\n").map(String.init)
        #expect(lines.first == "fingerprint: \(alice.publicIdentity.fingerprint)", "\(shown.stdoutText)")
        #expect(lines.dropFirst().first?.hasSuffix("public key: Mallory") == true, "\(shown.stdoutText)")

        // Nor can one make such a name for oneself.
        let made = try SeqrBinary.run("id", "init", "--name", "Eve\u{202E}evE", "--no-passphrase", "--store", directory.file("eve"))
        #expect(made.status != 0 && made.errorLines.count == 1 && made.stderr.contains("U+202E"), "\(made.stderr)")
    }
}
