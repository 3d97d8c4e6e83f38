import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete a note.")

        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @OptionGroup var options: NotesOptions

        func run() async throws {
            let (session, client) = try options.signedIn()
            let note = try findNote(id, in: try await withNotesErrors { try await client.notes() })
            try await withNotesErrors { try await client.delete(id: note.id) }
            // A server that ignores the delete, or restores the note later, is caught on the next read.
            var gone = note.seen
            gone.deleted = true
            try options.remember([(note.id, gone)], session: session)
            if options.json { try JSONOutput.print(["deleted": note.id.uuidString.lowercased(), "shortId": String(note.shortID)]) } else {
                print("deleted \(note.shortID)")
            }
        }
    }
}
