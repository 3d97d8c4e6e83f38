import Foundation
import SeqrTestSupport
import Testing

/// Private keys and restored documents: mode 0600 from creation, under any umask, never
/// readable by others even for the moment before a chmod.
@Suite("seqr private files")
struct PrivateFileCLITests {
    let directory: TemporaryDirectory
    init() throws { directory = try TemporaryDirectory() }

    static func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    /// Runs seqr with umask 000, so only the mode a file is created with protects it.
    func seqrWithOpenUmask(_ arguments: [String], password: String = "correct horse") throws -> ExternalTool.Outcome {
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = password
        return try ExternalTool(path: "/bin/sh").run(["-c", "umask 000; exec \"$0\" \"$@\"", SeqrBinary.tool.path] + arguments, environment: environment)
    }

    /// Every file seqr creates in `directory` while running `arguments`, with the mode it was
    /// created with (from strace: what open(2) was asked for, before any later chmod).
    func creationModes(_ arguments: [String]) throws -> [(path: String, mode: String)] {
        let log = directory.file("strace.log")
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        let traced = try ExternalTool.named("strace").run(["-f", "-e", "trace=open,openat,creat", "-o", log, SeqrBinary.tool.path] + arguments,
                                                          environment: environment)
        try #require(traced.status == 0, "\(traced.stderr)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let pattern = /open(?:at)?\([^"]*"(?<path>[^"]+)", (?<flags>[A-Z_|]+), (?<mode>0[0-7]+)\)/
        return lines.compactMap { line in
            guard let match = line.firstMatch(of: pattern), match.flags.contains("O_CREAT"), match.path.hasPrefix(directory.path) else { return nil }
            return (String(match.path), String(match.mode))
        }
    }

    @Test("jws keygen creates the private key 0600 from the start, under umask 000 and with --force over a readable file")
    func keygen() throws {
        let key = directory.file("signing.pem")
        let made = try seqrWithOpenUmask(["jws", "keygen", "-o", key])
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try Self.mode(key) == 0o600)
        _ = FileManager.default.createFile(atPath: key, contents: Data("old".utf8), attributes: [.posixPermissions: 0o644])
        #expect(try seqrWithOpenUmask(["jws", "keygen", "-o", key, "--force"]).status == 0)
        #expect(try Self.mode(key) == 0o600)
        #expect(try String(contentsOfFile: key, encoding: .utf8).contains("PRIVATE KEY"))
        let refused = try seqrWithOpenUmask(["jws", "keygen", "-o", key])
        #expect(refused.status == 73 && refused.stderr.contains("exists"))

        let traced = directory.file("traced.pem")
        let created = try creationModes(["jws", "keygen", "-o", traced])
        let privateFiles = created.filter { !$0.path.contains(".pub.pem") }
        #expect(!privateFiles.isEmpty)
        for file in privateFiles { #expect(file.mode == "0600", "\(file.path) created \(file.mode)") }
        // Nothing is left behind but the key pair.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test("vault restore writes the document 0600 from the start, under umask 000")
    func restore() throws {
        let secret = try directory.write(Data("the combination is 12-34-56\n".utf8), to: "secret.txt")
        let backup = directory.file("backup.pdf")
        let made = try seqrWithOpenUmask(["vault", "backup", secret, "-o", backup, "--rounds", "210000"])
        try #require(made.status == 0, "\(made.stderr)")
        let restored = directory.file("restored.txt")
        let restore = try seqrWithOpenUmask(["vault", "restore", backup, "-o", restored])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try Self.mode(restored) == 0o600)
        #expect(try Data(contentsOf: URL(fileURLWithPath: restored)) == Data(contentsOf: URL(fileURLWithPath: secret)))

        let traced = directory.file("traced.txt")
        let created = try creationModes(["vault", "restore", backup, "-o", traced])
        #expect(!created.isEmpty)
        for file in created { #expect(file.mode == "0600", "\(file.path) created \(file.mode)") }
    }

    @Test("every other file is written the same way: whole, replacing the old one (with --force), 0644, no temporary file left")
    func sharedFiles() throws {
        let image = directory.file("code.png")
        #expect(try seqrWithOpenUmask(["encode", "--text", "first", "-o", image]).status == 0)
        let created = try creationModes(["encode", "--text", "second", "-o", image, "--force"])
        #expect(!created.isEmpty)
        for file in created { #expect(file.mode == "0644", "\(file.path) created \(file.mode)") }
        #expect(try Self.mode(image) == 0o644)
        #expect(try SeqrBinary.run("decode", image).stdoutText == "second\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != "strace.log" } == ["code.png"])
    }

    @Test("a one-character output name is written, not a crash (Foundation's path methods trap on it)")
    func oneCharacterName() throws {
        let secret = try directory.write(Data("short\n".utf8), to: "secret.txt")
        let backup = directory.file("backup.pdf")
        #expect(try seqrWithOpenUmask(["vault", "backup", secret, "-o", backup, "--rounds", "210000"]).status == 0)
        var environment = ProcessInfo.processInfo.environment
        environment["SEQR_PASSWORD"] = "correct horse"
        let restored = try ExternalTool(path: "/bin/sh").run(["-c", "cd \"$1\" && exec \"$0\" vault restore \"$2\" -o a", SeqrBinary.tool.path, directory.path, backup],
                                                             environment: environment)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory.file("a"))) == Data("short\n".utf8))
        #expect(try Self.mode(directory.file("a")) == 0o600)
    }

    @Test("a one-character store path (--store b) is a store, not a crash")
    func oneCharacterStore() throws {
        let result = try ExternalTool(path: "/bin/sh").run(["-c", "cd \"$1\" && exec \"$0\" id init --name Bea --no-passphrase --store b",
                                                            SeqrBinary.tool.path, directory.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: directory.file("b") + "/seqr.sqlite"))
    }
}
