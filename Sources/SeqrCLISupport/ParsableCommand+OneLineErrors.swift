import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Like ArgumentParser's own `main`, but every failure is one line on standard error
    /// ("seqr: what is wrong"), with no usage dump, and the ``ExitStatus`` of sysexits(3).
    public static func mainWithOneLineErrors() async -> Never {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            Foundation.exit(0)
        } catch {
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
}
