import ArgumentParser

struct VaultCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vault",
        abstract: "Back a document up as encrypted QR codes on paper, and restore it from scans.",
        discussion: """
        Backups use the PaperVault data format (docs/formats/papervault.md): ChaCha20-Poly1305 \
        under a key from PBKDF2-HMAC-SHA256 (600,000 rounds by default), optional brotli \
        compression, random padding. Codes can be scanned in any order, several per picture.
        """,
        subcommands: [Backup.self, Restore.self, RestoreProgram.self]
    )
}
