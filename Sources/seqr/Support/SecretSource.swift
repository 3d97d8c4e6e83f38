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

    static func newPassword(file: String?) -> SecretSource {
        SecretSource(name: "new password", file: file, fileOption: "--new-password-file", environmentVariable: "SEQR_NEW_PASSWORD")
    }

    /// The secret, asked twice on a terminal when `confirm` is set (a typo in a new password
    /// would lock a backup or an account forever).
    func read(confirm: Bool) throws -> String {
        guard let secret = try readIfGiven(confirm: confirm) else {
            throw CLIError("no \(name): run on a terminal, or use \(fileOption) or \(environmentVariable)")
        }
        return secret
    }

    /// The secret, or nil when there is no file, no variable and no terminal to ask on.
    func readIfGiven(confirm: Bool) throws -> String? {
        if let file {
            guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                throw CLIError("\(file): cannot read the \(name) file")
            }
            // "\r\n" is one Character in Swift: a split at "\n" alone would keep a Windows line
            // ending, and the next line, in the secret.
            var line = String(text.prefix { $0 != "\n" && $0 != "\r\n" })
            if line.hasSuffix("\r") { line.removeLast() }
            guard !line.isEmpty else { throw CLIError("\(file): the \(name) file is empty") }
            return line
        }
        if let value = ProcessInfo.processInfo.environment[environmentVariable] {
            guard !value.isEmpty else { throw CLIError("\(environmentVariable) is set but empty") }
            return value
        }
        guard let first = Self.prompt("\(name.prefix(1).uppercased() + name.dropFirst()): ") else { return nil }
        guard !first.isEmpty else { throw CLIError("the \(name) is empty") }
        if confirm {
            guard Self.prompt("\(name.prefix(1).uppercased() + name.dropFirst()) again: ") == first else {
                throw CLIError("the two \(name)s differ")
            }
        }
        return first
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
        _ = text.withCString { write(tty, $0, strlen($0)) }
        tcsetattr(tty, TCSAFLUSH, &silent)
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
