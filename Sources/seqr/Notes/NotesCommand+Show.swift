import ArgumentParser
import Foundation
import SeqrCLISupport
import SeqrCloudClient
import SeqrCore
import SeqrStore

extension NotesCommand {
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "show", abstract: "Decrypt and print one note.")

        @Argument(help: "The note's id or a unique prefix of it.") var id: String
        @OptionGroup var options: NotesOptions

        func run() async throws {
            let (session, client) = try options.signedIn()
            let note = try findNote(id, in: try await withNotesErrors { try await client.notes() })
            let cipher = NoteCipher(password: try options.passwordOptions.source.read(confirm: false))
            let plain = try options.openAll([note], with: cipher, session: session)[0]
            if options.json {
                try JSONOutput.print(NoteOutput(note, plain, showingInfo: true))
            } else {
                print(DisplayName.escaped(plain.title))
                print(plain.info)
            }
        }
    }
}
