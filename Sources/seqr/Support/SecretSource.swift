import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Where a password comes from: a file, the SEQR_PASSWORD variable, or the terminal
/// (typed without echo). Never a plain command-line argument, which other users of
/// the machine could read in the process list.
struct PasswordOptions: ParsableArguments {
    @Option(name: .customLong("password-file"), help: "Read the password from the first line of this file (for scripts). SEQR_PASSWORD works too.")
    var passwordFile: String?

    /// The password, asked twice on a terminal when `confirm` is set (a typo would lock the backup forever).
    func password(confirm: Bool) throws -> String {
        if let passwordFile {
            guard let text = try? String(contentsOfFile: passwordFile, encoding: .utf8) else {
                throw CLIError("\(passwordFile): cannot read the password file")
            }
            let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
            guard !line.isEmpty else { throw CLIError("\(passwordFile): the password file is empty") }
            return line.hasSuffix("\r") ? String(line.dropLast()) : line
        }
        if let value = ProcessInfo.processInfo.environment["SEQR_PASSWORD"] {
            guard !value.isEmpty else { throw CLIError("SEQR_PASSWORD is set but empty") }
            return value
        }
        guard let first = Self.prompt("Password: ") else {
            throw CLIError("no password: run on a terminal, or use --password-file or SEQR_PASSWORD")
        }
        guard !first.isEmpty else { throw CLIError("the password is empty") }
        if confirm {
            guard let second = Self.prompt("Password again: "), second == first else {
                throw CLIError("the two passwords differ")
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
        while read(tty, &byte, 1) == 1, byte != 0x0A {
            bytes.append(byte)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
