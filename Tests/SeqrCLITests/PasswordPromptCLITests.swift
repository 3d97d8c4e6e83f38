import Foundation
import SeqrTestSupport
import Testing

/// The terminal prompt, driven through a pseudo-terminal (script(1)): each answer is typed only
/// once its prompt is on the screen, as a person would.
@Suite("seqr password prompt on a terminal", .serialized)
struct PasswordPromptCLITests {
    /// Runs `arguments` on a pseudo-terminal; for each (prompt, answer) waits for the prompt, then types the answer.
    func converse(_ arguments: [String], in directory: String, _ dialogue: [(String, String)]) throws -> (status: Int32, screen: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        let command = ([SeqrBinary.tool.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        process.arguments = ["-qec", command, "/dev/null"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        var environment = ProcessInfo.processInfo.environment
        for name in ["SEQR_PASSWORD", "SEQR_PASSPHRASE", "SEQR_NEW_PASSWORD"] { environment.removeValue(forKey: name) }
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        var screen = ""
        var answered: [String: Int] = [:]
        for (prompt, answer) in dialogue {
            // The same prompt comes again after a mismatch: wait for one more of it than was answered.
            while screen.components(separatedBy: prompt).count - 1 <= answered[prompt, default: 0] {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }  // the program ended
                screen += String(decoding: chunk, as: UTF8.self)
            }
            answered[prompt, default: 0] += 1
            // Never write to a program that has ended (the pipe would be broken).
            guard process.isRunning, screen.components(separatedBy: prompt).count - 1 >= answered[prompt, default: 0] else { break }
            input.fileHandleForWriting.write(Data((answer + "\n").utf8))
        }
        try? input.fileHandleForWriting.close()
        screen += String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, screen)
    }

    @Test("a new password whose two entries differ is asked again, not refused; after three tries it is a usage error")
    func mismatchAskedAgain() throws {
        let directory = try TemporaryDirectory()
        _ = try directory.write(Data("secret".utf8), to: "s.txt")
        let backup = ["vault", "backup", "s.txt", "-o", "b.pdf", "--rounds", "210000"]
        let asked = try converse(backup, in: directory.path, [
            ("Password: ", "long password one"), ("Password again: ", "long pasword one"),
            ("Password: ", "long password one"), ("Password again: ", "long password one"),
        ])
        #expect(asked.status == 0, "\(asked.screen)")
        #expect(asked.screen.contains("the two passwords differ; type it again"), "\(asked.screen)")
        #expect(FileManager.default.fileExists(atPath: directory.file("b.pdf")))

        let refused = try converse(backup + ["-o", "c.pdf"], in: directory.path, [
            ("Password: ", "a1"), ("Password again: ", "b1"), ("Password: ", "a2"), ("Password again: ", "b2"),
            ("Password: ", "a3"), ("Password again: ", "b3"),
        ])
        #expect(refused.status == 64 && refused.screen.contains("the two passwords differ (3 tries)"), "\(refused.screen)")
        #expect(!FileManager.default.fileExists(atPath: directory.file("c.pdf")))
    }
}
