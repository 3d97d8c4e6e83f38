import ArgumentParser
import SeqrCLISupport

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
        mainWithOneLineErrors()
    }
}
