import ArgumentParser
import Dispatch
import Foundation
import SeqrCore

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
        let arguments = withNegativeNumbersAttached(Array(CommandLine.arguments.dropFirst()))
        if let topic = unknownHelpTopic(arguments) {
            FileHandle.standardError.write(Data("\(StandardStreams.programName): no command \"\(topic)\" (see `\(StandardStreams.programName) --help`)\n".utf8))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        let command: any ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(reporting: error)
        }
        // A command group named without one of its commands (a bare `seqr`, `seqr notes`): the
        // help, on standard error, and the status of a usage error — nothing was done.
        let parsed = type(of: command)
        if !parsed.configuration.subcommands.isEmpty && parsed.configuration.defaultSubcommand == nil {
            FileHandle.standardError.write(Data((helpMessage(for: parsed) + "\n").utf8))
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        guard let asyncCommand = command as? any AsyncParsableCommand else {
            var command = command
            runWithOneLineErrors { try command.run() }
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

    /// Runs a synchronous command's work and ends the process: status 0 when it returns, else
    /// the error's one line and status, as for every command `mainWithOneLineErrors` parses.
    public static func runWithOneLineErrors(_ work: () throws -> Void) -> Never {
        do {
            try work()
            Foundation.exit(0)
        } catch {
            exit(reporting: error)
        }
    }

    /// `--margin -1` as `--margin=-1`: the parser would read a negative number as an option and
    /// say the value is missing, where the command's own range check says what is allowed. No
    /// option of Seqr's is named with a digit, so `-` and a digit is always a value.
    static func withNegativeNumbersAttached(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "--" { result += arguments[index...]; break }
            let next = index + 1 < arguments.endIndex ? arguments[index + 1] : nil
            if argument.hasPrefix("--"), !argument.contains("="), let next, next.count > 1, next.hasPrefix("-"),
               next.dropFirst().first.map({ $0.isASCII && ($0.isNumber || $0 == ".") }) == true {
                result.append("\(argument)=\(next)")
                index += 2
                continue
            }
            result.append(argument)
            index += 1
        }
        return result
    }

    /// The first word of `help WORD…` that names no command, if any.
    static func unknownHelpTopic(_ arguments: [String]) -> String? {
        guard arguments.first == "help" else { return nil }
        var current: any ParsableCommand.Type = self
        for word in arguments.dropFirst() where !word.hasPrefix("-") {
            guard let next = current.configuration.subcommands.first(where: { $0._commandName == word || $0.configuration.aliases.contains(word) }) else {
                return word
            }
            current = next
        }
        return nil
    }

    /// Ends the process for `error`: `--help` and `--version` print their text and succeed;
    /// anything else is one line on standard error and its exit status.
    static func exit(reporting error: any Error) -> Never {
        // A command that throws an ExitCode has already said what went wrong: only its status is
        // left, without building ArgumentParser's message, which reflects over every command.
        if let code = error as? ExitCode, code != .success { Foundation.exit(code.rawValue) }
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
            // ArgumentParser quotes the offending argument as typed: escaped, as every untrusted string
            // is before a terminal (an escape sequence in an argument would otherwise be run).
            FileHandle.standardError.write(Data("\(StandardStreams.programName): \(DisplayName.escapingUnprintable(message))\n".utf8))
        }
        Foundation.exit(code.rawValue)
    }
}
