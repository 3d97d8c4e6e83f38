import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrQR

@main
struct SeqrCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seqr",
        abstract: "Secure QR: make QR codes and small secrets safe to share.",
        discussion: """
        Encode any bytes as a QR code (PNG, SVG, PDF or the terminal) and decode every \
        QR code in photos and scans (PNG, JPEG).
        """,
        version: SeqrVersion.current,
        subcommands: [EncodeCommand.self, DecodeCommand.self, VaultCommand.self, JWSCommand.self, SHCCommand.self, IdentityCommand.self, ChannelCommand.self, PostCommand.self, ScanCommand.self, HistoryCommand.self, NotesCommand.self, LocationCommand.self, ConfigCommand.self]
    )

    static func main() {
        // One budget of processor time for drawing PDFs and SVGs per run, however many files it reads
        // (SEQR_DRAWING_SECONDS sets it, for tests; docs/cli.md).
        let drawingSeconds = getenv("SEQR_DRAWING_SECONDS").flatMap { Int(String(cString: $0)) }
        DrawingTimeBudget.limitRun(toSeconds: drawingSeconds ?? DrawingTimeBudget.defaultRunLimit)
        // `seqr decode FILE…` is what scripts run once per picture: its usual arguments are read
        // without ArgumentParser's reflection, which costs more than decoding a small picture
        // (DecodeOptions+QuickParsing.swift). Everything else is parsed as every command is.
        let arguments = CommandLine.arguments.dropFirst()
        if arguments.first == "decode", let options = DecodeOptions(quickParsing: arguments.dropFirst()) {
            runWithOneLineErrors { try options.run() }
        }
        mainWithOneLineErrors()
    }
}
