import ArgumentParser
import Foundation
import SeqrCLISupport
#if canImport(Glibc)
import Glibc
#endif

/// Where a secret comes from — a vault or account password, the identity's passphrase, a new
/// password: the first line of a file named by an option, else an environment variable, else
/// the terminal (typed without echo, twice when confirming). Never a plain command-line
/// argument, which other users of the machine could read in the process list.
///
/// One naming (docs/cli.md): `--password-file`/`SEQR_PASSWORD` for vault backups and the notes
/// account, `--passphrase-file`/`SEQR_PASSPHRASE` for the identity. From every source a trailing
/// CR or LF is dropped; NFC is applied where the format says so (PasswordKDF), not here, so that
/// formats shared with other apps keep those apps' bytes.
struct SecretSource: Sendable {
    /// What the secret is called in prompts and errors: "password", "passphrase", "new password".
    let name: String
    /// The file given with `fileOption`, if any.
    let file: String?
    let fileOption: String
    let environmentVariable: String

    static func password(file: String?) -> SecretSource {
        SecretSource(name: "password", file: file, fileOption: "--password-file", environmentVariable: "SEQR_PASSWORD")
    }

    static func passphrase(file: String?) -> SecretSource {
        SecretSource(name: "passphrase", file: file, fileOption: "--passphrase-file", environmentVariable: "SEQR_PASSPHRASE")
    }

    static func exportPassword(file: String?) -> SecretSource {
        SecretSource(name: "export password", file: file, fileOption: "--export-password-file", environmentVariable: "SEQR_EXPORT_PASSWORD")
    }

    static func newPassword(file: String?) -> SecretSource {
        SecretSource(name: "new password", file: file, fileOption: "--new-password-file", environmentVariable: "SEQR_NEW_PASSWORD")
    }

    /// Fewer characters than this in a new secret earn a warning (not a refusal: the owner decides).
    static let shortLength = 8

    /// How often a new secret is asked for on the terminal when the two entries differ.
    static let promptAttempts = 3

    /// The secret, asked twice on a terminal when `confirm` is set (a typo in a new password
    /// would lock a backup or an account forever).
    func read(confirm: Bool) throws -> String {
        guard let secret = try readIfGiven(confirm: confirm) else {
            throw CLIError("no \(name): run on a terminal, or use \(fileOption) or \(environmentVariable)", status: .usage)
        }
        return secret
    }

    /// The secret, or nil when there is no file, no variable and no terminal to ask on.
    /// A secret is read once per process: a pipe (`<(…)`, `/dev/stdin`) holds it only once, and a
    /// person is not asked twice for the same password.
    func readIfGiven(confirm: Bool) throws -> String? {
        let key = "\(name)\u{0}\(file ?? "")\u{0}\(environmentVariable)"
        if let cached = Self.alreadyRead.withLock({ $0[key] }) { return cached }
        let secret = try readFromSource(confirm: confirm)
        if let secret { Self.alreadyRead.withLock { $0[key] = secret } }
        if confirm, let secret, secret.count < Self.shortLength {
            StandardStreams.warn("warning: a \(name) of \(secret.count) character\(secret.count == 1 ? "" : "s") is easy to guess for anyone who gets the ciphertext; \(Self.shortLength) or more (a few random words) are much safer")
        }
        return secret
    }

    private static let alreadyRead = LockedDictionary()

    /// Whether a file or the environment gives the secret (so that reading it asks nobody).
    var isGiven: Bool { file != nil || ProcessInfo.processInfo.environment[environmentVariable] != nil }

    /// Fails early, before any long work, when the file option names a file that cannot be read.
    /// A pipe or FIFO is not opened here: opening it would wait for its writer, and reading it
    /// would use up the secret.
    func checkReadable() throws(CLIError) {
        guard let file else { return }
        guard access(file, R_OK) == 0 else { throw CLIError("\(file): cannot read the \(name) file", status: .noInput) }
    }

