import ArgumentParser
import Foundation

@main
struct SeqrCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seqr",
        abstract: "Secure QR: make QR codes and small secrets safe to share.",
        discussion: """
        Encode any bytes as a QR code (PNG, SVG, PDF or the terminal) and decode every \
        QR code in photos and scans (PNG, JPEG).
        """,
        version: "0.1.0",
        subcommands: [EncodeCommand.self, DecodeCommand.self, VaultCommand.self, JWSCommand.self, SHCCommand.self, IdentityCommand.self, ChannelCommand.self, PostCommand.self, ScanCommand.self, HistoryCommand.self, NotesCommand.self, LocationCommand.self, BenchCommand.self]
    )

    /// Like ArgumentParser's own `main`, but every failure is one line on standard
    /// error ("seqr: what is wrong"), with no usage dump, and a non-zero status.
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version
                print(fullMessage(for: error))
                Foundation.exit(code.rawValue)
            }
            let message = message(for: error)
                .split(separator: "\n").first.map(String.init)?
                .trimmingCharacters(in: .whitespaces) ?? ""
            if !message.isEmpty {
                FileHandle.standardError.write(Data("seqr: \(message)\n".utf8))
            }
            Foundation.exit(code.rawValue)
        }
    }
}
