import ArgumentParser
import Dispatch
import Foundation

extension ParsableCommand {
    /// Like ArgumentParser's own `main`, but every failure is one line on standard error
    /// ("seqr: what is wrong"), with no usage dump, and the ``ExitStatus`` of sysexits(3).
    ///
    /// Synchronous on purpose: parsing, `--help`, `--version` and every synchronous command
    /// (encode, decode, vault, …) run on the main thread and never start Swift concurrency's
    /// thread pool, whose threads every `seqr` process would otherwise pay for at start-up. An
    /// async command runs as a task while the main thread serves the main queue, as an async
    /// `main` does.
    public static func mainWithOneLineErrors() -> Never {
        let command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(reporting: error)
        }
        guard let asyncCommand = command as? any AsyncParsableCommand else {
            var command = command
            do {
                try command.run()
                Foundation.exit(0)
            } catch {
                exit(reporting: error)
            }
        }
        // The command is used by this one task only; the main thread never touches it again.
        nonisolated(unsafe) var running = asyncCommand
        Task {
            do {
                try await running.run()
                Foundation.exit(0)
            } catch {
                exit(reporting: error)
            }
        }
        dispatchMain()
    }

    /// Ends the process for `error`: `--help` and `--version` print their text and succeed;
    /// anything else is one line on standard error and its exit status.
    static func exit(reporting error: any Error) -> Never {
        let code = ExitCode(ExitStatus.code(for: error, parser: self))
        if code == .success {
            // --help and --version
            Swift.print(fullMessage(for: error))
            Foundation.exit(code.rawValue)
        }
        let message = message(for: error)
            .split(separator: "\n").first.map(String.init)?
            .trimmingCharacters(in: .whitespaces) ?? ""
        if !message.isEmpty {
            FileHandle.standardError.write(Data("\(StandardStreams.programName): \(message)\n".utf8))
        }
        Foundation.exit(code.rawValue)
    }
}
