import ArgumentParser
import Foundation
import SeqrCloudClient
import SeqrCore
import SeqrStore

struct NotesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notes",
        abstract: "End-to-end encrypted notes on a seqr-server (the server stores only ciphertext).",
        discussion: """
        The password never leaves this machine: it yields an authentication key (sent to the server, \
        which keeps only an Argon2id hash of it) and an encryption key (kept here). Notes are \
        AES-256-GCM with a fresh nonce (note field version 3), each field bound to the note, its role and its version; \
        this machine remembers the newest version of each note it has opened and refuses an older \
        one (a rollback by the server). RNCryptor v3 notes stored by earlier versions are still read, \
        and re-sealed on edit. Only the session token is kept in the local store; commands that \
        decrypt ask for the password (or read --password-file / SEQR_PASSWORD).

          seqr notes register alice --server http://127.0.0.1:8080
          seqr notes add --title "Wi-Fi" --info "hunter2"
          seqr notes list
        """,
        subcommands: [Register.self, Login.self, Logout.self, Status.self, Add.self, List.self, Show.self,
                      Edit.self, Remove.self, Passwd.self, Unlock.self, Kit.self, Recover.self, Upgrade.self, Export.self, Import.self])
}
