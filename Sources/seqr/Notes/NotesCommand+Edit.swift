import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit", abstract: "Change a note's title or info; refused if it changed on the server since it was read.")

        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @Option(help: "The new title.") var title: String?
        @Option(help: "The new info.") var info: String?
        @Flag(help: "Overwrite the note even if it changed on the server since this device last showed or wrote it.")
        var force = false
        @OptionGroup var options: NotesOptions

        func run() async throws {
            guard title != nil || info != nil else { throw CLIError("give --title, --info or both", status: .usage) }
            let (signedIn, signedInClient) = try options.signedIn()
            let note = try findNote(id, in: try await withNotesErrors { try await signedInClient.notes() })
            // Another device wrote it after this one last showed or wrote it: an edit made from what
            // this device showed would silently replace that change.
            let origin = ServerTransportPolicy.canonicalOrigin(signedIn.server)
            if !force, let seen = try options.openStore().seenNoteVersions(server: origin, username: signedIn.username)[note.id],
               note.version > seen.version {
                throw CLIError("note \(note.shortID) changed on the server (version \(note.version)) since this device last showed or wrote it (version \(seen.version)); nothing was written — `seqr notes show \(note.shortID)` to see it, or --force to overwrite it")
            }
            let (cipher, session, client) = try await options.verifiedCipher(signedIn, signedInClient)
            let current = try options.openAll([note], with: cipher, session: session)[0]
            let changed = try NotePlaintext(title: title ?? current.title, info: info ?? current.info)
            // An RNCryptor note comes back as seqr-aead-v1.
            let sealed = try cipher.seal(changed, id: note.id, noteVersion: note.version + 1, account: session.kdf)
            let stored = try await withNotesErrors { try await client.update(sealed, version: note.version) }
            try options.rememberWritten([(note.id, note.version + 1)], session: session)
            if options.json {
                try JSONOutput.print(NoteOutput(stored, changed, showingInfo: false))
            } else {
                print("updated \(stored.shortID) to version \(stored.version)")
            }
        }
    }
}
