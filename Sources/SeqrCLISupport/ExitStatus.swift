import ArgumentParser
import Foundation

/// Every exit status of `seqr` and `seqr-server`, as in sysexits(3); docs/cli.md lists them.
/// 0 only when the job was done.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// EX_USAGE: the command line is wrong (an unknown option, a missing argument, options that do not go together).
    case usage = 64
    /// EX_DATAERR: an input was read but is wrong (a damaged code, a bad signature, no QR code in a picture).
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
    /// EX_UNAVAILABLE: the server is unreachable, not a seqr-server, or refused for its own reasons.
    case unavailable = 69
    /// EX_SOFTWARE: a failure that is Seqr's fault.
    case software = 70
    /// EX_CANTCREAT: an output file cannot be written.
    case cannotCreate = 73
    /// EX_NOPERM: a password, passphrase or session was refused.
    case noPermission = 77

    /// The status for `error`: the error's own when it reports one (``CLIError``, ``ExitStatusReporting``),
    /// the argument parser's for its errors (64 for usage, 0 for --help and --version), else 65: the
    /// typed errors of Seqr's formats all say that an input is wrong.
    public static func code(for error: Error, parser: any ParsableCommand.Type) -> Int32 {
        switch error {
        case let error as CLIError: return error.status.rawValue
        case let error as ExitStatusReporting: return error.exitStatus.rawValue
        case let code as ExitCode: return code.rawValue
        case is EncodingError: return ExitStatus.software.rawValue
        default: break
        }
        let parsed = parser.exitCode(for: error)
        // The parser answers EXIT_FAILURE for errors it does not know.
        return parsed == .failure ? ExitStatus.dataError.rawValue : parsed.rawValue
    }
}

/// An error that knows its exit status (conformances for other modules' errors live beside the command line that throws them).
public protocol ExitStatusReporting: Error {
    var exitStatus: ExitStatus { get }
}

extension ExitCode {
    public init(_ status: ExitStatus) { self.init(status.rawValue) }
}
