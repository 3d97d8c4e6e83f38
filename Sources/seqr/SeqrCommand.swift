import ArgumentParser

@main
struct SeqrCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "seqr",
        abstract: "Secure QR: make QR codes and small secrets safe to share.",
        discussion: """
        Encode any bytes as a QR code (PNG, SVG, PDF or the terminal) and decode every \
        QR code in photos and scans (PNG, JPEG).
        """,
        version: "0.1.0",
        subcommands: [EncodeCommand.self, DecodeCommand.self, BenchCommand.self]
    )
}