    /// `text` without the line ending a file, a variable set with `$(cat …)` or a pasted line may carry.
    static func withoutLineEnding(_ text: String) -> String {
        var text = text
        while let last = text.unicodeScalars.last, last == "\n" || last == "\r" { text.unicodeScalars.removeLast() }
        return text
    }

    private func readFromSource(confirm: Bool) throws -> String? {
        if let file {
            // FileHandle reads to the end whatever the file is; String(contentsOfFile:) refuses pipes and FIFOs.
            guard let handle = FileHandle(forReadingAtPath: file), let data = try? handle.readToEnd(),
                  let text = String(data: data, encoding: .utf8) else {
                throw CLIError("\(file): cannot read the \(name) file", status: .noInput)
            }
            try? handle.close()
            // "\r\n" is one Character in Swift: a split at "\n" alone would keep a Windows line
            // ending, and the next line, in the secret.
            var line = String(text.prefix { $0 != "\n" && $0 != "\r\n" })
            if line.hasSuffix("\r") { line.removeLast() }
            guard !line.isEmpty else { throw CLIError("\(file): the \(name) file is empty") }
            return line
        }
        if let raw = ProcessInfo.processInfo.environment[environmentVariable] {
            let value = Self.withoutLineEnding(raw)
            guard !value.isEmpty else { throw CLIError("\(environmentVariable) is set but empty", status: .usage) }
            return value
        }
        let label = name.prefix(1).uppercased() + name.dropFirst()
        for attempt in 1...Self.promptAttempts {
            guard let typed = Self.prompt("\(label): ") else { return nil }
            let first = Self.withoutLineEnding(typed)
            guard !first.isEmpty else { throw CLIError("the \(name) is empty", status: .usage) }
            guard confirm else { return first }
            if Self.prompt("\(label) again: ").map(Self.withoutLineEnding) == first { return first }
            // A typo in a new secret would lock a backup or an account: ask again rather than give up.
            guard attempt < Self.promptAttempts else { break }
            Self.tell("the two \(name)s differ; type it again")
        }
        throw CLIError("the two \(name)s differ (\(Self.promptAttempts) tries)", status: .usage)
    }

    /// A line on the terminal (not standard error, which a script may be reading).
    static func tell(_ text: String) {
        let tty = open("/dev/tty", O_WRONLY | O_CLOEXEC)
        guard tty >= 0 else { return }
        defer { close(tty) }
        _ = (text + "\n").withCString { write(tty, $0, strlen($0)) }
    }

    /// Reads a line from the controlling terminal with echo off; nil when there is none.
    static func prompt(_ text: String) -> String? {
        let tty = open("/dev/tty", O_RDWR | O_CLOEXEC)
        guard tty >= 0 else { return nil }
        defer { close(tty) }
        var saved = termios()
        guard tcgetattr(tty, &saved) == 0 else { return nil }
        var silent = saved
        silent.c_lflag &= ~tcflag_t(ECHO)
        // Echo off before the prompt shows: what is typed once it is visible is never echoed or flushed away.
        tcsetattr(tty, TCSAFLUSH, &silent)
        _ = text.withCString { write(tty, $0, strlen($0)) }
        defer {
            tcsetattr(tty, TCSAFLUSH, &saved)
            _ = write(tty, "\n", 1)
        }
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while Glibc.read(tty, &byte, 1) == 1, byte != 0x0A {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// `--password-file`, for the commands that take a password (SEQR_PASSWORD works too).
struct PasswordOptions: ParsableArguments {
    @Option(name: .customLong("password-file"), help: "Read the password from the first line of this file (for scripts). SEQR_PASSWORD works too.")
    var passwordFile: String?

    var source: SecretSource { .password(file: passwordFile) }
}

/// The secrets read so far in this process, by source.
private final class LockedDictionary: @unchecked Sendable {
    private var values: [String: String] = [:]
    private let lock = NSLock()

    func withLock<T>(_ body: (inout [String: String]) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&values)
    }
}
